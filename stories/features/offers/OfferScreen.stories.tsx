/**
 * /offers/{id}/{tab} (001 §2 "Offer page; tabs: funnels, products, campaign"): each
 * tab's table filled and empty ('No Products added'), Add product with the product form's
 * messages, '+ Add Campaign' by id (the offer as owner) and Create campaigns from offer with a
 * suffix of 001 §9, each body asserted; an unknown tab redirects to funnels; an unknown offer
 * says so; the offer edited and deleted from its page; a role that may not write sees no actions.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { recordingStory, type Sent } from '../../screens';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectToast } from '../../helpers';
import { MSG, RMSG } from '../../../src/model';
import { OfferScreen } from '../../../src/features/offers/screens/OfferScreen';
import { OfferNotFound, OfferPage, offerNotFound } from '../../../src/features/offers/components/OfferPage';
import {
  NO_OFFER_CAMPAIGNS,
  NO_OFFER_PRODUCTS,
  OfferCampaignsTable,
  OfferFunnelsTable,
  OfferProductsTable,
} from '../../../src/features/offers/components/OfferTabs';
import { AtOffer } from './at-offer';
import { catalogHandlers } from './fixtures';
import { retype, saveExpecting, stepValue, typeFields } from '../../dialog-steps';

const at = (url: string) => () => <AtOffer url={url} />;
const meta = preview.meta({
  title: 'Offers/OfferScreen',
  component: OfferScreen,
  subcomponents: { OfferPage, OfferNotFound, OfferFunnelsTable, OfferProductsTable, OfferCampaignsTable },
  render: at('/offers/1/funnels'),
  parameters: { msw: { handlers: catalogHandlers() } },
});

/** A story of the page opened at `url` whose writes the catalogue handlers log (see {@link recordingStory}). */
const recordingAt = (url: string, play: (ctx: StoryContext, sent: Sent[]) => Promise<void>) => ({
  render: at(url),
  ...recordingStory((sent) => catalogHandlers({ sent }), play),
});

const cellsOf = (table: HTMLElement, col: number) => [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[col]?.textContent);

/** Funnels tab: the offer's heading and badges, the funnels using it, each opening its funnel page. */
export const Funnels = meta.story({
  play: async ({ canvas, step }) => {
    await step("The offer's name and ids", async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Vitamin C Serum' }, { timeout: 5000 })).toBeVisible();
      await expect(canvas.getByText('Offer ID 10231')).toBeVisible();
      await expect(canvas.getByText('Everflow ID 512')).toBeVisible();
    });
    await step('The Funnels tab lists its funnels with links', async () => {
      await expect(canvas.getByRole('tab', { name: 'Funnels' })).toHaveAttribute('aria-selected', 'true');
      const table = await canvas.findByRole('table', { name: 'Funnels of the offer' });
      await expect(within(table).getByRole('link', { name: 'GlowSkin Serum Funnel' })).toHaveAttribute('href', '/funnels/1/domains');
    });
  },
});

/** Products tab: the offer's products with billing model names, each linking to its detail. */
export const Products = meta.story({
  render: at('/offers/1/products'),
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step("The Products tab lists the offer's products", async () => {
      table = await canvas.findByRole('table', { name: 'Products of the offer' }, { timeout: 5000 });
      await expect(cellsOf(table, 1)).toEqual(['GlowSkin Serum 30ml', 'GlowSkin Serum 60ml']);
    });
    await step('A row shows its billing model and links to the product', async () => {
      await expect(within(table).getByRole('row', { name: /60ml/ })).toHaveTextContent('30 Day Subscription');
      await expect(within(table).getByRole('link', { name: 'GlowSkin Serum 30ml' })).toHaveAttribute('href', '/products/1');
    });
  },
});

/** Products tab of an offer without products: 'No Products added'. */
export const ProductsEmpty = meta.story({
  render: at('/offers/1/products'),
  parameters: { msw: { handlers: catalogHandlers({ products: [] }) } },
  play: async ({ canvas, step }) => {
    await step('The empty state', async () => {
      await expect(await canvas.findByText(NO_OFFER_PRODUCTS, {}, { timeout: 5000 })).toBeVisible();
    });
    await step('No products table', async () => {
      await expect(canvas.queryByRole('table', { name: 'Products of the offer' })).toBeNull();
    });
  },
});

