import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ExtrasPanel } from '../../../src/features/page-editor/components/panels/ExtrasPanel';
import { MSG } from '../../../src/model';
import { snapshot, freshUid } from '../../helpers';
import { EXTRAS_PAGES, expectNothingRecorded, panelMeta, panelStory, retype, step } from './panel-steps';

const meta = { title: 'Page editor/ExtrasPanel', component: ExtrasPanel, ...panelMeta(EXTRAS_PAGES) } satisfies Meta<typeof ExtrasPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing set yet: toggles store 'true'/'false' strings, VIP Product the boolean `recurring`; behaviours activate. */
export const Empty: Story = panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, store, doc, start }) => {
  const size = canvas.getByRole('checkbox', { name: 'Product Size' });
  await expect(size).toBeDisabled();
  await expect(size).toHaveAccessibleDescription(MSG.sizeChoice);
  await expect(canvas.queryByLabelText('Recurring product name')).toBeNull();

  let m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Product Extra' })));
  await expect(m.productAddonsActive).toBe('true');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Warranty' })));
  await expect(m.warranty).toBe('true');
  await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toHaveAccessibleDescription(MSG.warrantyFrame);

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Journey fixed price' })));
  await expect(m.warrantyJourney).toBe('true');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'VIP Product (recurring)' })));
  await expect(m.recurring).toBe(true);
  await expect(canvas.getByText(MSG.recurringOfferName)).toBeVisible();

  // Typing coalesces into one step; only a name with 'vip' or 'revboost' is stored.
  m = await step(store, doc, start, () => userEvent.type(canvas.getByLabelText('Recurring product name'), 'VIP Gold'));
  await expect(m.recurring_product_name).toBe('VIP Gold');
  await expect(canvas.queryByText(MSG.recurringOfferName)).toBeNull();

  m = await step(store, doc, start, async () => {
    await userEvent.type(canvas.getByLabelText('Campaign ID'), '301');
    await userEvent.selectOptions(canvas.getByLabelText('Country'), 'GB_PP');
    await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
  });
  await expect(m.recurring_campaigns).toEqual([{ uid: freshUid(), ID: '301', country: 'GB_PP' }]);
  await expect(canvas.getByRole('cell', { name: 'GB (PayPal)' })).toBeVisible();

  const skip = within(canvas.getByRole('group', { name: 'Skip Page' }));
  m = await step(store, doc, start, () => userEvent.click(skip.getByRole('button', { name: 'Activate Skip Page' })));
  await expect(m.skipPage).toBe('true');
  await expect(skip.getByText('Active')).toBeVisible();
  await expect(skip.getByText(MSG.pagePath)).toBeVisible();

  m = await step(store, doc, start, () => userEvent.type(skip.getByLabelText('Skip page path'), '/upsell-2/'));
  await expect(m.skipPagePath).toBe('/upsell-2/');
  await expect(skip.queryByText(MSG.pagePath)).toBeNull();

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Activate Product Select' })));
  await expect(m.productSelect).toBe('true');

  m = await step(store, doc, start, () => userEvent.type(canvas.getByLabelText('Product override price'), '19.5'));
  await expect(m.product_override_price).toBe(19.5);
  await expect(m).toMatchObject({ productAddonsActive: 'true', warranty: 'true', warrantyJourney: 'true', recurring: true, skipPage: 'true', productSelect: 'true' });
});

/** Everything set: deactivate a behaviour, edit the campaign list, clear the override price, turn VIP off. */
export const Filled: Story = panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, store, doc, start }) => {
  await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeChecked();
  await expect(canvas.getByRole('checkbox', { name: 'VIP Product (recurring)' })).toBeChecked();
  await expect(canvas.getByLabelText('Recurring product name')).toHaveValue('VIP Club Membership');
  await expect(canvas.queryAllByRole('alert')).toEqual([]);

  let m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Deactivate Product Select' })));
  await expect(m.productSelect).toBe('false');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove recurring campaign 302' })));
  await expect(m.recurring_campaigns).toEqual([{ ID: '301', country: 'US' }]);

  m = await step(store, doc, start, async () => {
    await userEvent.selectOptions(canvas.getByLabelText('Country'), 'CA');
    await userEvent.type(canvas.getByLabelText('Campaign ID'), '303{Enter}');
  });
  await expect(m.recurring_campaigns).toEqual([{ ID: '301', country: 'US' }, { uid: freshUid(), ID: '303', country: 'CA' }]);

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Clear override price' })));
  await expect('product_override_price' in m).toBe(false);
  await expect(canvas.getByLabelText('Product override price')).toHaveValue('');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'VIP Product (recurring)' })));
  await expect(m.recurring).toBe(false);
  await expect(m.recurring_product_name).toBe('VIP Club Membership'); // kept for when VIP is turned back on
  await expect(canvas.queryByLabelText('Recurring product name')).toBeNull();
});

