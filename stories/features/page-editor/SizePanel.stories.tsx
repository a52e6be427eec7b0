import preview from '../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { SizePanel } from '../../../src/features/page-editor/components/panels/SizePanel';
import { MSG } from '../../../src/model';
import { snapshot, freshId } from '../../helpers';
import { expectNothingRecorded, EXTRAS_PAGES, panelMeta, panelStory, retype, step as undoStep } from './panel-steps';
import { keyboardDrag, lockedStory, reorderStory, tryKeyboardDrag } from './panel-stories';

const names = (m: { productSizes: { name: string }[] }) => m.productSizes.map((z) => z.name);

const meta = preview.meta({ title: 'Page editor/SizePanel', component: SizePanel, ...panelMeta(EXTRAS_PAGES) });

/** No sizes: the empty state; the size choice stays disabled (with the reason) until 2 sizes exist. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    const choose = canvas.getByRole('checkbox', { name: 'Product Size' });
    await step('No sizes: the size choice is disabled, with the reason', async () => {
      await expect(canvas.getByText(MSG.noSizes)).toBeVisible();
      await expect(choose).toBeDisabled();
      await expect(choose).toHaveAccessibleDescription(MSG.sizeChoice);
    });
    await step('Add size S with the button', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.type(canvas.getByLabelText('New size'), 'S');
        await userEvent.click(canvas.getByRole('button', { name: '+ Add size' }));
      });
      await expect(m.productSizes).toEqual([{ id: freshId('size'), name: 'S' }]);
      await expect(canvas.getByLabelText('New size')).toHaveValue('');
      await expect(choose).toBeDisabled();
    });
    await step('Add size M with Enter: the size choice is enabled', async () => {
      // Enter in the field adds too.
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('New size'), 'M{Enter}'));
      await expect(m.productSizes).toEqual([
        { id: freshId('size'), name: 'S' },
        { id: freshId('size'), name: 'M' },
      ]);
      await waitFor(() => expect(choose).toBeEnabled());
    });
    await step('Turn the size choice on', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(choose));
      await expect(m.productSizeActive).toBe('true');
    });
  }),
);

/** Rename is one coalesced step; removing below 2 sizes turns the size choice off in the same step. */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('The size choice is on', async () => {
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeChecked();
    });
    await step('Rename size 2 to Medium', async () => {
      const size2 = canvas.getByLabelText('Size 2');
      const m = await undoStep(store, doc, start, () => retype(userEvent, size2, 'Medium'));
      await expect(names(m)).toEqual(['S', 'Medium', 'L']);
      await expect(store.getState().past.at(-1)!.label).toBe('Rename size');
    });
    await step('Remove size S: the size choice stays on', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove size S' })));
      await expect(names(m)).toEqual(['Medium', 'L']);
      await expect(m.productSizeActive).toBe('true');
    });
    await step('Remove size L: the size choice turns off in the same step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove size L' })));
      await expect(m.productSizes).toEqual([{ id: 'size-2', name: 'Medium' }]);
      await expect(m.productSizeActive).toBe('false');
      await expect(store.getState().past.at(-1)!.commands).toHaveLength(1);
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
    });
  }),
);

/** Keyboard drag: focus the handle, Space, ArrowUp, Space — one `move` op; Escape cancels with nothing recorded. */
export const Reorder = meta.story(
  reorderStory(EXTRAS_PAGES.filled, {
    drag: keyboardDrag('size L', 'up', 'Reorder size L', 2),
    order: [names, ['S', 'L', 'M']],
    recorded: ['One move is recorded', 'Move size L', 'productSizes', 2, 1],
  }),
);

/** The size choice on with one size: the seed's rule; an empty or duplicate name records nothing. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('The size choice rule shows', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.sizeChoice);
    });
    await step('Add an empty size: refused, nothing recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '+ Add size' }));
      await expect(canvas.getByText(MSG.sizeName)).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Add a size that exists: refused, nothing recorded', async () => {
      await userEvent.type(canvas.getByLabelText('New size'), 'one size{Enter}');
      await expect(canvas.getByText(MSG.sizeExists('one size'))).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step("Turn the size choice off: only the rejected name's message is left", async () => {
      await clickStep('checkbox', 'Product Size', { productSizeActive: 'false' });
      // Only the rejected name's message is left; the size choice is off and disabled, with its reason.
      await expect(canvas.getAllByRole('alert').map((a) => a.textContent)).toEqual([MSG.sizeExists('one size')]);
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toHaveAccessibleDescription(MSG.sizeChoice);
    });
    await step('Rename size 1 to nothing: the stored name stays', async () => {
      // Renaming to nothing keeps the stored name.
      const after = snapshot(store, doc);
      await userEvent.clear(canvas.getByLabelText('Size 1'));
      await expect(canvas.getByText(MSG.sizeName)).toBeVisible();
      await expectNothingRecorded(store, doc, after, 1);
      await expect(after.meta.productSizes).toEqual([{ id: 'size-1', name: 'One size' }]);
    });
  }),
);

/** A locked funnel: fields, buttons and drag handles are disabled; nothing is recorded. */
export const Locked = meta.story(
  lockedStory(EXTRAS_PAGES.filled, {
    'Fields, buttons and handles are disabled': async ({ canvas }) => {
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
      await expect(canvas.getByLabelText('New size')).toBeDisabled();
      await expect(canvas.getByRole('button', { name: '+ Add size' })).toBeDisabled();
      await expect(canvas.getByLabelText('Size 1')).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Remove size S' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Reorder size S' })).toBeDisabled();
    },
    'A keyboard drag and remove record nothing': async ({ canvas, userEvent }) => {
      await tryKeyboardDrag(userEvent, canvas.getByRole('button', { name: 'Reorder size S' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Remove size S' }));
    },
  }),
);
