/**
 * The funnel details tabs Faq, Manual and Affiliate Banner Images (000 §2 "FAQ editor",
 * "Manual editor", "Banner images per affiliate id"; §3 `details.faq`, `details.manual`,
 * `details.bannerImageAffid`; §5 "Affiliate id is required, max 4"; §9 banner sizes). Bound to
 * the `funnel:<id>` document like the General tab: every change is one command of the log
 * (undo/redo, journal, Save in the editor bar, audit diff); lists keep their items' `uid`s so
 * a rebase follows items, not positions.
 */
import { useState, type ReactNode } from 'react';
import { useDoc, useEditor, type DocId } from '../../../editor';
import { MSG, BANNER_SIZES, BannerImageSchema, bannerSizeError, newUid, type BannerKind, type Funnel } from '../../../model';
import {
  Box,
  Button,
  EmptyState,
  GalleryOptions,
  ImageUrlField,
  Inline,
  LazyRichTextField,
  SortableList,
  type SortableListProps,
  TextField,
  styles as s,
  type RichTextFieldProps,
} from '../../../ui';
import { useImageMutations, useImages } from '../tabs-api';

type Details = Funnel['details'];
type Faq = Details['faq'][number];
type Banner = Details['bannerImageAffid'][number];

/** Props of the three editors: the funnel whose document they edit. */
export interface FunnelContentEditorProps {
  funnelId: number;
  /** A locked funnel shows the editor read-only (000 §4). */
  locked?: boolean;
}

/**
 * Props of {@link ListEditorFrame}, the frame of one details list editor: a fieldset named `label` (disabled while locked), an
 * optional gallery datalist, the intro with the add button, then the `list` or, when
 * `emptyMessage` is set (the list is empty), that message with the same add button.
 */
interface ListEditorFrameProps {
  label: string;
  locked: boolean;
  gallery?: ReactNode;
  intro: ReactNode;
  addLabel: string;
  onAdd: () => void;
  emptyMessage?: string;
  list: ReactNode;
}

/** See {@link ListEditorFrameProps}. */
function ListEditorFrame({ label, locked, gallery, intro, addLabel, onAdd, emptyMessage, list }: ListEditorFrameProps) {
  return (
    <Box as="fieldset" disabled={locked} border="none" padding="none" margin="none" aria-label={label}>
      {gallery}
      <Inline marginBottom="md">
        <Box as="p" margin="none" className={s.helpText}>
          {intro}
        </Box>
        <span className={s.spacer} />
        <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={onAdd}>
          {addLabel}
        </Button>
      </Inline>
      {emptyMessage ? (
        <EmptyState
          message={emptyMessage}
          action={
            <Button isDisabled={locked} disabledReason={MSG.locked} onPress={onAdd}>
              {addLabel}
            </Button>
          }
        />
      ) : (
        list
      )}
    </Box>
  );
}

/** One card of a sortable list: the drag handle, then the entry's fields (`children`). */
function SortableCard({ handle, children }: { handle: ReactNode; children: ReactNode }) {
  return (
    <Inline wrap={false} align="flex-start" className={s.card}>
      <Box paddingTop={22}>{handle}</Box>
      {children}
    </Inline>
  );
}

/**
 * A details list editor whose entries are sortable cards (the FAQ, the Manual): the
 * {@link ListEditorFrame} with `emptyMessage` while `items` is empty, else a {@link SortableList}
 * named `listLabel` (drag or keyboard, off while locked) of one {@link SortableCard} per entry
 * holding `card(entry, index)`.
 */
function SortableListEditor<T extends { id: string }>({
  items,
  listLabel,
  nameOf,
  onMove,
  emptyMessage,
  card,
  ...frame
}: Omit<ListEditorFrameProps, 'emptyMessage' | 'list'> &
  Pick<SortableListProps<T>, 'items' | 'nameOf' | 'onMove'> & {
    listLabel: string;
    emptyMessage: string;
    card: (entry: T, index: number) => ReactNode;
  }) {
  return (
    <ListEditorFrame
      {...frame}
      emptyMessage={items.length === 0 ? emptyMessage : undefined}
      list={
        <SortableList label={listLabel} items={items} disabled={frame.locked} nameOf={nameOf} onMove={onMove}>
          {(x, i, handle) => <SortableCard handle={handle}>{card(x, i)}</SortableCard>}
        </SortableList>
      }
    />
  );
}

/**
 * The Remove button of one entry: `label` is its accessible name (which entry), `onRemove`
 * records the removal; disabled with the lock's reason while the funnel is locked.
 */
