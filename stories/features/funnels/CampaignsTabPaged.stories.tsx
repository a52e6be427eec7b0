/**
 * The Campaigns tab of a funnel with many campaigns, searched, sorted and paged on the server
 * (the msw handler answers with the server's list rules, list-mock.ts): the shared list play —
 * pages, a search, a sort both ways, no match with Clear search, Back.
 */
import preview from '../../../.storybook/preview';

import { http } from 'msw';
import { CampaignsTabScreen } from '../../../src/features/funnels/screens/CampaignsTabScreen';
import type { Campaign } from '../../../src/model';
import { funnel } from '../../../tests/fixtures/demo';
import { ListRoute } from '../../list-address';
import { fieldSorts, mockListAnswer, type MockList } from '../../list-mock';
import { playSearchSortPage } from '../../list-play';
import { screenHandlers } from '../../screens';

const COUNTRIES = ['US', 'CA', 'UK', 'DE'] as const;
/** 60 campaigns; every fourth is on the "Network" channel (15 in all). */
const CAMPAIGNS: Campaign[] = Array.from({ length: 60 }, (_, i) => {
  const name = `GlowSkin ${i % 4 === 0 ? 'Network' : 'Direct'} ${String(i + 1).padStart(3, '0')}`;
  const country = COUNTRIES[i % 4] ?? 'US';
  return {
    ID: i + 1,
    campaign_id: 13_000 + i,
    campaign_name: name,
    name,
    country_code: country,
    country,
    scrub: false,
    is_scrub: false,
    funnel_id: funnel.ID,
    offer_id: funnel.offer,
    description: '',
    sufix: '',
    regions: [country],
    payment_method: i % 2 ? 'card' : 'paypal',
    shipping_id: 1,
    shipping_name: 'Standard',
    fulfillment: 'New Jersey',
  };
});

/** The funnel campaign list's search and sort as the server has them (routes/campaigns.ts FUNNEL_CAMPAIGN_LIST). */
const CAMPAIGN_MOCK_LIST: MockList<Campaign> = {
  sorts: fieldSorts<Campaign>({
    campaign_id: 'campaign_id',
    name: 'campaign_name',
    country: 'country_code',
    payment: 'payment_method',
    fulfillment: 'fulfillment',
  }),
  id: (c) => c.ID,
  text: (c) => [c.campaign_name, c.country_code, c.description],
  numbers: (c) => [c.campaign_id],
};

const PATH = `/funnels/${funnel.ID}/campaigns`;
const meta = preview.meta({
  title: 'Funnels/CampaignsTabPaged',
  component: CampaignsTabScreen,
  args: { funnelId: funnel.ID, offerId: funnel.offer, locked: false },
  render: (args) => (
    <ListRoute path={PATH}>
      <CampaignsTabScreen {...args} />
    </ListRoute>
  ),
  parameters: {
    msw: {
      handlers: [
        http.get(`/api/v1/funnels/${funnel.ID}/campaigns`, ({ request }) => mockListAnswer(request, CAMPAIGNS, CAMPAIGN_MOCK_LIST)),
        ...screenHandlers(),
      ],
    },
  },
});

/** Pages, search, sort by name both ways, no match, Back — each in the address. */
export const SearchSortPage = meta.story({
  play: (ctx) =>
    playSearchSortPage(ctx, {
      path: PATH,
      table: 'Campaigns',
      noun: 'campaigns',
      total: 60,
      search: 'network',
      matches: 15,
      column: 1,
      sort: { header: /^Name/, key: 'name' },
      firstAsc: 'GlowSkin Network 001',
      firstDesc: 'GlowSkin Network 057',
    }),
});
