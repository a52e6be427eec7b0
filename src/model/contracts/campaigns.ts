/**
 * The campaign routes (000 §7 "Campaigns"; 001 §3, §5) as both sides know them: the campaigns
 * of a funnel or of an offer, one campaign, add by id, create from an offer (one per region),
 * replace and delete. The fulfillment update and the fulfillment CSV upload (multipart) have none.
 */
import { z } from 'zod';
import { CampaignFormSchema, CampaignSchema, CampaignsFromOfferSchema } from '../campaigns';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';

/** Columns the Campaigns tab sorts by on the server (its table: campaign id, name, country, payment, fulfillment). */
export const FUNNEL_CAMPAIGN_SORTS = ['campaign_id', 'name', 'country', 'payment', 'fulfillment'] as const;

/** The campaign routes; `{id}` is the campaign's row ID, except in `ofFunnel` (the funnel's) and `ofOffer` (the offer's row ID). */
export const CAMPAIGN_ROUTES = {
  /** The funnel's campaigns, by ID; with `q`, `sort`, `page` or `per_page` searched, sorted and paged (`X-Total-Count`). */
  ofFunnel: contract({
    method: 'get',
    path: '/api/v1/funnels/{id}/campaigns',
    query: listQuerySchema(FUNNEL_CAMPAIGN_SORTS),
    answer: z.array(CampaignSchema),
  }),
  /** The funnel's campaigns with the list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  exportOfFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/campaigns.csv', query: listQuerySchema(FUNNEL_CAMPAIGN_SORTS), answer: z.string() }),
  /** The offer's own campaigns (those with no funnel), by ID. */
  ofOffer: contract({ method: 'get', path: '/api/v1/offers/{id}/campaigns', answer: z.array(CampaignSchema) }),
  /** One campaign. */
  get: contract({ method: 'get', path: '/api/v1/campaigns/{id}', answer: CampaignSchema }),
  /** Adds a campaign by its platform id (409 'Campaign [id] already added'). */
  create: contract({ method: 'post', path: '/api/v1/campaigns', body: CampaignFormSchema, answer: CampaignSchema, status: 201 }),
  /** Creates one campaign per region from an offer, ids allocated by the order platform. */
  fromOffer: contract({ method: 'post', path: '/api/v1/campaigns/camps', body: CampaignsFromOfferSchema, answer: z.array(CampaignSchema), status: 201 }),
  /** The whole form replaces the campaign. */
  update: contract({ method: 'put', path: '/api/v1/campaigns/{id}', body: CampaignFormSchema, answer: CampaignSchema }),
  /** Deletes the campaign. */
  remove: contract({ method: 'delete', path: '/api/v1/campaigns/{id}', answer: DeletedSchema }),
};