function RemoveButton({ label, small, locked, onRemove }: { label: string; small?: boolean; locked: boolean; onRemove: () => void }) {
  return (
    <Button size={small ? 'sm' : undefined} variant="ghost" isDisabled={locked} disabledReason={MSG.locked} aria-label={label} onPress={onRemove}>
      Remove
    </Button>
  );
}

/** The guarded editor of the funnel's details (records nothing while locked). */
function useDetailsEditor(funnelId: number, locked: boolean) {
  const doc: DocId = `funnel:${funnelId}`;
  const editor = useEditor();
  const funnel = useDoc(doc);
  return {
    funnel,
    set: (label: string, recipe: (d: Details) => void, mergeKey?: string) =>
      !locked && editor.edit(doc, label, (x: Funnel) => recipe(x.details), mergeKey ? { mergeKey } : undefined),
    move: (label: string, pointer: string, from: number, to: number) => !locked && editor.move(doc, label, pointer, from, to),
    undo: editor.undo,
    redo: editor.redo,
  };
}

/** The next free numeric id of a list as a string ('1', '2', …; the seeds' ids are strings). */
export function nextListId(ids: readonly string[], prefix = ''): string {
  const used = new Set(ids);
  for (let n = ids.length + 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** A rich-text field whose Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y go to the command log. */
function LogRichText(props: Omit<RichTextFieldProps, 'onUndo' | 'onRedo'> & { ed: { undo: () => void; redo: () => void } }) {
  const { ed, ...rest } = props;
  return <LazyRichTextField {...rest} onUndo={ed.undo} onRedo={ed.redo} />;
}

/**
 * The FAQ editor: questions with one or more answer paragraphs (rich text: bold, italic,
 * underline, links). Add, remove and reorder questions (drag or keyboard) and paragraphs.
 */
export function FaqEditor({ funnelId, locked = false }: FunnelContentEditorProps) {
  const ed = useDetailsEditor(funnelId, locked);
  const faq = ed.funnel?.details.faq ?? [];
  const items = faq.map((q, i) => ({ ...q, id: q.uid ?? `faq-${i}` }));
  const at = (d: Details, uid: string | undefined) => d.faq.find((x) => x.uid === uid);
  const add = () =>
    ed.set('Add FAQ question', (d) => {
      d.faq.push({
        uid: newUid(),
        faq_id: nextListId(
          d.faq.map((x) => x.faq_id),
          'f',
        ),
        faq_question: '',
        faq_content: [{ uid: newUid(), faq_ct_text: '' }],
      });
    });
  return (
    <SortableListEditor
      label="FAQ"
      locked={locked}
      intro="Questions and answers buyers read on the funnel's pages. Drag ⠿ or use Space and the arrow keys to reorder."
      addLabel="+ Add question"
      onAdd={add}
      emptyMessage="No questions added"
      listLabel="FAQ questions"
      items={items}
      nameOf={(q, i) => `question ${i + 1}${q.faq_question ? ` “${q.faq_question}”` : ''}`}
      onMove={(from, to) => ed.move('Move FAQ question', '/details/faq', from, to)}
      card={(q, i) => (
        <Box flex={1} minWidth={0}>
          <Inline wrap={false} align="flex-end">
            <Box flex={1} minWidth={0}>
              <TextField
                label={`Question ${i + 1}`}
                value={q.faq_question}
                onChange={(e) =>
                  ed.set(
                    `Edit FAQ question ${i + 1}`,
                    (d) => {
                      const x = at(d, q.uid);
                      if (x) x.faq_question = e.target.value;
                    },
                    `faq/${q.id}/q`,
                  )
                }
              />
            </Box>
            <RemoveButton
              label={`Remove question ${i + 1}`}
              locked={locked}
              onRemove={() =>
                ed.set(`Remove FAQ question ${i + 1}`, (d) => {
                  d.faq = d.faq.filter((x) => x.uid !== q.uid);
                })
              }
            />
          </Inline>
          <Answers q={q} n={i + 1} ed={ed} locked={locked} />
        </Box>
      )}
    />
  );
}

/** The answer paragraphs of one question. */
function Answers({ q, n, ed, locked }: { q: Faq & { id: string }; n: number; ed: ReturnType<typeof useDetailsEditor>; locked: boolean }) {
  const find = (d: Details) => d.faq.find((x) => x.uid === q.uid);
  return (
    <Box marginTop="sm">
      {q.faq_content.map((p, j) => (
        <Inline key={p.uid ?? j} wrap={false} align="flex-start">
          <Box flex={1} minWidth={0}>
            <LogRichText
              ed={ed}
              label={q.faq_content.length > 1 ? `Answer ${n}, paragraph ${j + 1}` : `Answer ${n}`}
              value={p.faq_ct_text}
              disabled={locked}
              onChange={(html) =>
                ed.set(
                  `Edit FAQ answer ${n}`,
                  (d) => {
                    const c = find(d)?.faq_content.find((x) => x.uid === p.uid);
                    if (c) c.faq_ct_text = html;
                  },
                  `faq/${q.id}/a/${p.uid}`,
                )
              }
            />
          </Box>
          {q.faq_content.length > 1 && (
            <Box paddingTop={22}>
              <RemoveButton
                label={`Remove paragraph ${j + 1} of answer ${n}`}
                small
                locked={locked}
                onRemove={() =>
                  ed.set(`Remove a paragraph of FAQ answer ${n}`, (d) => {
                    const x = find(d);
                    if (x) x.faq_content = x.faq_content.filter((c) => c.uid !== p.uid);
                  })
                }
              />
            </Box>
          )}
        </Inline>
      ))}
      <Button
        size="sm"
        isDisabled={locked}
        disabledReason={MSG.locked}
        aria-label={`Add a paragraph to answer ${n}`}
        onPress={() =>
          ed.set(`Add a paragraph to FAQ answer ${n}`, (d) => {
            find(d)?.faq_content.push({ uid: newUid(), faq_ct_text: '' });
          })
        }
      >
        + Paragraph
      </Button>
    </Box>
  );
}

/** The Manual editor: the product manual's pages as images in order, picked from the funnel's gallery. */
export function ManualEditor({ funnelId, locked = false }: FunnelContentEditorProps) {
  const ed = useDetailsEditor(funnelId, locked);
  const gallery = useImages(funnelId);
  const manual = ed.funnel?.details.manual ?? [];
  const items = manual.map((m, i) => ({ ...m, id: m.uid ?? `manual-${i}` }));
  const add = () =>
    ed.set('Add manual page', (d) => {
      d.manual.push({ uid: newUid(), manual_id: nextListId(d.manual.map((x) => x.manual_id)), manual_img: '' });
    });
  const listId = `manual-gallery-${funnelId}`;
  return (
    <SortableListEditor
      label="Manual"
      locked={locked}
      gallery={<GalleryOptions id={listId} images={gallery.data} />}
      intro="The product manual, one image per page, in reading order. Upload images in the Gallery tab."
      addLabel="+ Add manual page"
      onAdd={add}
      emptyMessage="No manual pages added"
      listLabel="Manual pages"
      items={items}
      nameOf={(_m, i) => `manual page ${i + 1}`}
      onMove={(from, to) => ed.move('Move manual page', '/details/manual', from, to)}
      card={(m, i) => (
        <>
          <Box flex={1} minWidth={0}>
            <ImageUrlField
              label={`Manual page ${i + 1} image`}
              value={m.manual_img}
              disabled={locked}
              listId={listId}
              onCommit={(url) =>
                ed.set(
                  `Set manual page ${i + 1} image`,
                  (d) => {
                    const x = d.manual.find((y) => y.uid === m.uid);
                    if (x) x.manual_img = url;
                  },
                  `manual/${m.id}`,
                )
              }
            />
          </Box>
          <Box paddingTop={22}>
            <RemoveButton
              label={`Remove manual page ${i + 1}`}
              locked={locked}
              onRemove={() =>
                ed.set(`Remove manual page ${i + 1}`, (d) => {
                  d.manual = d.manual.filter((x) => x.uid !== m.uid);
                })
              }
            />
          </Box>
        </>
      )}
    />
  );
}

/**
 * The pixel size of an image file, read by the browser.
 * @throws Error('This file is not an image the browser can read') for anything else.
 */
export async function imageFileSize(file: Blob): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    throw new Error('This file is not an image the browser can read');
  }
}

