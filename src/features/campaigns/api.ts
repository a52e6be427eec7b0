/**
 * The campaigns slice's calls (000 §7 "Campaigns"): one campaign (`GET /api/v1/campaigns/{id}`),
 * the campaigns of its owner — its funnel (`GET /api/v1/funnels/{id}/campaigns`) or, for an
 * offer's own campaign, its offer (`GET /api/v1/offers/{id}/campaigns`) — for the duplicate
 * check, add by id (`POST /api/v1/campaigns`), replace (`PUT`) and delete. Answers are parsed
 * with the model's schemas. Add and replace are not notified by the client: a 409 'Campaign
 * [id] already added' is an info toast (`shownWrite`); other refusals the 'Error' toast.
 */
import { useQuery, type Query } from '@tanstack/react-query';
import { call, keys, useWrite, withId } from '../../api';
import { CAMPAIGN_ROUTES, type Campaign, type CampaignFormValues } from '../../model';
import { notify } from '../../ui';

/** Query keys of the slice (a funnel's campaigns use the shared key, so its Campaigns tab refreshes too). */
export const campaignKeys = {
  one: (id: number) => ['campaigns', id] as const,
  ofOffer: (offerRowId: number) => ['offers', 'detail', offerRowId, 'campaigns'] as const,
};

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (404 'Campaign not found', 409 'Campaign [id] already
 * added', 422 with the form's message, 423 for a locked funnel); AnswerShapeError when an answer
 * does not match the model.
 */
export const campaignCalls = {
  /** One campaign (not notified: the screen says 'Campaign {id} not found'). */
  get: (id: number) => call(CAMPAIGN_ROUTES.get, { params: { id }, notify: false }),
  /** The funnel's campaigns. */
  ofFunnel: (funnelId: number) => call(CAMPAIGN_ROUTES.ofFunnel, { params: { id: funnelId } }),
  /** The offer's campaigns (the offer's row ID). */
  ofOffer: (offerRowId: number) => call(CAMPAIGN_ROUTES.ofOffer, { params: { id: offerRowId } }),
  /** 201 with the campaign. */
  create: (body: CampaignFormValues) => call(CAMPAIGN_ROUTES.create, { body, notify: false }),
  /** The whole form replaces the campaign. */
  update: (id: number, body: CampaignFormValues) => call(CAMPAIGN_ROUTES.update, { params: { id }, body, notify: false }),
  /** Deletes the campaign. */
  remove: (id: number) => call(CAMPAIGN_ROUTES.remove, { params: { id } }),
};

/** One campaign (not retried: a 404 is an answer). */
export const useCampaign = (id: number) => useQuery({ queryKey: campaignKeys.one(id), queryFn: () => campaignCalls.get(id), retry: false });

/**
 * The campaigns of `campaign`'s owner: its funnel's, or (no funnel) its offer's — `offerRowId`
 * is that offer's row ID, null while unknown. Undefined data while loading.
 */
export function useOwnerCampaigns(campaign: Campaign | undefined, offerRowId: number | null) {
  const funnelId = campaign?.funnel_id ?? null;
  const byFunnel = useQuery({ queryKey: keys.funnelCampaigns(funnelId ?? 0), queryFn: () => campaignCalls.ofFunnel(funnelId ?? 0), enabled: funnelId != null });
  const byOffer = useQuery({
    queryKey: campaignKeys.ofOffer(offerRowId ?? 0),
    queryFn: () => campaignCalls.ofOffer(offerRowId ?? 0),
    enabled: campaign != null && funnelId == null && offerRowId != null,
  });
  return funnelId != null ? byFunnel : byOffer;
}

/**
 * Add, replace and delete; each refreshes the campaign, its funnel's Campaigns tab and the
 * offers' campaign tabs, and says so. Add and replace show their refusal (`shownWrite`).
 */
export function useCampaignWrites() {
  const o = {
    refresh: [
      { queryKey: ['campaigns'] },
      { predicate: (q: Query) => q.queryKey[0] === 'funnels' && q.queryKey[2] === 'campaigns' },
      { predicate: (q: Query) => q.queryKey[0] === 'offers' && q.queryKey[3] === 'campaigns' },
    ],
    toasts: notify,
  };
  return {
    create: useWrite(campaignCalls.create, { ...o, shown: true, success: (c) => `Added campaign ${c.campaign_id}` }),
    update: useWrite(withId(campaignCalls.update), { ...o, shown: true, success: (c) => `Saved campaign ${c.campaign_id}` }),
    remove: useWrite((c: Pick<Campaign, 'ID' | 'campaign_id'>) => campaignCalls.remove(c.ID), { ...o, success: (_, c) => `Deleted campaign ${c.campaign_id}` }),
  };
}
