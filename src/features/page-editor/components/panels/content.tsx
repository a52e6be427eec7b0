/**
 * Building blocks of the content side panels (000 §2 "Reviews and extra reviews", "Lists",
 * "International shipping", "Image slider"): the page document with its content meta typed,
 * the guarded editor, the funnel's gallery, an image-address field and the country picker.
 */
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useDoc, useEditor, useEditorStore, type DocId } from '../../../../editor';
import { COUNTRIES, type Page, type PageContent } from '../../../../model';
import { Box, Inline, LazyRichTextField, preloadRichTextField, SelectField, SortableList, type RichTextFieldProps } from '../../../../ui';
import { useGalleryImages } from '../../api';

/** Props every content panel takes. */
export interface ContentPanelProps {
  /** The page whose `page:<id>` document the panel edits (it must be loaded in the editor store). */
  pageId: number;
  /** The page's funnel: its gallery (`GET /api/v1/images/{funnelId}`) offers the images. */
  funnelId?: number;
  /** A locked funnel shows the panel read-only: controls disabled, nothing recorded (000 §4). */
  locked?: boolean;
}

/** The meta arrays the content panels edit (000 §3 "Content"). */
export type ContentListKey = 'reviews' | 'extraReviews' | 'list' | 'intShipping' | 'imgSlider';

/** The page document of a content panel and its content meta typed. */
export function useContentPage(pageId: number) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const page = useDoc(doc);
  const meta = (page?.meta ?? {}) as PageContent;
  return { doc, page, meta };
}

/** Whether the page document is loaded in the editor store. */
export function usePageLoaded(pageId: number): boolean {
  return useEditorStore((st) => st.docs[`page:${pageId}`] !== undefined);
}

const listOf = (value: unknown, key: ContentListKey): { id: string }[] => {
  const list = (value as Page | undefined)?.meta?.[key];
  return Array.isArray(list) ? (list as { id: string }[]) : [];
};

/** One entry of a list as the sortable list shows it: its id and the name its labels use. */
export interface ListEntry {
  id: string;
  name: string;
}

/**
 * The ids and names of the items of a content list, in order. The caller re-renders only when
 * these change (an add, a remove, a move, a rename), not when an item's other fields do, so
 * typing in one item of a long list renders that item alone (see {@link useListItem}).
 */
export function useListShape<T>(doc: DocId<'page'>, key: ContentListKey, nameOf: (item: T) => string): ListEntry[] {
  const sig = useEditorStore((st) =>
    listOf(st.docs[doc]?.value, key)
      .map((x) => `${x.id}\u0000${nameOf(x as T)}`)
      .join('\u0001'),
  );
  return useMemo(
    () =>
      sig
        ? sig.split('\u0001').map((row) => {
            const [id = '', name = ''] = row.split('\u0000');
            return { id, name };
          })
        : [],
    [sig],
  );
}

/** The item `id` of a content list (the same object until that item changes). */
export function useListItem<T>(doc: DocId<'page'>, key: ContentListKey, id: string): T | undefined {
  return useEditorStore((st) => listOf(st.docs[doc]?.value, key).find((x) => x.id === id) as T | undefined);
}

/**
 * The editor actions a content panel uses, bound to its document. While `locked` they record
 * nothing (the disabled fieldset already stops the operator; this also stops programmatic calls).
 */
export function useContentEditor(doc: DocId<'page'>, locked: boolean) {
  const editor = useEditor();
  return useMemo(
    () => ({
      /** Records one labelled command; `mergeKey` coalesces typing (same key within 500 ms). */
      set(label: string, recipe: (meta: PageContent) => void, mergeKey?: string): boolean {
        if (locked) return false;
        return editor.edit(doc, label, (d: Page) => recipe(d.meta as PageContent), mergeKey ? { mergeKey } : undefined);
      },
      /** Records exactly one `move` op on the meta array `key`. */
      move(label: string, key: ContentListKey, from: number, to: number): boolean {
        if (locked) return false;
        return editor.move(doc, label, `/meta/${key}`, from, to);
      },
    }),
    [doc, locked, editor],
  );
}

/** The guarded editor of a content panel. */
export type ContentEditor = ReturnType<typeof useContentEditor>;

/** The item of `key` with `id` in a meta draft (edits find items by id, so a stale index never hits the wrong one). */
export function itemById<K extends ContentListKey>(m: PageContent, key: K, id: string): NonNullable<PageContent[K]>[number] | undefined {
  return (m[key] as { id: string }[] | undefined)?.find((x) => x.id === id) as NonNullable<PageContent[K]>[number] | undefined;
}

