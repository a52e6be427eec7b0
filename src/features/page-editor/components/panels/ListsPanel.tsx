/**
 * The Lists side panel of the page editor (000 §2 "Lists"; §3 key `list` and "List item").
 */
import { memo, useId, useMemo } from 'react';
import { MSG, isBlankHtml, listItemErrors, newListItem, type ListItem } from '../../../../model';
import { Box, Button, GalleryOptions, ImageUrlField, Inline, styles as s, TextField, Skeleton } from '../../../../ui';
import type { DocId } from '../../../../editor';
import {
  EditorRichTextField as RichTextField,
  itemEditor,
  SortableCards,
  useContentList,
  useListItem,
  useStableCallback,
  type ContentEditor,
  type ContentPanelProps,
} from './content';
import { EntriesSection, PanelFrame, RemoveButton } from './shared';

/** Props of {@link ListsPanel}: the page, its funnel (gallery images for icons) and the funnel's lock. */
export type ListsPanelProps = ContentPanelProps;

/**
 * Edits the page's bullet list (`list`: list of {id, boldText, listText, img}): `boldText`
 * plain text shown in bold, `listText` rich text (lexical, sanitized HTML, required), `img`
 * an optional icon address (https://… or /…). Add ('Add list item'), edit, remove, reorder
 * by mouse or keyboard (one `move` op, 'Move list item'); empty: 'No list added'.
 */
export function ListsPanel(props: ListsPanelProps) {
  const { locked = false } = props;
  // Ids and bold texts only: typing a list text re-renders that item alone.
  const { doc, loaded, entries, ed, images, listId, suggest } = useContentList<ListItem>(props, 'list', (x) => x.boldText?.trim() ?? '');
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  return (
    <PanelFrame id="list-panel" title="Lists" locked={locked}>
      <GalleryOptions id={listId} images={images} />
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
      <EntriesSection count={entries.length} emptyMessage={MSG.noList}>
        <SortableCards
          label="List items"
          entries={entries}
          locked={locked}
          nameOf={(x, i) => `list item ${x.name || i + 1}`}
          onMove={(from, to) => ed.move('Move list item', 'list', from, to)}
        >
          {(x, i) => <ListItemCard doc={doc} id={x.id} n={i + 1} ed={ed} locked={locked} listId={suggest} />}
        </SortableCards>
      </EntriesSection>
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
  const it = itemEditor(ed, 'list', item.id);
  const onText = useStableCallback((html: string) => it.put('Set list text', 'listText', html));
  return (
    <Box role="group" aria-labelledby={`${id}-title`} className={s.card} padding="md" flex={1} minWidth={0}>
      <Inline wrap={false} marginBottom="sm">
        <strong id={`${id}-title`}>{name}</strong>
        {!isBlankHtml(item.listText) || item.boldText ? null : <span className={s.helpText}>(empty)</span>}
        <span className={s.spacer} />
        <RemoveButton label={`Remove list item ${n}`} locked={locked} onPress={() => it.remove('Remove list item')} />
      </Inline>
      <TextField
        label="Bold text"
        value={item.boldText ?? ''}
        disabled={locked}
        placeholder="e.g. Clinically tested"
        onChange={(e) => it.put('Set list bold text', 'boldText', e.target.value)}
      />
      <RichTextField label="List text" value={item.listText ?? ''} disabled={locked} error={errs.listText} onChange={onText} />
      <ImageUrlField
        label="Image"
        value={item.img ?? ''}
        disabled={locked}
        error={errs.img}
        listId={listId}
        onCommit={(u) => it.put('Set list image', 'img', u)}
      />
    </Box>
  );
}