/** The seeds' messages for each broken rule; missing, duplicate and malformed input records nothing. */
export const Invalid: Story = panelStory(EXTRAS_PAGES.invalid, async ({ canvas, userEvent, store, doc, start }) => {
  await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toHaveAccessibleDescription(MSG.sizeChoice);
  await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toHaveAccessibleDescription(MSG.warrantyFrame);
  await expect(canvas.getByText(MSG.recurringOfferName)).toBeVisible();
  await expect(canvas.getByRole('row', { name: /301/ })).toHaveTextContent(MSG.recurringCampaign);
  await expect(canvas.getByText(MSG.pagePath)).toBeVisible();

  // A campaign without a country, a duplicate ID, letters in an ID, a wrong name or path: nothing recorded.
  await userEvent.type(canvas.getByLabelText('Campaign ID'), '305');
  await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
  await expect(within(canvas.getByRole('form', { name: 'Add a recurring campaign' })).getByRole('alert')).toHaveTextContent(MSG.recurringCampaign);
  await userEvent.clear(canvas.getByLabelText('Campaign ID'));
  await userEvent.type(canvas.getByLabelText('Campaign ID'), '301');
  await userEvent.selectOptions(canvas.getByLabelText('Country'), 'US');
  await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
  await expect(canvas.getByText(MSG.campaignAdded('301'))).toBeVisible();
  await userEvent.type(canvas.getByLabelText('Recurring offer ID'), 'x1');
  await expect(canvas.getByText(MSG.onlyNumbers)).toBeVisible();
  await userEvent.type(canvas.getByLabelText('Recurring product name'), ' Plus');
  await userEvent.type(canvas.getByLabelText('Skip page path'), '-2');
  await expectNothingRecorded(store, doc, start, 0);

  let m = await step(store, doc, start, async () => {
    await userEvent.clear(canvas.getByLabelText('Campaign ID'));
    await userEvent.type(canvas.getByLabelText('Campaign ID'), '305');
    await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
  });
  await expect(m.recurring_campaigns).toEqual([{ ID: '301', country: '' }, { uid: freshUid(), ID: '305', country: 'US' }]);
  const before = snapshot(store, doc);
  await userEvent.type(canvas.getByLabelText('Campaign ID'), '306');
  await userEvent.selectOptions(canvas.getByLabelText('Country'), 'US');
  await userEvent.click(canvas.getByRole('button', { name: '+ Add campaign' }));
  await expect(canvas.getByText(MSG.recurringCountryAdded('US'))).toBeVisible();
  await expectNothingRecorded(store, doc, before, 1);

  const name = canvas.getByLabelText('Recurring product name');
  m = await step(store, doc, start, () => retype(userEvent, name, 'RevBoost Club'));
  await expect(m.recurring_product_name).toBe('RevBoost Club');
  await expect(canvas.queryByText(MSG.recurringOfferName)).toBeNull();

  const path = canvas.getByLabelText('Skip page path');
  m = await step(store, doc, start, () => retype(userEvent, path, '/upsell-2/'));
  await expect(m.skipPagePath).toBe('/upsell-2/');
  await expect(canvas.queryByText(MSG.pagePath)).toBeNull();
});

/** A locked funnel: toggles, fields and behaviour buttons are disabled; nothing is recorded. */
export const Locked: Story = panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, store, doc, start }) => {
  for (const c of canvas.getAllByRole('checkbox')) await expect(c).toBeDisabled();
  await expect(canvas.getByLabelText('Recurring product name')).toBeDisabled();
  await expect(canvas.getByLabelText('Product override price')).toBeDisabled();
  await expect(canvas.getByRole('button', { name: 'Activate Skip Page' })).toBeDisabled();
  await expect(canvas.getByRole('button', { name: 'Deactivate Product Select' })).toBeDisabled();
  await expect(canvas.getByRole('button', { name: 'Remove recurring campaign 301' })).toBeDisabled();
  await expect(canvas.getByRole('button', { name: '+ Add campaign' })).toBeDisabled();
  await userEvent.click(canvas.getByRole('button', { name: 'Deactivate Product Select' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Warranty' }));
  await expectNothingRecorded(store, doc, start, 0);
}, { args: { locked: true } });
