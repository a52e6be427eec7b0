/**
 * The connected Domains, Campaigns and Products tabs (their screens in
 * src/features/funnels/screens/): each reads its rows from the API (mocked here with MSW, as
 * the server answers) and a delete the operator confirms reaches the API and refreshes the list.
 */
import preview from '../../../.storybook/preview';

import { http, HttpResponse } from 'msw';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CampaignsTabScreen } from '../../../src/features/funnels/screens/CampaignsTabScreen';
import { DomainsTabScreen } from '../../../src/features/funnels/screens/DomainsTabScreen';
import { ProductsTabScreen } from '../../../src/features/funnels/screens/ProductsTabScreen';
import type { Campaign, Domain } from '../../../src/model';
import { DEMO_CAMPAIGN } from '../../../src/model/demo-records';
import { funnel, products } from '../../../tests/fixtures/demo';

const domain: Domain = {
  ID: 1,
  name: 'glowskin-offer.com',
  funnel_id: funnel.ID,
  domain_id: null,
  parent: null,
  sync: true,
  under_attack: false,
  zone_id: null,
};
const campaign: Campaign = { ...DEMO_CAMPAIGN, funnel_id: funnel.ID, offer_id: funnel.offer };

/** GET `list` answers `rows` (minus what was deleted); DELETE `item` removes it and calls `deleted`. */
function listAndDelete<T extends { ID: number }>(list: string, item: string, rows: T[], deleted: (id: number) => void) {
  let live = rows;
  return [
    http.get(list, () => HttpResponse.json(live)),
    http.delete(item, ({ params }) => {
      const id = Number(params.id);
      deleted(id);
      live = live.filter((r) => r.ID !== id);
      return HttpResponse.json({ message: 'Deleted', ID: id });
    }),
  ];
}

const deleted = fn();
const meta = preview.meta({
  title: 'Funnels/TabScreens',
  component: DomainsTabScreen,
  subcomponents: { CampaignsTabScreen, ProductsTabScreen },
  args: { funnelId: funnel.ID, locked: false },
  beforeEach: () => {
    deleted.mockClear();
  },
});

/** Deletes the row named `name` through its confirmation and waits for the API call and the refreshed list. */
async function deleteRow(canvas: HTMLElement, user: { click: (el: Element) => Promise<void> }, button: string, rowText: string) {
  await user.click(await within(canvas).findByRole('button', { name: button }));
  // The dialog opens after the press is handled; on a busy machine that can take more than findBy's default second.
  const confirm = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(within(canvas).queryByText(rowText)).toBeNull());
}

/** Domains: the funnel's domain is listed; deleting it calls the API and empties the list. */
export const Domains = meta.story({
  parameters: {
    msw: {
      handlers: [
        http.get('/api/v1/domains/', () => HttpResponse.json([domain])),
        ...listAndDelete(`/api/v1/funnels/${funnel.ID}/domains`, '/api/v1/domains/:id', [domain], (id) => deleted(id)),
      ],
    },
  },
  play: async ({ canvasElement, userEvent, step }) => {
    await step('Delete the domain: the API is called', async () => {
      await deleteRow(canvasElement, userEvent, 'Delete glowskin-offer.com', 'glowskin-offer.com');
      await expect(deleted).toHaveBeenCalledWith(1);
    });
    await step('The list is empty', async () => {
      await expect(await within(canvasElement).findByText('No Domains added')).toBeVisible();
    });
  },
});

/** Campaigns: the funnel's campaign is listed with its link; deleting it calls the API and empties the list. */
export const Campaigns = meta.story({
  render: (a) => <CampaignsTabScreen funnelId={a.funnelId} offerId={funnel.offer} locked={a.locked} />,
  parameters: { msw: { handlers: listAndDelete(`/api/v1/funnels/${funnel.ID}/campaigns`, '/api/v1/campaigns/:id', [campaign], (id) => deleted(id)) } },
  play: async ({ canvasElement, userEvent, step }) => {
    await step('The campaign is listed with its link', async () => {
      await expect(await within(canvasElement).findByRole('link', { name: 'Open campaign 12001' })).toHaveAttribute('href', '/campaigns/1');
    });
    await step('Delete it: the API is called', async () => {
      await deleteRow(canvasElement, userEvent, 'Delete campaign 12001', 'GlowSkin US Network');
      await expect(deleted).toHaveBeenCalledWith(1);
    });
  },
});

/** Products: the offer's products are listed; deleting one calls the API and the list loses it. */
export const Products = meta.story({
  render: (a) => <ProductsTabScreen funnelId={a.funnelId} offerId={funnel.offer} locked={a.locked} />,
  parameters: { msw: { handlers: listAndDelete(`/api/v1/funnels/${funnel.ID}/products`, '/api/v1/products/:id', products, (id) => deleted(id)) } },
  play: async ({ canvasElement, userEvent, step }) => {
    const first = products[0]!;
    await step('Delete a product: the API is called', async () => {
      await deleteRow(canvasElement, userEvent, `Delete ${first.name}`, first.name);
      await expect(deleted).toHaveBeenCalledWith(first.ID);
    });
    await step('The other products stay listed', async () => {
      await expect(within(canvasElement).getByText(products[1]!.name)).toBeVisible();
    });
  },
});