/**
 * The Affiliate Banner Images editor: per affiliate id (required, at most 4 characters) a
 * desktop banner of 2978 × 194 px and a mobile banner of 422 × 97 px. An upload is checked
 * for its size in the browser before it is sent (the server checks again) and lands in the
 * funnel's gallery; an address can also be typed or picked from the gallery.
 */
export function BannerImagesEditor({ funnelId, locked = false }: FunnelContentEditorProps) {
  const ed = useDetailsEditor(funnelId, locked);
  const banners = ed.funnel?.details.bannerImageAffid ?? [];
  const add = () =>
    ed.set('Add affiliate banner', (d) => {
      d.bannerImageAffid.push({ uid: newUid(), affid_img: '', desktop_src: '', mobile_src: '' });
    });
  const listId = `banner-gallery-${funnelId}`;
  const gallery = useImages(funnelId);
  return (
    <ListEditorFrame
      label="Affiliate Banner Images"
      locked={locked}
      gallery={<GalleryOptions id={listId} images={gallery.data} />}
      intro={
        <>
          Banners shown to an affiliate's traffic: desktop {BANNER_SIZES.desktop.width} × {BANNER_SIZES.desktop.height} px, mobile {BANNER_SIZES.mobile.width} ×{' '}
          {BANNER_SIZES.mobile.height} px.
        </>
      }
      addLabel="+ Add banner"
      onAdd={add}
      emptyMessage={banners.length === 0 ? 'No banner images added' : undefined}
      list={
        <Box as="ul" listStyle="none" padding="none" margin="none" display="grid" gap="md">
          {banners.map((b, i) => (
            <BannerRow key={b.uid ?? i} b={b} n={i + 1} ed={ed} funnelId={funnelId} locked={locked} listId={listId} />
          ))}
        </Box>
      }
    />
  );
}

