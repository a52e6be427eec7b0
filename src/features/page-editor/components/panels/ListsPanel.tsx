/**
 * The Lists side panel of the page editor (000 §2 "Lists"; §3 key `list` and "List item").
 */
import { memo, useEffect, useId, useMemo } from 'react';
import { MSG, isBlankHtml, listItemErrors, newListItem, type ListItem } from '../../../../model';
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
import { PanelFrame } from './shared';
import * as p from './panels.css';

/** Props of {@link ListsPanel}: the page, its funnel (gallery images for icons) and the funnel's lock. */
export type ListsPanelProps = ContentPanelProps;

/**
 * Edits the page's bullet list (`list`: list of {id, boldText, listText, img}): `boldText`
 * plain text shown in bold, `listText` rich text (lexical, sanitized HTML, required), `img`
 * an optional icon address (https://… or /…). Add ('Add list item'), edit, remove, reorder
 * by mouse or keyboard (one `move` op, 'Move list item'); empty: 'No list added'.
 */
export function ListsPanel({ pageId, funnelId, locked = false }: ListsPanelProps) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const loaded = usePageLoaded(pageId);
  // Ids and bold texts only: typing a list text re-renders that item alone.
  const entries = useListShape<ListItem>(doc, 'list', (x) => x.boldText?.trim() ?? '');
  const ed = useContentEditor(doc, locked);
  const gallery = useGalleryImages(funnelId, { quiet: true });
  const listId = useListId('list-gallery');
  // Its items' texts are rich text: fetch the editor while the panel opens, not on the first add.
  useEffect(() => {
    preloadRichTextField().catch(() => {});
  }, []);
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  const suggest = gallery.data?.length ? listId : undefined;
  return (
    <PanelFrame id="list-panel" title="Lists" locked={locked}>
      <GalleryOptions id={listId} images={gallery.data} />
      <Button
        variant="primary"
        isDisabled={locked}
        disabledReason={MSG.locked}
        onPress={() => {
          ed.set('Add list item', (m) => {
            (m.list ??= []).push(newListItem(m.list ?? []));
          });
        }}
      >
        + Add list item
      </Button>
      <div className={p.subsection}>
        {entries.length === 0 ? (
          <EmptyState message={MSG.noList} />
        ) : (
          <SortableList
            label="List items"
            items={entries}
            disabled={locked}
            nameOf={(x, i) => `list item ${x.name || i + 1}`}
            onMove={(from, to) => ed.move('Move list item', 'list', from, to)}
          >
            {(x, i, handle) => (
              <Inline wrap={false} align="flex-start">
                <Box paddingTop={14}>{handle}</Box>
                <ListItemCard doc={doc} id={x.id} n={i + 1} ed={ed} locked={locked} listId={suggest} />
              </Inline>
            )}
          </SortableList>
        )}
      </div>
    </PanelFrame>
  );
}

/** One list item, read from the store by id: renders again only when the item (or its position) changes. */
const ListItemCard = memo(function ListItemCard({
  doc,
  id: itemId,
  ...rest
}: {
  doc: DocId<'page'>;
  id: string;
  n: number;
  ed: ContentEditor;
  locked: boolean;
  listId?: string;
}) {
  const item = useListItem<ListItem>(doc, 'list', itemId);
  return item ? <ListItemFields item={item} {...rest} /> : null;
});

/** A list item's fields. */
function ListItemFields({ item, n, ed, locked, listId }: { item: ListItem; n: number; ed: ContentEditor; locked: boolean; listId?: string }) {
  const id = useId();
  const errs = useMemo(() => listItemErrors(item), [item]);
  const name = `List item ${n}`;
  const key = (field: string) => `list/${item.id}/${field}`;
  const set = (label: string, fn: (x: ListItem) => void, merge?: string) =>
    ed.set(
      label,
      (m) => {
        const x = itemById(m, 'list', item.id);
        if (x) fn(x);
      },
      merge,
    );
  const onText = useStableCallback((html: string) =>
    set(
      'Set list text',
      (x) => {
        x.listText = html;
      },
      key('listText'),
    ),
  );
  return (
    <Box role="group" aria-labelledby={`${id}-title`} className={s.card} padding="md" flex={1} minWidth={0}>
      <Inline wrap={false} marginBottom="sm">
        <strong id={`${id}-title`}>{name}</strong>
        {!isBlankHtml(item.listText) || item.boldText ? null : <span className={s.helpText}>(empty)</span>}
        <span className={s.spacer} />
        <Button
          size="sm"
          variant="danger"
          isDisabled={locked}
          disabledReason={MSG.locked}
          aria-label={`Remove list item ${n}`}
          onPress={() => ed.set('Remove list item', (m) => removeById(m, 'list', item.id))}
        >
          Remove
        </Button>
      </Inline>
      <TextField
        label="Bold text"
        value={item.boldText ?? ''}
        disabled={locked}
        placeholder="e.g. Clinically tested"
        onChange={(e) =>
          set(
            'Set list bold text',
            (x) => {
              x.boldText = e.target.value;
            },
            key('boldText'),
          )
        }
      />
      <RichTextField label="List text" value={item.listText ?? ''} disabled={locked} error={errs.listText} onChange={onText} />
      <ImageUrlField
        label="Image"
        value={item.img ?? ''}
        disabled={locked}
        error={errs.img}
        listId={listId}
        onCommit={(u) =>
          set(
            'Set list image',
            (x) => {
              x.img = u;
            },
            key('img'),
          )
        }
      />
    </Box>
  );
}