/** Add product: the product form's 'Missing …' messages first, then the product is added with max quantity 100. */
export const AddProduct = meta.story(
  recordingAt('/offers/2/products', async ({ canvas, userEvent, step }, sent) => {
    const dialog = await stepValue(step, 'Add product opens the form', async () => {
      await canvas.findByRole('table', { name: 'Products of the offer' }, { timeout: 5000 });
      await userEvent.click(await canvas.findByRole('button', { name: 'Add product' }));
      return screen.findByRole('dialog', { name: 'Add product' });
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await step("Save it empty: the seed's messages; nothing sent", async () => {
      await userEvent.click(save);
      for (const m of [MSG.productName, RMSG.description, RMSG.sku, RMSG.costOfGoods, RMSG.price, RMSG.shippingWeight])
        await expect(await within(dialog).findByText(m)).toBeVisible();
      await expect(within(dialog).getByLabelText('Max quantity')).toHaveValue('100');
      await expect(sent).toEqual([]);
    });
    await step('Fill in the product and save', async () => {
      await typeFields(userEvent, dialog, {
        'Product name': 'FlexFit Door Anchor',
        Description: 'Anchor for the bands',
        SKU: 'FF-ANC-1',
        'Cost of goods': '1.2',
        Price: '9.95',
        'Shipping weight': '0.1',
      });
      await userEvent.selectOptions(within(dialog).getByLabelText('Product vertical'), 'Sports & Fitness');
      await userEvent.click(save);
    });
    await step('The request and the new row', async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
      await expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/v1/products',
          body: {
            offer_id: 20310,
            product_id: null,
            name: 'FlexFit Door Anchor',
            description: 'Anchor for the bands',
            sku: 'FF-ANC-1',
            cost_of_goods: 1.2,
            product_price: 9.95,
            shipping_weight: 0.1,
            max_quantity: 100,
            billing_model: 2,
            product_category: 'Sports & Fitness',
            shipping_id: null,
          },
        },
      ]);
      const table = canvas.getByRole('table', { name: 'Products of the offer' });
      await waitFor(() => expect(cellsOf(table, 1)).toEqual(['FlexFit Band Set', 'FlexFit Door Anchor']));
    });
  }),
);

/** Campaign tab: the offer's campaigns; '+ Add Campaign' refuses a taken id, then adds 12003 with the offer as owner. */
export const AddCampaign = meta.story(
  recordingAt('/offers/1/campaign', async ({ canvas, userEvent, step }, sent) => {
    const table = await stepValue(step, "The Campaigns tab lists the offer's campaigns with links", async () => {
      const found = await canvas.findByRole('table', { name: 'Campaigns of the offer' }, { timeout: 5000 });
      await expect(cellsOf(found, 0)).toEqual(['12001', '12002']);
      await expect(within(found).getByRole('link', { name: 'Open campaign 12002' })).toHaveAttribute('href', '/campaigns/2');
      return found;
    });
    const dialog = await stepValue(step, '+ Add Campaign opens the form', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: '+ Add Campaign' }));
      return screen.findByRole('dialog', { name: 'Add campaign' });
    });
    const id = within(dialog).getByLabelText('Campaign Id');
    await step("Save it empty: the seed's message", async () => {
      await saveExpecting(userEvent, dialog, [MSG.campaignId, RMSG.regions]);
      await userEvent.click(within(dialog).getByLabelText('US'));
      await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'Ecomm');
    });
    await step('An id with letters: only numbers', async () => {
      await userEvent.type(id, '12x');
      await saveExpecting(userEvent, dialog, [MSG.onlyNumbers]);
    });
    await step("An id already added: the seed's message; nothing sent", async () => {
      await retype(userEvent, id, '12002');
      await saveExpecting(userEvent, dialog, [MSG.campaignAdded(12002)]);
      await expect(sent).toEqual([]);
    });
    await step('Add 12003: the request and the new row', async () => {
      await retype(userEvent, id, '12003');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add campaign' })).toBeNull());
      await expect(sent).toHaveLength(1);
      await expect(sent[0]).toMatchObject({
        method: 'POST',
        path: '/api/v1/campaigns',
        body: { campaign_id: 12003, offer_id: 10231, funnel_id: null, regions: ['US'], fulfillment: 'Ecomm' },
      });
      await waitFor(() => expect(cellsOf(table, 0)).toEqual(['12001', '12002', '12003']));
    });
  }),
);

