import preview from '../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import {
  AddButton,
  AddError,
  AddForm,
  AddNameField,
  AddRow,
  CardError,
  ChoiceGroup,
  DraftTextField,
  EditToggle,
  EntriesSection,
  FlagField,
  FramePreview,
  PanelFrame,
  RemoveButton,
  usePanelEditor,
  usePanelPage,
  type PanelProps,
} from '../../../src/features/page-editor/components/panels/shared';
import { MSG, WARRANTY_FRAMES, flag, isOn } from '../../../src/model';
import { Button, SortableList } from '../../../src/ui';
import { snapshot } from '../../helpers';
import { expectNothingRecorded, expectOneMove, EXTRAS_PAGES, keyboardReorder, panelMeta, panelStory, step as undoStep } from './panel-steps';
import { tryKeyboardDrag } from './panel-stories';
import { at } from '../../../tests/at';

const FRAMES = WARRANTY_FRAMES.slice(0, 4).map((value, i) => ({ value, label: `Frame ${i + 1}`, preview: <FramePreview n={i + 1} /> }));

/**
 * The pieces of panels/shared.tsx put together as a panel would: the page document and guarded
 * editor, a flag, radio cards with frame previews, a text field that stores only digits, a
 * sortable list of the page's sizes; and, outside the read-only frame, a button that edits
 * through the guarded editor (so only the guard stops it when locked).
 */
function BuildingBlocks({ pageId, locked = false }: PanelProps) {
  const { doc, page, meta, errors } = usePanelPage(pageId);
  const ed = usePanelEditor(doc, locked);
  if (!page) return <p role="status">Loading page…</p>;
  return (
    <>
      <PanelFrame id="blocks" title="Building blocks" locked={locked}>
        <FlagField
          label="Warranty"
          checked={isOn(meta.warranty)}
          disabled={locked}
          help="Offers the warranty at checkout."
          onToggle={(on) =>
            ed.set(`Turn warranty ${on ? 'on' : 'off'}`, (m) => {
              m.warranty = flag(on);
            })
          }
        />
        <ChoiceGroup
          legend="Warranty frame"
          options={FRAMES}
          value={meta.warrantyFrame}
          disabled={locked}
          error={errors.warrantyFrame}
          onChange={(v) =>
            ed.set('Set warranty frame', (m) => {
              m.warrantyFrame = v;
            })
          }
        />
        <DraftTextField
          label="Recurring offer ID"
          value={meta.recurring_offer_id ?? ''}
          disabled={locked}
          validate={(t) => (/^\d*$/.test(t) ? undefined : MSG.onlyNumbers)}
          onCommit={(t) =>
            ed.set(
              'Set recurring offer ID',
              (m) => {
                m.recurring_offer_id = t;
              },
              'recurring_offer_id',
            )
          }
        />
        <SortableList
          label="Sizes"
          items={meta.productSizes ?? []}
          disabled={locked}
          nameOf={(z) => `size ${z.name}`}
          onMove={(from, to) => ed.move(`Move size ${at(meta.productSizes ?? [], from, 'size').name}`, 'productSizes', from, to)}
        >
          {(z, _i, handle) => (
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              {handle}
              <span>{z.name}</span>
            </div>
          )}
        </SortableList>
      </PanelFrame>
      <Button
        onPress={() =>
          ed.set('Clear sizes', (m) => {
            m.productSizes = [];
          })
        }
      >
        Clear sizes
      </Button>
    </>
  );
}

const meta = preview.meta({
  title: 'Page editor/Panel building blocks',
  component: BuildingBlocks,
  subcomponents: {
    PanelFrame,
    DraftTextField,
    ChoiceGroup,
    FramePreview,
    FlagField,
    RemoveButton,
    EditToggle,
    AddForm,
    AddRow,
    AddNameField,
    AddButton,
    AddError,
    CardError,
    EntriesSection,
  },
  ...panelMeta(EXTRAS_PAGES),
});

