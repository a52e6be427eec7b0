import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ProductAddonsPanel } from '../../../src/features/page-editor/components/panels/ProductAddonsPanel';
import { MSG, newAddonProduct, type Addon } from '../../../src/model';
import { expectNothingRecorded, EXTRAS_PAGES, panelMeta, panelStory, retype, step as undoStep } from './panel-steps';
import { lockedStory, mouseReorder, keyboardDrag, reorderStory, tryKeyboardDrag } from './panel-stories';
import { freshId, freshUid } from '../../helpers';

const names = (m: { productAddons: Addon[] }) => m.productAddons.map((a) => a.name);

const meta = preview.meta({ title: 'Page editor/ProductAddonsPanel', component: ProductAddonsPanel, ...panelMeta(EXTRAS_PAGES) });

/** No addons: the empty state; a new addon asks for products until one is added and named. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('No addons yet', async () => {
      await expect(canvas.getByText(MSG.noAddons)).toBeVisible();
    });
    // The card is looked up afresh: undoing the addon away and redoing it mounts a new one.
    const card = () => within(canvas.getByRole('group', { name: 'Gift wrap' }));
    await step('Add a multi addon Gift wrap: it asks for products', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.type(canvas.getByLabelText('Addon name'), 'Gift wrap');
        await userEvent.selectOptions(canvas.getByLabelText('Addon type'), 'multi');
        await userEvent.click(canvas.getByRole('button', { name: '+ Add addon' }));
      });
      await expect(m.productAddons).toEqual([
        { id: freshId('addon'), name: 'Gift wrap', description: '', frame: 'frame1', type: 'multi', color: 'blue', place: '', tag: '', products: [] },
      ]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add addon Gift wrap');
      await expect(card().getByRole('alert')).toHaveTextContent(MSG.addonProducts);
    });
    await step('Add a product to the addon: it asks for its name', async () => {
      await expect(card().getByRole('button', { name: 'Done editing addon Gift wrap' })).toHaveAttribute('aria-expanded', 'true');
      const m = await undoStep(store, doc, start, () => userEvent.click(card().getByRole('button', { name: 'Add product to addon Gift wrap' })));
      // A blank product (quantity 1, prices 0) with a fresh uid.
      await expect(m.productAddons[0].products).toEqual([{ ...newAddonProduct(), uid: freshUid() }]);
      await expect(card().queryByText(MSG.addonProducts)).toBeNull();
      await expect(card().getByText(MSG.productName)).toBeVisible();
    });
    await step('Name the product', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(card().getByLabelText('Product name'), 'Gift wrapping'));
      await expect(m.productAddons[0].products[0].data_name).toBe('Gift wrapping');
      await expect(card().queryByText(MSG.productName)).toBeNull();
    });
    await step('Turn Product Extra on', () => clickStep('checkbox', 'Product Extra', { productAddonsActive: 'true' }));
  }),
);

/** Editing an addon: frame and colour by radio cards, a product's price, removing another addon. */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('Three addons, Product Extra on, no messages', async () => {
      await expect(names(start.meta)).toEqual(['Warranty plus', 'Gift wrap', 'Night cream bundle']);
      await expect(canvas.getByRole('checkbox', { name: 'Product Extra' })).toBeChecked();
      await expect(canvas.queryByText(MSG.addonProducts)).toBeNull();
    });
    const card = within(canvas.getByRole('group', { name: 'Warranty plus' }));
    await step('Edit Warranty plus: Frame 2 is chosen', async () => {
      await userEvent.click(card.getByRole('button', { name: 'Edit addon Warranty plus' }));
      await expect(card.getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    });
    await step('Choose Frame 4', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(card.getByRole('radio', { name: 'Frame 4' })));
      await expect(m.productAddons[0].frame).toBe('frame4');
      await expect(store.getState().past.at(-1)!.label).toBe('Set addon frame');
    });
    await step('Choose Red', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(card.getByRole('radio', { name: 'Red' })));
      await expect(m.productAddons[0].color).toBe('red');
    });
    await step('Choose the product type', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(card.getByLabelText('Type'), 'product'));
      await expect(m.productAddons[0].type).toBe('product');
    });
    await step("Retype the product's price", async () => {
      const price = card.getByLabelText('Price');
      const m = await undoStep(store, doc, start, () => retype(userEvent, price, '12.5'));
      await expect(m.productAddons[0].products[0].data_price).toBe(12.5);
    });
    await step('Choose size L', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.selectOptions(card.getByLabelText('Size'), 'L');
      });
      await expect(m.productAddons[0].products[0].data_size).toBe('L');
    });
    await step('Remove Gift wrap: Warranty plus keeps its edits', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove addon Gift wrap' })));
      await expect(names(m)).toEqual(['Warranty plus', 'Night cream bundle']);
      await expect(m.productAddons[0]).toMatchObject({ frame: 'frame4', color: 'red', type: 'product' });
    });
  }),
);

