/**
 * The funnel page's forms on their own: the campaign form, the product form and a page's
 * settings dialog. Each is filled as an operator does; the seed's messages show for what is
 * wrong, and only a valid form is saved.
 */
import preview from '../../../.storybook/preview';

import type { ReactNode } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CampaignForm } from '../../../src/ui/catalog/CampaignForms';
import { PageSettingsDialog } from '../../../src/features/funnels/components/PageSettings';
import { ProductForm } from '../../../src/ui/catalog/ProductForm';
import type { Page } from '../../../src/model';
import { pages, templates } from '../../../tests/fixtures/demo';
import { snapshot, storeOf, expectUndoRedoAll } from '../../helpers';
import { retype, saveExpecting } from '../../dialog-steps';
import { typeProduct } from '../products/product-form';

const onSave = fn(() => Promise.resolve());
const onClose = fn();
/** A form with its Save button, as the dialogs host it. */
const withSave = (form: ReactNode, id: string) => (
  <>
    {form}
    <button type="submit" form={id}>
      Save
    </button>
  </>
);

const meta = preview.meta({
  title: 'Funnels/FunnelForms',
  component: CampaignForm,
  subcomponents: { PageSettingsDialog },
  args: { id: 'campaign-form', takenIds: [12001], defaultValues: { funnel_id: 1 }, onSave },
  beforeEach: () => {
    onSave.mockClear();
    onClose.mockClear();
  },
  render: (a) => withSave(<CampaignForm {...a} />, a.id),
});

/** Campaign by id (000 §5, §8): required, digits only, an id already in the funnel refused; a new id is saved. */
export const Campaign = meta.story({
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('Save empty: the id is missing', async () => {
      await saveExpecting(userEvent, canvasElement, ['Missing Campaign Id', 'Please select at least one region', 'Please select fulfillment']);
    });
    await step('Pick a region and a fulfillment (001 §5: required on every campaign)', async () => {
      await userEvent.click(canvas.getByLabelText('CA'));
      await userEvent.selectOptions(canvas.getByLabelText('Fulfillment'), 'New Jersey');
    });
    const id = canvas.getByLabelText('Campaign Id');
    await step('Save letters: only numbers', async () => {
      await userEvent.type(id, '12a');
      await saveExpecting(userEvent, canvasElement, ['Input only numbers']);
    });
    await step('Save an id already in the funnel: refused, nothing saved', async () => {
      await retype(userEvent, id, '12001');
      await saveExpecting(userEvent, canvasElement, ['Campaign 12001 already added']);
      await expect(onSave).not.toHaveBeenCalled();
    });
    await step('Save a new id: it is saved', async () => {
      await retype(userEvent, id, '12009');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ campaign_id: 12009, regions: ['CA'], fulfillment: 'New Jersey' })));
    });
  },
});

/** Product (001 §5): the 'Missing …' messages, max quantity 100 by default; a filled form is saved. */
export const Product = meta.story({
  render: () => withSave(<ProductForm id="product-form" defaultValues={{ offer_id: 10234 }} onSave={onSave} />, 'product-form'),
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('Max quantity is 100 by default', async () => {
      await expect(canvas.getByLabelText('Max quantity')).toHaveValue('100');
    });
    await step('Save empty: every missing field is said, nothing saved', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      for (const m of ['Missing Product Name', 'Missing Description', 'Missing SKU', 'Missing Cost of Goods', 'Missing Price', 'Missing Shipping Weight']) {
        await expect(await canvas.findByText(m)).toBeVisible();
      }
      await expect(onSave).not.toHaveBeenCalled();
    });
    await step('Fill the form and save: it is saved', async () => {
      await typeProduct(userEvent, canvasElement, { name: 'Hair Mask', description: 'Deep care', sku: 'HM-1', cost: '2.5', price: '12.5', weight: '0.2' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Hair Mask', sku: 'HM-1', product_price: 12.5, max_quantity: 100 })),
      );
    });
  },
});

const upsell = pages[2]!;
const doc = `page:${upsell.ID}` as const;

/** Page settings: renaming is one command on the page document; the seed's path message; undo/redo exact. */
export const PageSettings = meta.story({
  parameters: { editorDocs: { [doc]: upsell } },
  render: () => <PageSettingsDialog page={upsell} pages={pages} templates={templates} part="settings" onClose={onClose} />,
  play: async ({ userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const dialog = await screen.findByRole('dialog', { name: `Page settings: ${upsell.name}` });
    const before = snapshot<Page>(store, doc);
    await step('Rename the page: the page document changes', async () => {
      await userEvent.type(within(dialog).getByLabelText('Name'), ' 2');
      await expect(snapshot<Page>(store, doc).name).toBe(`${upsell.name} 2`);
    });
    await step("Clear the path: the seed's path message", async () => {
      await userEvent.clear(within(dialog).getByLabelText('Page path'));
      await expect(within(dialog).getByText('Please input valid page path, it must start and end with slash.')).toBeVisible();
    });
    await step('Undo and redo restore the exact page', async () => {
      await expectUndoRedoAll(store, doc, before);
    });
    await step('Done closes the dialog', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await expect(onClose).toHaveBeenCalled();
    });
  },
});

/** Locked funnel: the page's settings show but cannot be changed. */
export const PageSettingsLocked = meta.story({
  parameters: { editorDocs: { [doc]: upsell } },
  render: () => <PageSettingsDialog page={upsell} pages={pages} templates={templates} part="settings" locked onClose={onClose} />,
  play: async ({ step }) => {
    const dialog = await screen.findByRole('dialog', { name: `Page settings: ${upsell.name}` });
    await step('The settings show but cannot be changed', async () => {
      await expect(within(dialog).getByLabelText('Name')).toBeDisabled();
      await expect(within(dialog).getByLabelText('Next page')).toBeDisabled();
    });
  },
});
