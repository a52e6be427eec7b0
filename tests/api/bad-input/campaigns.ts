/** Bad-input cases of routes/campaigns.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import { FUNNEL_CAMPAIGN_SORTS } from '../../../src/model/contracts/campaigns.ts';
import { type Spec, badListQuery } from './shared.ts';

/** The spec of each route of routes/campaigns.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/funnels/{id}/campaigns': { params: { id: '1' }, badQuery: badListQuery(FUNNEL_CAMPAIGN_SORTS) },
  'GET /api/v1/funnels/{id}/campaigns.csv': { params: { id: '1' }, badQuery: badListQuery(FUNNEL_CAMPAIGN_SORTS) },
  'GET /api/v1/offers/{id}/campaigns': { params: { id: '1' } },
  'GET /api/v1/campaigns/{id}': { params: { id: '1' } },
  'POST /api/v1/campaigns': {
    body: { campaign_id: '45555', funnel_id: 2, regions: ['US'], fulfillment: 'Ecomm' },
    required: ['campaign_id', 'funnel_id', 'regions', 'fulfillment'],
  },
  'POST /api/v1/campaigns/camps': { body: { offer_id: 10231, regions: ['US'], fulfillment: 'Ecomm' }, required: ['offer_id', 'regions', 'fulfillment'] },
  'POST /api/v1/campaigns/fulfillment': {
    body: { campaigns_id: '12001', fulfillment_id: 'Ecomm' },
    required: ['campaigns_id', 'fulfillment_id'],
    arraysOk: ['campaigns_id'],
  },
  'PUT /api/v1/campaigns/{id}': {
    params: { id: '1' },
    body: { campaign_id: '45555', funnel_id: 1, regions: ['US'], fulfillment: 'Ecomm' },
    required: ['campaign_id', 'funnel_id', 'regions', 'fulfillment'],
  },
  'DELETE /api/v1/campaigns/{id}': { params: { id: '1' } },
};
