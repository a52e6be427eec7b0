import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ProductAddonsPanel } from '../../../src/features/page-editor/components/panels/ProductAddonsPanel';
import { MSG, type Addon, type Page } from '../../../src/model';
import { EXTRAS_PAGES, panelMeta, panelStory, step as undoStep } from './panel-steps';

/**
 * The Product Extra panel's messages for values it cannot store (a story per seed
 * message; 000 §3, §5): a page whose addon came from an older template with a type, frame,
 * colour, discount, quantity and switch outside the seeds' lists. Each field names its fault,
 * and picking an allowed value clears it in one undoable step.
 */
const legacy = EXTRAS_PAGES.filled;
const legacyAddon = {
  id: 'addon-legacy',
  name: 'Legacy bundle',
  description: '',
  place: '',
  tag: '',
  type: 'special',
  frame: 'frame9',
  color: 'purple',
  products: [
    {
      uid: 'legacyuid01',
      id: '2401',
      data_name: 'Travel pouch',
      data_box_name: '',
      data_price: 4.95,
      data_discount_price: 0,
      data_org: 0,
      data_save: 0,
      data_discount: 150,
      data_size: '',
      quantity: 0,
      tag: '',
    },
  ],
} as unknown as Addon;
const page: Page = { ...legacy, ID: 41, meta: { ...legacy.meta, productAddonsActive: 'yes', productAddons: [legacyAddon] } };

const meta = preview.meta({
  title: 'Page editor/ProductAddonsPanel messages',
  component: ProductAddonsPanel,
  ...panelMeta(EXTRAS_PAGES),
});

/** Every addon field outside the seeds' lists names its fault; a good value clears it. */
export const ValuesOutsideTheLists = meta.story(
  panelStory(page, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('The Product Extra switch holds "yes": it says to switch it on or off', async () => {
      await expect(canvas.getByText(MSG.flag)).toBeVisible();
    });
    const card = () => within(canvas.getByRole('group', { name: 'Legacy bundle' }));
    await step('Open the addon: type, frame, colour, discount and quantity each name their fault', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit addon Legacy bundle' }));
      for (const m of [MSG.addonType, MSG.addonFrame, MSG.addonColor, MSG.discount, MSG.quantity]) {
        await expect(card().getByText(m)).toBeVisible();
      }
    });
    await step('Pick the type "bundle": its message goes, in one undoable step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(card().getByLabelText('Type'), 'bundle'));
      await expect((m.productAddons as Addon[])[0]!.type).toBe('bundle');
      await expect(card().queryByText(MSG.addonType)).toBeNull();
      await expect(card().getByText(MSG.addonFrame)).toBeVisible();
    });
  }),
);