/** Keyboard drag (focus the handle, Space, ArrowDown, Space) records exactly one `move` op; Escape cancels. */
export const Reorder = meta.story(
  reorderStory(EXTRAS_PAGES.filled, {
    drag: keyboardDrag('Warranty plus', 'down', 'Reorder addon Warranty plus', 2),
    order: [names, ['Gift wrap', 'Warranty plus', 'Night cream bundle']],
    recorded: ['One move is recorded; the handles follow', 'Move addon Warranty plus', 'productAddons', 0, 1],
    handles: 'Reorder addon',
  }),
);

/** Mouse drag: press the handle, move past the next addon, release — the same single `move` op. */
export const MouseReorder = meta.story(
  reorderStory(EXTRAS_PAGES.filled, {
    drag: [
      'Drag Gift wrap below Night cream bundle',
      (ctx) => mouseReorder(ctx, 'Reorder addon Gift wrap', 'Reorder addon Night cream bundle', (to) => to.top + to.height / 2 + 10),
    ],
    order: [names, ['Warranty plus', 'Night cream bundle', 'Gift wrap']],
    recorded: ['One move is recorded', 'Move addon Gift wrap', 'productAddons', 1, 2],
  }),
);

/** An addon without products and a product without name or valid price: the seeds' messages; invalid input records nothing. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    const gift = within(canvas.getByRole('group', { name: 'Gift wrap' }));
    await step('Gift wrap asks for products', async () => {
      await expect(gift.getByRole('alert')).toHaveTextContent(MSG.addonProducts);
    });
    await step('Add an addon without a name: refused, nothing recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '+ Add addon' }));
      await expect(canvas.getByText(MSG.addonName)).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    const warranty = within(canvas.getByRole('group', { name: 'Warranty plus' }));
    await step('Edit Warranty plus: the product name and price messages show', async () => {
      await userEvent.click(warranty.getByRole('button', { name: 'Edit addon Warranty plus' }));
      await expect(warranty.getByText(MSG.productName)).toBeVisible();
      await expect(warranty.getByText(MSG.price)).toBeVisible();
    });
    await step('Type letters into the price: nothing is recorded', async () => {
      const price = warranty.getByLabelText('Price');
      await userEvent.clear(price);
      await userEvent.type(price, 'abc');
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('A letter in the product ID and an empty name: messages, nothing recorded', async () => {
      await userEvent.type(warranty.getByLabelText('Product ID'), 'x');
      await expect(warranty.getByText(MSG.onlyNumbers)).toBeVisible();
      await userEvent.clear(warranty.getByLabelText('Name'));
      await expect(warranty.getByText(MSG.addonName)).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Add a product to Gift wrap: its message goes', async () => {
      await userEvent.click(gift.getByRole('button', { name: 'Edit addon Gift wrap' }));
      const m = await undoStep(store, doc, start, () => userEvent.click(gift.getByRole('button', { name: 'Add product to addon Gift wrap' })));
      await expect(m.productAddons[0].products).toHaveLength(1);
      await expect(gift.queryByText(MSG.addonProducts)).toBeNull();
    });
  }),
);

/** A locked funnel: every addon is shown read-only, handles and buttons disabled; nothing is recorded. */
export const Locked = meta.story(
  lockedStory(EXTRAS_PAGES.filled, {
    'Every addon is read-only; handles and buttons are disabled': async ({ canvas }) => {
      await expect(canvas.getByRole('checkbox', { name: 'Product Extra' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: '+ Add addon' })).toBeDisabled();
      await expect(canvas.queryByRole('button', { name: /^Edit addon/ })).toBeNull();
      for (const input of canvas.getAllByLabelText('Price')) await expect(input).toBeDisabled();
      for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Reorder addon Warranty plus' })).toBeDisabled();
    },
    'A keyboard drag and remove record nothing': async ({ canvas, userEvent }) => {
      await tryKeyboardDrag(userEvent, canvas.getByRole('button', { name: 'Reorder addon Warranty plus' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Remove addon Gift wrap' }));
    },
  }),
);