/** One affiliate's banners. */
function BannerRow({
  b,
  n,
  ed,
  funnelId,
  locked,
  listId,
}: {
  b: Banner;
  n: number;
  ed: ReturnType<typeof useDetailsEditor>;
  funnelId: number;
  locked: boolean;
  listId: string;
}) {
  const r = BannerImageSchema.safeParse(b);
  const affidError = r.success ? undefined : r.error.issues.find((x) => x.path[0] === 'affid_img')?.message;
  const name = b.affid_img ? `affiliate ${b.affid_img}` : `banner ${n}`;
  const edit = (label: string, recipe: (x: Banner) => void, key?: string) =>
    ed.set(
      label,
      (d) => {
        const x = d.bannerImageAffid.find((y) => y.uid === b.uid);
        if (x) recipe(x);
      },
      key,
    );
  return (
    <Box as="li" className={s.card}>
      <Inline wrap={false} align="flex-end">
        <Box style={{ width: 180 }}>
          <TextField
            label={`Affiliate ID of banner ${n}`}
            value={b.affid_img}
            maxLength={4}
            error={affidError}
            onChange={(e) =>
              edit(
                `Set affiliate id of banner ${n}`,
                (x) => {
                  x.affid_img = e.target.value;
                },
                `banner/${b.uid}/affid`,
              )
            }
          />
        </Box>
        <span className={s.spacer} />
        <RemoveButton
          label={`Remove the banners of ${name}`}
          locked={locked}
          onRemove={() =>
            ed.set(`Remove the banners of ${name}`, (d) => {
              d.bannerImageAffid = d.bannerImageAffid.filter((x) => x.uid !== b.uid);
            })
          }
        />
      </Inline>
      {(['desktop', 'mobile'] as const).map((kind) => (
        <BannerImage
          key={kind}
          kind={kind}
          value={kind === 'desktop' ? b.desktop_src : b.mobile_src}
          n={n}
          funnelId={funnelId}
          locked={locked}
          listId={listId}
          onCommit={(url) =>
            edit(
              `Set ${kind} banner of ${name}`,
              (x) => {
                if (kind === 'desktop') x.desktop_src = url;
                else x.mobile_src = url;
              },
              `banner/${b.uid}/${kind}`,
            )
          }
        />
      ))}
    </Box>
  );
}

/** A banner image: its address (typed or from the gallery) and an upload checked for the banner's size. */
function BannerImage({
  kind,
  value,
  n,
  funnelId,
  locked,
  listId,
  onCommit,
}: {
  kind: BannerKind;
  value: string;
  n: number;
  funnelId: number;
  locked: boolean;
  listId: string;
  onCommit: (url: string) => void;
}) {
  const { upload } = useImageMutations(funnelId);
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const label = `${kind === 'desktop' ? 'Desktop' : 'Mobile'} banner ${n}`;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    try {
      const why = bannerSizeError(kind, await imageFileSize(file));
      if (why) {
        setProblem(why);
        return;
      }
      setProgress(0);
      const r = await upload.mutateAsync({ files: [file], onProgress: setProgress, banner: kind });
      const url = r.images[0]?.url;
      if (url) onCommit(url);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };
  const { width, height } = BANNER_SIZES[kind];
  return (
    <Box marginTop="sm">
      <ImageUrlField label={`${label} (${width} × ${height} px)`} value={value} disabled={locked} listId={listId} onCommit={onCommit} />
      <Inline gap="sm">
        <Box as="label" className={s.button({ size: 'sm' })} aria-disabled={locked || progress !== null ? true : undefined}>
          Upload {kind} image…
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className={s.visuallyHidden}
            disabled={locked || progress !== null}
            aria-label={`Upload ${label.toLowerCase()}`}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>
        {progress !== null && <progress max={1} value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />}
        {problem && (
          <span role="alert" className={s.errorText}>
            {problem}
          </span>
        )}
      </Inline>
    </Box>
  );
}
