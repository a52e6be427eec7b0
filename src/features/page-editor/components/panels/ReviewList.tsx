/**
 * The list editor behind the Reviews and Extra reviews side panels (000 §2 "Reviews and extra
 * reviews"; §3 "Review" and keys reviews, extraReviews; §9 the full country list).
 */
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { MSG, countryName, imageUrlError, newReview, reviewErrors, reviewTitleOf, type Review, type ReviewKey } from '../../../../model';
import {
  Box,
  Button,
  EmptyState,
  GalleryOptions,
  ImageUrlField,
  Inline,
  preloadRichTextField,
  SortableList,
  styles as s,
  TextField,
  Skeleton,
} from '../../../../ui';
import type { DocId } from '../../../../editor';
import {
  removeById,
  CountrySelect,
  EditorRichTextField as RichTextField,
  itemById,
  useContentEditor,
  useListId,
  useListItem,
  useListShape,
  usePageLoaded,
  useStableCallback,
  type ContentEditor,
  type ContentPanelProps,
} from './content';
import { useGalleryImages } from '../../api';
import { DraftTextField, PanelFrame } from './shared';
import * as p from './panels.css';
import * as c from './content.css';

/** Props of {@link ReviewList}: the panel's props plus which list it edits and how it names it. */
export interface ReviewListProps extends ContentPanelProps {
  /** The meta key: `reviews` or `extraReviews`. */
  listKey: ReviewKey;
  /** Panel heading, e.g. 'Reviews'. */
  title: string;
  /** What one entry is called in labels and commands: 'review' or 'extra review'. */
  noun: string;
  /** The empty list's message. */
  emptyMessage: string;
}

/**
 * Adds, edits, removes and reorders the reviews of one meta list ({@link Review}: avatar,
 * user, reviewTitle — read from review_header when absent —, rich-text review, optional
 * country). Typing coalesces per field; a drag is one `move` op.
 */
