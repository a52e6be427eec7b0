/**
 * The Size side panel of the page editor (000 §2; §3 keys productSizes, productSizeActive;
 * §5 "A size can be chosen only when at least 2 sizes exist").
 */
import { MSG, canChooseSize, flag, isOn, nextId, sizeNameError, type SizeEntry } from '../../../../model';
import { Box, EmptyState, Inline, SortableList, Skeleton } from '../../../../ui';
import { AddNameField, AddRow, DraftTextField, FlagField, PanelFrame, RemoveButton, useAddName, usePanelEditor, usePanelPage, type PanelProps } from './shared';

/** Props of {@link SizePanel}: the page id and the funnel's lock. */
export type SizePanelProps = PanelProps;

/**
 * Edits the page's sizes (`productSizes`: list of {@link SizeEntry} `{id, name}`): add,
 * rename, remove, reorder (drag or keyboard; one `move` op), and the size choice
 * (`productSizeActive`: 'true'/'false'), which can be turned on only with ≥ 2 sizes; removing
 * below 2 turns it off in the same step.
 */
export function SizePanel({ pageId, locked = false }: SizePanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  const draft = useAddName();
  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  const sizes = meta.productSizes ?? [];
  const active = isOn(meta.productSizeActive);
  const canChoose = canChooseSize(sizes);

  const add = () => {
    const why = sizeNameError(draft.name, sizes);
    draft.setError(why);
    if (why) return;
    const entry: SizeEntry = { id: nextId('size', sizes), name: draft.name.trim() };
    if (
      ed.set(`Add size ${entry.name}`, (m) => {
        (m.productSizes ??= []).push(entry);
      })
    )
      draft.setName('');
  };

  return (
    <PanelFrame id="size-panel" title="Size" locked={locked}>
      <FlagField
        label="Product Size"
        checked={active}
        disabled={locked || (!canChoose && !active)}
        help={canChoose ? 'Customers choose one of these sizes on the page.' : errors.productSizeActive ? undefined : MSG.sizeChoice}
        error={errors.productSizeActive}
        onToggle={(v) => ed.put(v ? 'Turn size choice on' : 'Turn size choice off', 'productSizeActive', flag(v))}
      />
      <AddRow label="Add a size" onAdd={add} locked={locked} button="+ Add size">
        <AddNameField label="New size" placeholder="e.g. M" locked={locked} draft={draft} />
      </AddRow>
      {sizes.length === 0 ? (
        <EmptyState message={MSG.noSizes} />
      ) : (
        <SortableList
          label="Sizes"
          items={sizes}
          disabled={locked}
          nameOf={(z) => `size ${z.name}`}
          onMove={(from, to) => ed.move(`Move size ${sizes[from]?.name ?? from + 1}`, 'productSizes', from, to)}
        >
          {(z, i, handle) => (
            <Inline wrap={false} align="flex-end">
              <Box marginBottom={16}>{handle}</Box>
              <Box flex={1}>
                <DraftTextField
                  label={`Size ${i + 1}`}
                  value={z.name}
                  disabled={locked}
                  error={errors[`productSizes.${i}.name`]}
                  validate={(t) => sizeNameError(t, sizes, z.id)}
                  onCommit={(t) =>
                    ed.set(
                      'Rename size',
                      (m) => {
                        const z = m.productSizes?.[i];
                        if (z) z.name = t;
                      },
                      `productSizes/${z.id}/name`,
                    )
                  }
                />
              </Box>
              <Box marginBottom="md">
                <RemoveButton
                  label={`Remove size ${z.name}`}
                  locked={locked}
                  onPress={() =>
                    ed.set(`Remove size ${z.name}`, (m) => {
                      m.productSizes?.splice(i, 1);
                      if (isOn(m.productSizeActive) && !canChooseSize(m.productSizes)) m.productSizeActive = 'false';
                    })
                  }
                />
              </Box>
            </Inline>
          )}
        </SortableList>
      )}
    </PanelFrame>
  );
}
