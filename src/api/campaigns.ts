/**
 * The funnel page's Campaigns tab calls (000 §7 "Campaigns"): the funnel's campaigns, add by
 * id, edit, delete, create from the funnel's offer (one campaign per region) and the
 * fulfilment CSV upload. Answers are parsed with the model's schemas; every write refreshes
 * the funnel's campaigns. Also what both CSV uploads share: reading a refused file's reasons.
 */
import { keys } from './keys';
import { call, urlOf } from './call';
import { useWrite } from './crud';
import { uploadFiles } from './upload';
import { CAMPAIGN_ROUTES, PREVIEW_ROUTES, type CampaignFormValues, type CampaignsFromOfferValues } from '../model';

/**
 * The funnel's campaigns as plain calls (the hook below wraps them).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const campaignReads = {
  /** `GET /api/v1/funnels/{id}/campaigns` (000 §7): the funnel's campaigns, by ID. */
  funnelCampaigns: (funnelId: number) => call(CAMPAIGN_ROUTES.ofFunnel, { params: { id: funnelId } }),
};

/**
 * Campaign writes of 000 §7 for one funnel: add by id (`POST /campaigns`; a duplicate is 409
 * 'Campaign [id] already added'), replace (`PUT /campaigns/{id}`), delete, create from the
 * offer (`POST /campaigns/camps`, answers the new campaigns) and the fulfilment CSV upload
 * (`POST /csv_upload/sticky/campaigns_fulfillment`, multipart with progress 0…1). Each
 * refreshes the funnel's campaigns; a refused call rejects with the ApiError the client has shown.
 */
export function useCampaignMutations(funnelId: number) {
  const o = { refresh: [{ queryKey: keys.funnelCampaigns(funnelId) }], awaitRefresh: true };
  return {
    create: useWrite((f: CampaignFormValues) => call(CAMPAIGN_ROUTES.create, { body: { ...f, funnel_id: funnelId } }), o),
    update: useWrite(
      ({ id, form }: { id: number; form: CampaignFormValues }) => call(CAMPAIGN_ROUTES.update, { params: { id }, body: { ...form, funnel_id: funnelId } }),
      o,
    ),
    remove: useWrite((id: number) => call(CAMPAIGN_ROUTES.remove, { params: { id } }), o),
    fromOffer: useWrite((f: CampaignsFromOfferValues) => call(CAMPAIGN_ROUTES.fromOffer, { body: { ...f, funnel_id: funnelId } }), o),
    uploadFulfillment: useWrite(
      ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
        uploadFiles(PREVIEW_ROUTES.fulfillmentCsv.answer, urlOf(PREVIEW_ROUTES.fulfillmentCsv, {}), [file], { onProgress }),
      { ...o, settled: true },
    ),
  };
}