export function ReviewList({ pageId, funnelId, locked = false, listKey, title, noun, emptyMessage }: ReviewListProps) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const loaded = usePageLoaded(pageId);
  // Ids and reviewer names only: typing in a review re-renders that review's card alone.
  const entries = useListShape<Review>(doc, listKey, (r) => r.user || 'unnamed reviewer');
  const ed = useContentEditor(doc, locked);
  const gallery = useGalleryImages(funnelId, { quiet: true });
  const listId = useListId(`${listKey}-gallery`);
  // Its items' texts are rich text: fetch the editor while the panel opens, not on the first add.
  useEffect(() => {
    preloadRichTextField().catch(() => {});
  }, []);
  const [user, setUser] = useState('');
  const [addError, setAddError] = useState<string>();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string, o: boolean) =>
      setOpen((cur) => {
        const next = new Set(cur);
        if (o) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  const cap = noun.charAt(0).toUpperCase() + noun.slice(1);
  const suggest = gallery.data?.length ? listId : undefined;

  const add = () => {
    if (!user.trim()) {
      setAddError(MSG.reviewUser);
      return;
    }
    const r = newReview(user, entries);
    if (
      !ed.set(`Add ${noun}`, (m) => {
        (m[listKey] ??= []).push(r);
      })
    )
      return;
    setUser('');
    toggle(r.id, true); // a new review opens for its text
  };

  return (
    <PanelFrame id={`${listKey}-panel`} title={title} locked={locked}>
      <GalleryOptions id={listId} images={gallery.data} />
      <Inline
        as="form"
        align="flex-end"
        wrap={false}
        aria-label={`Add ${noun === 'review' ? 'a' : 'an'} ${noun}`}
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Box flex={1}>
          <TextField
            label="Reviewer name"
            value={user}
            error={addError}
            disabled={locked}
            placeholder="e.g. Jessica M., Austin TX"
            onChange={(e) => {
              setUser(e.target.value);
              setAddError(undefined);
            }}
          />
        </Box>
        <Box marginBottom="md">
          <Button type="submit" variant="primary" isDisabled={locked} disabledReason={MSG.locked}>
            + Add {noun}
          </Button>
        </Box>
      </Inline>
      <div className={p.subsection}>
        {entries.length === 0 ? (
          <EmptyState message={emptyMessage} />
        ) : (
          <SortableList
            label={title}
            items={entries}
            disabled={locked}
            nameOf={(x) => `${noun} by ${x.name}`}
            onMove={(from, to) => ed.move(`Move ${noun}`, listKey, from, to)}
          >
            {(x, _i, handle) => (
              <Inline wrap={false} align="flex-start">
                <Box paddingTop={14}>{handle}</Box>
                <ReviewCard
                  doc={doc}
                  id={x.id}
                  listKey={listKey}
                  noun={noun}
                  cap={cap}
                  ed={ed}
                  locked={locked}
                  open={open.has(x.id)}
                  onOpen={toggle}
                  listId={suggest}
                />
              </Inline>
            )}
          </SortableList>
        )}
      </div>
    </PanelFrame>
  );
}

interface ReviewCardProps {
  doc: DocId<'page'>;
  id: string;
  listKey: ReviewKey;
  noun: string;
  cap: string;
  ed: ContentEditor;
  locked: boolean;
  open: boolean;
  onOpen: (id: string, open: boolean) => void;
  listId?: string;
}

/** One review, read from the store by id: renders again only when that review (or its props) changes. */
const ReviewCard = memo(function ReviewCard({ doc, id: reviewId, ...rest }: ReviewCardProps) {
  const review = useListItem<Review>(doc, rest.listKey, reviewId);
  return review ? <ReviewCardBody review={review} {...rest} /> : null;
});

/** A review: a summary line, and its fields when open (always, read-only, when locked). */
function ReviewCardBody({ review: r, listKey, noun, cap, ed, locked, open, onOpen, listId }: Omit<ReviewCardProps, 'doc' | 'id'> & { review: Review }) {
  const id = useId();
  const errs = useMemo(() => reviewErrors(r), [r]);
  const title = reviewTitleOf(r);
  const who = r.user || 'Unnamed reviewer';
  const shown = open || locked;
  const firstError = errs.user ?? errs.review ?? errs.avatar ?? errs.country;
  const key = (field: string) => `${listKey}/${r.id}/${field}`;
  const set = (label: string, fn: (x: Review) => void, merge?: string) =>
    ed.set(
      label,
      (m) => {
        const x = itemById(m, listKey, r.id);
        if (x) fn(x);
      },
      merge,
    );
  // Stable handlers keep the country list and the rich-text editor from rendering on other fields' keystrokes.
  const onCountry = useStableCallback((code: string) =>
    set(`Set ${noun} country`, (x) => {
      x.country = code;
    }),
  );
  const onText = useStableCallback((html: string) =>
    set(
      `Set ${noun} text`,
      (x) => {
        x.review = html;
      },
      key('review'),
    ),
  );

  return (
    <Box role="group" aria-labelledby={`${id}-title`} className={s.card} padding="md" flex={1} minWidth={0}>
      <Inline wrap={false}>
        {r.avatar && !imageUrlError(r.avatar) && <img src={r.avatar} alt="" className={c.avatar} />}
        <Box minWidth={0}>
          <strong id={`${id}-title`}>
            {cap} by {who}
          </strong>
          <div className={s.helpText}>
            {title || 'No title'}
            {r.country ? ` · ${countryName(r.country)}` : ''}
          </div>
        </Box>
        <span className={s.spacer} />
        {!locked && (
          <Button
            size="sm"
            aria-expanded={open}
            aria-controls={open ? `${id}-body` : undefined}
            onPress={() => onOpen(r.id, !open)}
            aria-label={open ? `Done editing ${noun} by ${who}` : `Edit ${noun} by ${who}`}
          >
            {open ? 'Done' : 'Edit'}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          isDisabled={locked}
          disabledReason={MSG.locked}
          aria-label={`Remove ${noun} by ${who}`}
          onPress={() => ed.set(`Remove ${noun}`, (m) => removeById(m, listKey, r.id))}
        >
          Remove
        </Button>
      </Inline>
      {!shown && firstError && (
        <Box as="p" role="alert" className={s.errorText} margin="none" marginTop="sm">
          {firstError}
        </Box>
      )}
      {shown && (
        <div id={`${id}-body`} className={p.subsection}>
          <div className={s.grid2}>
            <DraftTextField
              label="Reviewer"
              value={r.user ?? ''}
              disabled={locked}
              error={errs.user}
              validate={(t) => (t.trim() ? undefined : MSG.reviewUser)}
              onCommit={(t) =>
                set(
                  `Set ${noun} user`,
                  (x) => {
                    x.user = t;
                  },
                  key('user'),
                )
              }
            />
            <TextField
              label="Review title"
              value={title}
              disabled={locked}
              placeholder="e.g. Worth every penny"
              onChange={(e) =>
                set(
                  `Set ${noun} title`,
                  (x) => {
                    x.reviewTitle = e.target.value;
                    delete x.review_header;
                  },
                  key('reviewTitle'),
                )
              }
            />
            <CountrySelect label="Country" value={r.country ?? ''} disabled={locked} error={errs.country} placeholder="No country" onChange={onCountry} />
          </div>
          <ImageUrlField
            label="Avatar"
            value={r.avatar ?? ''}
            disabled={locked}
            error={errs.avatar}
            listId={listId}
            onCommit={(u) =>
              set(
                `Set ${noun} avatar`,
                (x) => {
                  x.avatar = u;
                },
                key('avatar'),
              )
            }
          />
          <RichTextField label="Review" value={r.review ?? ''} disabled={locked} error={errs.review} onChange={onText} />
        </div>
      )}
    </Box>
  );
}
