/**
 * The campaigns slice's calls (000 §7 "Campaigns"): one campaign (`GET /api/v1/campaigns/{id}`),
 * the campaigns of its owner — its funnel (`GET /api/v1/funnels/{id}/campaigns`) or, for an
 * offer's own campaign, its offer (`GET /api/v1/offers/{id}/campaigns`) — for the duplicate
 * check, add by id (`POST /api/v1/campaigns`), replace (`PUT`) and delete. Answers are parsed
 * with the model's schemas. Add and replace are not notified by the client: a 409 'Campaign
 * [id] already added' is an info toast ({@link shownWrite}); other refusals the 'Error' toast.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, keys, reportFailure, request, requestParsed } from '../../api';
import { CampaignSchema, type Campaign, type CampaignFormValues } from '../../model';
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
  /** `GET /api/v1/campaigns/{id}` (not notified: the screen says 'Campaign {id} not found'). */
  get: (id: number) => requestParsed(CampaignSchema, 'GET', `/api/v1/campaigns/${id}`, { notify: false }),
  /** `GET /api/v1/funnels/{id}/campaigns`. */
  ofFunnel: (funnelId: number) => requestParsed(z.array(CampaignSchema), 'GET', `/api/v1/funnels/${funnelId}/campaigns`),
  /** `GET /api/v1/offers/{id}/campaigns` (the offer's row ID). */
  ofOffer: (offerRowId: number) => requestParsed(z.array(CampaignSchema), 'GET', `/api/v1/offers/${offerRowId}/campaigns`),
  /** `POST /api/v1/campaigns`: 201 with the campaign. */
  create: (body: CampaignFormValues) => requestParsed(CampaignSchema, 'POST', '/api/v1/campaigns', { body, notify: false }),
  /** `PUT /api/v1/campaigns/{id}`: the whole form replaces the campaign. */
  update: (id: number, body: CampaignFormValues) => requestParsed(CampaignSchema, 'PUT', `/api/v1/campaigns/${id}`, { body, notify: false }),
  /** `DELETE /api/v1/campaigns/{id}`. */
  remove: (id: number) => request<unknown>('DELETE', `/api/v1/campaigns/${id}`),
};

/**
 * Runs a write; a 409 is shown as the info toast (000 §8 'Campaign [id] already added'),
 * anything else as the 'Error' toast, and rethrown so the dialog stays open.
 * @throws the write's error.
 */
export async function shownWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) notify.info(e.message);
    else if (e instanceof ApiError) {
      reportFailure(e, false); // a 401 still signs out
      notify.error(e.message);
    }
    throw e;
  }
}

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

/** Add, replace and delete; each refreshes the campaign, its funnel's Campaigns tab and the offers' campaign tabs. */
export function useCampaignWrites() {
  const qc = useQueryClient();
  const onSuccess = () => {
    void qc.invalidateQueries({ queryKey: ['campaigns'] });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'funnels' && q.queryKey[2] === 'campaigns' });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'offers' && q.queryKey[3] === 'campaigns' });
  };
  return {
    create: useMutation({ mutationFn: campaignCalls.create, onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: CampaignFormValues }) => campaignCalls.update(id, body), onSuccess }),
    remove: useMutation({ mutationFn: campaignCalls.remove, onSuccess }),
  };
}