/**
 * Removes item `id` from list `key` of a draft's content meta; a no-op when it is already
 * gone (another operator's save removed it).
 */
export function removeById(m: PageContent, key: ContentListKey, id: string): void {
  const list = m[key] as { id: string }[] | undefined;
  const at = list ? list.findIndex((x) => x.id === id) : -1;
  if (list && at >= 0) list.splice(at, 1);
}

/** The edits of one item of list `key`, found by `id` in each draft (a stale index never hits another item). */
export function itemEditor<K extends ContentListKey>(ed: ContentEditor, key: K, id: string) {
  type Item = NonNullable<PageContent[K]>[number];
  /** Records `fn` on the item; with `field`, typing in that field coalesces. */
  const set = (label: string, fn: (x: Item) => void, field?: string) =>
    ed.set(
      label,
      (m) => {
        const x = itemById(m, key, id);
        if (x) fn(x);
      },
      field ? `${key}/${id}/${field}` : undefined,
    );
  return {
    set,
    /** Sets one field of the item, typing coalesced per field. */
    put: <F extends keyof Item & string>(label: string, field: F, value: Item[F]) =>
      set(
        label,
        (x) => {
          x[field] = value;
        },
        field,
      ),
    /** Removes the item (a no-op when it is gone already). */
    remove: (label: string) => ed.set(label, (m) => removeById(m, key, id)),
  };
}

/**
 * What a panel over one content list with rich-text items needs: the page's load state, the
 * list's entries ({@link useListShape}, named by `nameOf`), the guarded editor, and the id of the
 * funnel gallery's datalist (`suggest`, undefined while the gallery has no images). Fetches the
 * rich-text editor while the panel opens, not on the first add.
 */
export function useContentList<T>({ pageId, funnelId, locked = false }: ContentPanelProps, key: ContentListKey, nameOf: (item: T) => string) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const loaded = usePageLoaded(pageId);
  const entries = useListShape<T>(doc, key, nameOf);
  const ed = useContentEditor(doc, locked);
  const gallery = useGalleryImages(funnelId, { quiet: true });
  const listId = useListId(`${key}-gallery`);
  useEffect(() => {
    preloadRichTextField().catch(() => {});
  }, []);
  return { doc, loaded, entries, ed, images: gallery.data, listId, suggest: gallery.data?.length ? listId : undefined };
}

/**
 * A sortable list of entry cards: each card (`children`) with the drag handle at its top
 * left; a drop records one `move` op through `onMove`.
 */
export function SortableCards({
  label,
  entries,
  locked,
  nameOf,
  onMove,
  children,
}: {
  label: string;
  entries: ListEntry[];
  locked: boolean;
  nameOf: (x: ListEntry, i: number) => string;
  onMove: (from: number, to: number) => void;
  children: (x: ListEntry, i: number) => ReactNode;
}) {
  return (
    <SortableList label={label} items={entries} disabled={locked} nameOf={nameOf} onMove={onMove}>
      {(x, i, handle) => (
        <Inline wrap={false} align="flex-start">
          <Box paddingTop={14}>{handle}</Box>
          {children(x, i)}
        </Inline>
      )}
    </SortableList>
  );
}

/** The full country list as select options, by English name. */
const COUNTRY_OPTIONS = COUNTRIES.map((x) => ({ value: x.code, label: `${x.name} (${x.code})` }));

/**
 * A function whose identity never changes and that always calls the latest `fn` (for
 * handlers passed to memoized fields, so typing elsewhere does not re-render them).
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

/**
 * A select over the full country list (000 §9); `placeholder` is the "none" choice.
 * Memoized: its ~250 options render again only when its own props change.
 */
export const CountrySelect = memo(function CountrySelect({
  label,
  value,
  onChange,
  disabled,
  error,
  placeholder = 'Select a country',
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  error?: string;
  placeholder?: string;
}) {
  const known = value === '' || COUNTRIES.some((x) => x.code === value);
  const options = known ? COUNTRY_OPTIONS : [{ value, label: `${value} (not a country code)` }, ...COUNTRY_OPTIONS];
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
});

/** A stable id for a panel's gallery datalist. */
export function useListId(prefix: string): string {
  return `${prefix}-${useId().replace(/:/g, '')}`;
}

/**
 * The rich-text field of the page editor: src/ui's code-split lexical field whose Ctrl/Cmd+Z,
 * Ctrl+Shift+Z and Ctrl+Y undo and redo the editor's command log.
 */
export function EditorRichTextField(props: Omit<RichTextFieldProps, 'onUndo' | 'onRedo'>) {
  const { undo, redo } = useEditor();
  return <LazyRichTextField {...props} onUndo={undo} onRedo={redo} />;
}