/** Nothing set: flag off, no frame, empty list; a flag, a radio card (click, then arrow key) and typed digits are one step each. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('Flag off, no frame, empty list', async () => {
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).not.toBeChecked();
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toHaveAccessibleDescription('Offers the warranty at checkout.');
      for (const r of canvas.getAllByRole('radio')) await expect(r).not.toBeChecked();
      await expect(canvas.queryAllByRole('listitem')).toHaveLength(0);
    });
    await step('Turn the flag on', () => clickStep('checkbox', 'Warranty', { warranty: 'true' }));
    await step('Click Frame 2, then arrow right to Frame 3', async () => {
      let m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('radio', { name: 'Frame 2' })));
      await expect(m.warrantyFrame).toBe('warranty2');
      m = await undoStep(store, doc, start, () => userEvent.keyboard('{ArrowRight}'));
      await expect(m.warrantyFrame).toBe('warranty3');
      await expect(canvas.getByRole('radio', { name: 'Frame 3' })).toBeChecked();
    });
    await step('Type digits into the text field', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Recurring offer ID'), '104'));
      await expect(m.recurring_offer_id).toBe('104');
      await expect(store.getState().past.at(-1)!.label).toBe('Set recurring offer ID');
    });
    await step('A letter stays on screen with the message, never stored', async () => {
      // Letters are kept on screen with the message, never stored.
      const entries = store.getState().past.length;
      const typed = snapshot(store, doc);
      await userEvent.type(canvas.getByLabelText('Recurring offer ID'), 'x');
      await expect(canvas.getByLabelText('Recurring offer ID')).toHaveValue('104x');
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.onlyNumbers);
      await expectNothingRecorded(store, doc, typed, entries);
    });
  }),
);

/**
 * The sortable list: a keyboard drag (Space, arrow, Space) is one step of exactly one `move`
 * op, Escape cancels; a text field follows its stored value when undo changes it from outside.
 */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async (ctx) => {
    const { canvas, userEvent, step, store, doc, start } = ctx;
    await step('Move size L up with the keyboard (Escape cancels first): one move', async () => {
      await expect(canvas.getByRole('list', { name: 'Sizes' })).toHaveTextContent('SML');
      const m = await keyboardReorder(ctx, 'Reorder size L', ['[ArrowUp]'], 2);
      await expect(m.productSizes.map((z: { name: string }) => z.name)).toEqual(['S', 'L', 'M']);
      await expectOneMove(store, 'Move size L', 'productSizes', 2, 1);
      await waitFor(() => expect(canvas.getByRole('list', { name: 'Sizes' })).toHaveTextContent('SLM'));
    });
    await step('The text field follows undo and redo from outside', async () => {
      const field = canvas.getByLabelText('Recurring offer ID');
      await undoStep(store, doc, start, () => userEvent.type(field, '5'));
      await expect(field).toHaveValue('104005');
      store.actions.undo();
      await waitFor(() => expect(field).toHaveValue('10400'));
      store.actions.redo();
      await waitFor(() => expect(field).toHaveValue('104005'));
    });
  }),
);

/** On without a frame: the radio group announces the model's message; choosing a frame is one step and clears it. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, step, store, doc, start, clickStep }) => {
    await step('The frame group announces the message; nothing recorded', async () => {
      const frames = canvas.getByRole('group', { name: 'Warranty frame' });
      await expect(frames).toHaveAccessibleDescription(MSG.warrantyFrame);
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.warrantyFrame);
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Choose Frame 4: the message goes', async () => {
      await clickStep('radio', 'Frame 4', { warrantyFrame: 'warranty4' });
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  }),
);

/**
 * Locked: the frame is a disabled fieldset (flag, radios, text field, drag handles read-only,
 * a handle takes no focus) and the guarded editor records nothing, even from a control outside it.
 */
export const Locked = meta.story(
  panelStory(
    EXTRAS_PAGES.filled,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      const handle = canvas.getByRole('button', { name: 'Reorder size S' });
      await step('Flag, radios, field and handles are disabled', async () => {
        await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toBeDisabled();
        for (const r of canvas.getAllByRole('radio')) await expect(r).toBeDisabled();
        await expect(canvas.getByLabelText('Recurring offer ID')).toBeDisabled();
        await expect(handle).toBeDisabled();
      });
      await step('A drag, a frame click and typing record nothing', async () => {
        await tryKeyboardDrag(userEvent, handle);
        await userEvent.click(canvas.getByText('Frame 4'));
        await userEvent.type(canvas.getByLabelText('Recurring offer ID'), '9');
      });
      await step('Clear sizes from outside the frame records nothing', async () => {
        const clear = canvas.getByRole('button', { name: 'Clear sizes' });
        await expect(clear).toBeEnabled();
        await userEvent.click(clear);
        await expectNothingRecorded(store, doc, start, 0);
        await expect(canvas.getByRole('radio', { name: 'Frame 2' })).toBeChecked();
      });
    },
    { args: { locked: true } },
  ),
);

/** The page is not in the editor store yet: a loading status instead of the fields. */
export const NotLoaded = meta.story({
  args: { pageId: 999 },
  play: async ({ canvas, step }) => {
    await step('A loading status instead of the fields', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading page…');
      await expect(canvas.queryByRole('button', { name: 'Clear sizes' })).toBeNull();
    });
  },
});
