import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ExtrasPanel } from '../../../src/features/page-editor/components/panels/ExtrasPanel';
import { MSG } from '../../../src/model';
import { snapshot, freshUid } from '../../helpers';
import { expectNothingRecorded, EXTRAS_PAGES, panelMeta, panelStory, retype, step as undoStep } from './panel-steps';
import { lockedStory } from './panel-stories';

const meta = preview.meta({ title: 'Page editor/ExtrasPanel', component: ExtrasPanel, ...panelMeta(EXTRAS_PAGES) });

/** Nothing set yet: toggles store 'true'/'false' strings, VIP Product the boolean `recurring`; behaviours activate. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('Product Size is disabled with its reason; no VIP name', async () => {
      const size = canvas.getByRole('checkbox', { name: 'Product Size' });
      await expect(size).toBeDisabled();
      await expect(size).toHaveAccessibleDescription(MSG.sizeChoice);
      await expect(canvas.queryByLabelText('Recurring product name')).toBeNull();
    });
    await step('Turn Product Extra on', () => clickStep('checkbox', 'Product Extra', { productAddonsActive: 'true' }));
    await step('Turn Warranty on: it asks for a frame', async () => {
      await clickStep('checkbox', 'Warranty', { warranty: 'true' });
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toHaveAccessibleDescription(MSG.warrantyFrame);
    });
    await step('Turn Journey fixed price on', () => clickStep('checkbox', 'Journey fixed price', { warrantyJourney: 'true' }));
    await step('Turn VIP Product on: it asks for a name', async () => {
      await clickStep('checkbox', 'VIP Product (recurring)', { recurring: true });
      await expect(canvas.getByText(MSG.recurringOfferName)).toBeVisible();
    });
    await step('Type the VIP name', async () => {
      // Typing coalesces into one step; only a name with 'vip' or 'revboost' is stored.
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Recurring product name'), 'VIP Gold'));
      await expect(m.recurring_product_name).toBe('VIP Gold');
      await expect(canvas.queryByText(MSG.recurringOfferName)).toBeNull();
    });
    await step('Add recurring campaign 301 for GB (PayPal)', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.type(canvas.getByLabelText('Campaign ID'), '301');
        await userEvent.selectOptions(canvas.getByLabelText('Country'), 'GB_PP');
        await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
      });
      await expect(m.recurring_campaigns).toEqual([{ uid: freshUid(), ID: '301', country: 'GB_PP' }]);
      await expect(canvas.getByRole('cell', { name: 'GB (PayPal)' })).toBeVisible();
    });
    const skip = within(canvas.getByRole('group', { name: 'Skip Page' }));
    await step('Activate Skip Page: it asks for a path', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(skip.getByRole('button', { name: 'Activate Skip Page' })));
      await expect(m.skipPage).toBe('true');
      await expect(skip.getByText('Active')).toBeVisible();
      await expect(skip.getByText(MSG.pagePath)).toBeVisible();
    });
    await step('Type the skip page path', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(skip.getByLabelText('Skip page path'), '/upsell-2/'));
      await expect(m.skipPagePath).toBe('/upsell-2/');
      await expect(skip.queryByText(MSG.pagePath)).toBeNull();
    });
    await step('Activate Product Select', () => clickStep('button', 'Activate Product Select', { productSelect: 'true' }));
    await step('Type an override price: every change is kept', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Product override price'), '19.5'));
      await expect(m.product_override_price).toBe(19.5);
      await expect(m).toMatchObject({
        productAddonsActive: 'true',
        warranty: 'true',
        warrantyJourney: 'true',
        recurring: true,
        skipPage: 'true',
        productSelect: 'true',
      });
    });
  }),
);

/** Everything set: deactivate a behaviour, edit the campaign list, clear the override price, turn VIP off. */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('Everything is set, no messages', async () => {
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeChecked();
      await expect(canvas.getByRole('checkbox', { name: 'VIP Product (recurring)' })).toBeChecked();
      await expect(canvas.getByLabelText('Recurring product name')).toHaveValue('VIP Club Membership');
      await expect(canvas.queryAllByRole('alert')).toEqual([]);
    });
    await step('Deactivate Product Select', () => clickStep('button', 'Deactivate Product Select', { productSelect: 'false' }));
    await step('Remove recurring campaign 302', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove recurring campaign 302' })));
      await expect(m.recurring_campaigns).toEqual([{ ID: '301', country: 'US' }]);
    });
    await step('Add campaign 303 for Canada with Enter', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.selectOptions(canvas.getByLabelText('Country'), 'CA');
        await userEvent.type(canvas.getByLabelText('Campaign ID'), '303{Enter}');
      });
      await expect(m.recurring_campaigns).toEqual([
        { ID: '301', country: 'US' },
        { uid: freshUid(), ID: '303', country: 'CA' },
      ]);
    });
    await step('Clear the override price', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Clear override price' })));
      await expect('product_override_price' in m).toBe(false);
      await expect(canvas.getByLabelText('Product override price')).toHaveValue('');
    });
    await step('Turn VIP off: its name is kept', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'VIP Product (recurring)' })));
      await expect(m.recurring).toBe(false);
      await expect(m.recurring_product_name).toBe('VIP Club Membership'); // kept for when VIP is turned back on
      await expect(canvas.queryByLabelText('Recurring product name')).toBeNull();
    });
  }),
);