/** Create campaigns from offer: regions and fulfillment required, then one campaign per region with the chosen suffix. */
export const CreateFromOffer = meta.story(
  recordingAt('/offers/2/campaign', async ({ canvas, userEvent, step }, sent) => {
    let dialog!: HTMLElement;
    await step('The empty state', async () => {
      await expect(await canvas.findByText(NO_OFFER_CAMPAIGNS, {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Create campaigns from offer opens the form with the suffixes', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Create campaigns from offer' }));
      dialog = await screen.findByRole('dialog', { name: 'Create campaigns from offer' });
      await expect([...within(dialog).getByLabelText('Suffix').querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'Network',
        'Network2',
        'Reship',
        'VIP Upsell1',
        'Klaviyo',
        'Default',
      ]);
    });
    await step("Save it empty: the seed's messages; nothing sent", async () => {
      await saveExpecting(userEvent, dialog, [RMSG.regions, RMSG.fulfillment]);
      await expect(sent).toEqual([]);
    });
    await step('Pick regions, fulfillment and suffix, then save', async () => {
      await userEvent.click(within(dialog).getByLabelText('US'));
      await userEvent.click(within(dialog).getByLabelText('DE'));
      await userEvent.selectOptions(within(dialog).getByLabelText('Fulfillment'), 'SRLC');
      await userEvent.selectOptions(within(dialog).getByLabelText('Suffix'), 'Reship');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await step('The request and the new campaigns', async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create campaigns from offer' })).toBeNull());
      await expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/v1/campaigns/camps',
          body: { offer_id: 20310, funnel_id: null, regions: ['US', 'DE'], fulfillment: 'SRLC', sufix: 'Reship', description: '' },
        },
      ]);
      const table = await canvas.findByRole('table', { name: 'Campaigns of the offer' }, { timeout: 5000 });
      await expect(within(table).getAllByRole('row')).toHaveLength(3);
      await expect(table).toHaveTextContent('Reship');
    });
  }),
);

/** An unknown tab redirects to the first tab (funnels). */
export const UnknownTab = meta.story({
  render: at('/offers/1/nope'),
  play: async ({ canvas, step }) => {
    await step('The Funnels tab is selected', async () => {
      await expect(await canvas.findByRole('tab', { name: 'Funnels' }, { timeout: 5000 })).toHaveAttribute('aria-selected', 'true');
    });
    await step('Its table shows', async () => {
      await expect(await canvas.findByRole('table', { name: 'Funnels of the offer' })).toBeVisible();
    });
  },
});

/** An unknown offer: 'Offer 99 not found' with the way back; a non-numeric id likewise. */
export const UnknownOffer = meta.story({
  render: at('/offers/99/products'),
  play: async ({ canvas, step }) => {
    await step('The not-found heading', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: offerNotFound('99') }, { timeout: 5000 })).toBeVisible();
    });
    await step('A link back to Offers', async () => {
      await expect(canvas.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
    });
  },
});

/** Edit and delete from the offer page: the name saved; Delete (after the confirmation) returns to /offers. */
export const EditAndDelete = meta.story(
  recordingAt('/offers/2/funnels', async ({ canvas, userEvent, step }, sent) => {
    await step('Rename the offer: the heading and the request', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Edit offer' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit FlexFit Resistance Bands' });
      await retype(userEvent, within(dialog).getByLabelText('Offer name'), 'FlexFit Bands');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await canvas.findByRole('heading', { level: 1, name: 'FlexFit Bands' }, { timeout: 5000 })).toBeVisible();
      await expect(sent[0]).toEqual({
        method: 'PUT',
        path: '/api/v1/offers/2',
        body: { offer_id: 20310, ef_offer_id: null, name: 'FlexFit Bands', platform: '29next', store_id: 2 },
      });
    });
    await step('Delete the offer: back to Offers, the request and the toast', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete offer' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete offer' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await expect(await canvas.findByText('Navigated to /offers', {}, { timeout: 5000 })).toBeVisible();
      await expect(sent[1]).toEqual({ method: 'DELETE', path: '/api/v1/offers/2', body: null });
      await expectToast('Offer 20310 FlexFit Bands deleted');
    });
  }),
);

/** A role without the writes (the sticky account): the tables, but no Edit, Delete, Add product or campaign actions. */
export const Forbidden = meta.story({
  render: at('/offers/1/campaign'),
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: async ({ canvas, step }) => {
    await step('The campaigns load', async () => {
      await canvas.findByRole('table', { name: 'Campaigns of the offer' }, { timeout: 5000 });
    });
    await step('No edit, delete or add controls', async () => {
      await expect(canvas.queryByRole('button', { name: 'Edit offer' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: 'Delete offer' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: '+ Add Campaign' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: 'Create campaigns from offer' })).toBeNull();
    });
  },
});
