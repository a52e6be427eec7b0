/**
 * The list editor behind the Reviews and Extra reviews side panels (000 §2 "Reviews and extra
 * reviews"; §3 "Review" and keys reviews, extraReviews; §9 the full country list).
 */
import { memo, useId, useMemo } from 'react';
import { MSG, countryName, imageUrlError, newReview, reviewErrors, reviewTitleOf, type Review, type ReviewKey } from '../../../../model';
import { Box, GalleryOptions, ImageUrlField, Inline, styles as s, TextField, Skeleton } from '../../../../ui';
import type { DocId } from '../../../../editor';
import {
  CountrySelect,
  EditorRichTextField as RichTextField,
  itemEditor,
  SortableCards,
  useContentList,
  useListItem,
  useStableCallback,
  type ContentEditor,
  type ContentPanelProps,
} from './content';
import { AddNameField, AddRow, CardError, DraftTextField, EditToggle, EntriesSection, PanelFrame, RemoveButton, useAddName, useOpenSet } from './shared';
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
export function ReviewList({ listKey, title, noun, emptyMessage, ...props }: ReviewListProps) {
  const { locked = false } = props;
  // Ids and reviewer names only: typing in a review re-renders that review's card alone.
  const { doc, loaded, entries, ed, images, listId, suggest } = useContentList<Review>(props, listKey, (r) => r.user || 'unnamed reviewer');
  const draft = useAddName();
  const [open, toggle] = useOpenSet();
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  const cap = noun.charAt(0).toUpperCase() + noun.slice(1);

  const add = () => {
    if (!draft.name.trim()) {
      draft.setError(MSG.reviewUser);
      return;
    }
    const r = newReview(draft.name, entries);
    if (
      !ed.set(`Add ${noun}`, (m) => {
        (m[listKey] ??= []).push(r);
      })
    )
      return;
    draft.setName('');
    toggle(r.id, true); // a new review opens for its text
  };

  return (
    <PanelFrame id={`${listKey}-panel`} title={title} locked={locked}>
      <GalleryOptions id={listId} images={images} />
      <AddRow label={`Add ${noun === 'review' ? 'a' : 'an'} ${noun}`} onAdd={add} locked={locked} button={<>+ Add {noun}</>}>
        <AddNameField label="Reviewer name" placeholder="e.g. Jessica M., Austin TX" locked={locked} draft={draft} />
      </AddRow>
      <EntriesSection count={entries.length} emptyMessage={emptyMessage}>
        <SortableCards
          label={title}
          entries={entries}
          locked={locked}
          nameOf={(x) => `${noun} by ${x.name}`}
          onMove={(from, to) => ed.move(`Move ${noun}`, listKey, from, to)}
        >
          {(x) => (
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
          )}
        </SortableCards>
      </EntriesSection>
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
  const it = itemEditor(ed, listKey, r.id);
  // Stable handlers keep the country list and the rich-text editor from rendering on other fields' keystrokes.
  const onCountry = useStableCallback((code: string) =>
    it.set(`Set ${noun} country`, (x) => {
      x.country = code;
    }),
  );
  const onText = useStableCallback((html: string) => it.put(`Set ${noun} text`, 'review', html));

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
        <EditToggle open={open} bodyId={`${id}-body`} what={`${noun} by ${who}`} locked={locked} onToggle={(o) => onOpen(r.id, o)} />
        <RemoveButton label={`Remove ${noun} by ${who}`} locked={locked} onPress={() => it.remove(`Remove ${noun}`)} />
      </Inline>
      {!shown && firstError && <CardError>{firstError}</CardError>}
      {shown && (
        <div id={`${id}-body`} className={p.subsection}>
          <div className={s.grid2}>
            <DraftTextField
              label="Reviewer"
              value={r.user ?? ''}
              disabled={locked}
              error={errs.user}
              validate={(t) => (t.trim() ? undefined : MSG.reviewUser)}
              onCommit={(t) => it.put(`Set ${noun} user`, 'user', t)}
            />
            <TextField
              label="Review title"
              value={title}
              disabled={locked}
              placeholder="e.g. Worth every penny"
              onChange={(e) =>
                it.set(
                  `Set ${noun} title`,
                  (x) => {
                    x.reviewTitle = e.target.value;
                    delete x.review_header;
                  },
                  'reviewTitle',
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
            onCommit={(u) => it.put(`Set ${noun} avatar`, 'avatar', u)}
          />
          <RichTextField label="Review" value={r.review ?? ''} disabled={locked} error={errs.review} onChange={onText} />
        </div>
      )}
    </Box>
  );
}