/** The seeds' messages for each broken rule; missing, duplicate and malformed input records nothing. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step("The seeds' messages show for each broken rule", async () => {
      await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toHaveAccessibleDescription(MSG.sizeChoice);
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toHaveAccessibleDescription(MSG.warrantyFrame);
      await expect(canvas.getByText(MSG.recurringOfferName)).toBeVisible();
      await expect(canvas.getByRole('row', { name: /301/ })).toHaveTextContent(MSG.recurringCampaign);
      await expect(canvas.getByText(MSG.pagePath)).toBeVisible();
    });
    // A campaign without a country, a duplicate ID, letters in an ID, a wrong name or path: nothing recorded.
    await step('Add a campaign without a country: refused', async () => {
      await userEvent.type(canvas.getByLabelText('Campaign ID'), '305');
      await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
      await expect(within(canvas.getByRole('form', { name: 'Add a recurring campaign' })).getByRole('alert')).toHaveTextContent(MSG.recurringCampaign);
    });
    await step('Add campaign 301 again: refused', async () => {
      await userEvent.clear(canvas.getByLabelText('Campaign ID'));
      await userEvent.type(canvas.getByLabelText('Campaign ID'), '301');
      await userEvent.selectOptions(canvas.getByLabelText('Country'), 'US');
      await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
      await expect(canvas.getByText(MSG.campaignAdded('301'))).toBeVisible();
    });
    await step('Letters in the offer ID, a wrong name and path: nothing recorded', async () => {
      await userEvent.type(canvas.getByLabelText('Recurring offer ID'), 'x1');
      await expect(canvas.getByText(MSG.onlyNumbers)).toBeVisible();
      await userEvent.type(canvas.getByLabelText('Recurring product name'), ' Plus');
      await userEvent.type(canvas.getByLabelText('Skip page path'), '-2');
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Add campaign 305 for the US', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.clear(canvas.getByLabelText('Campaign ID'));
        await userEvent.type(canvas.getByLabelText('Campaign ID'), '305');
        await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
      });
      await expect(m.recurring_campaigns).toEqual([
        { ID: '301', country: '' },
        { uid: freshUid(), ID: '305', country: 'US' },
      ]);
    });
    await step('Add another US campaign: refused, nothing recorded', async () => {
      const before = snapshot(store, doc);
      await userEvent.type(canvas.getByLabelText('Campaign ID'), '306');
      await userEvent.selectOptions(canvas.getByLabelText('Country'), 'US');
      await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
      await expect(canvas.getByText(MSG.recurringCountryAdded('US'))).toBeVisible();
      await expectNothingRecorded(store, doc, before, 1);
    });
    await step('Retype the VIP name: its message goes', async () => {
      const name = canvas.getByLabelText('Recurring product name');
      const m = await undoStep(store, doc, start, () => retype(userEvent, name, 'RevBoost Club'));
      await expect(m.recurring_product_name).toBe('RevBoost Club');
      await expect(canvas.queryByText(MSG.recurringOfferName)).toBeNull();
    });
    await step('Retype the skip page path: its message goes', async () => {
      const path = canvas.getByLabelText('Skip page path');
      const m = await undoStep(store, doc, start, () => retype(userEvent, path, '/upsell-2/'));
      await expect(m.skipPagePath).toBe('/upsell-2/');
      await expect(canvas.queryByText(MSG.pagePath)).toBeNull();
    });
  }),
);

/** A locked funnel: toggles, fields and behaviour buttons are disabled; nothing is recorded. */
export const Locked = meta.story(
  lockedStory(EXTRAS_PAGES.filled, {
    'Toggles, fields and buttons are disabled': async ({ canvas }) => {
      for (const c of canvas.getAllByRole('checkbox')) await expect(c).toBeDisabled();
      await expect(canvas.getByLabelText('Recurring product name')).toBeDisabled();
      await expect(canvas.getByLabelText('Product override price')).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Activate Skip Page' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Deactivate Product Select' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Remove recurring campaign 301' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: '+ Add campaign' })).toBeDisabled();
    },
    'Clicking a behaviour and a toggle records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByRole('button', { name: 'Deactivate Product Select' }));
      await userEvent.click(canvas.getByRole('checkbox', { name: 'Warranty' }));
    },
  }),
);
