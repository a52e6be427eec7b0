/**
 * OpenAPI examples, error messages and field descriptions of the campaign routes (routes/campaigns.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_CAMPAIGN } from '../../model/demo-records.ts';
import { MSG } from '../../model/messages.ts';
import { deleted, FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const CAMPAIGN = DEMO_CAMPAIGN;
const NEW_CAMPAIGN = {
  campaign_id: 12003,
  campaign_name: 'GlowSkin UK Network',
  country_code: 'GB',
  scrub: false,
  funnel_id: 1,
  offer_id: 10231,
  description: '',
  sufix: 'Network',
  regions: ['UK'],
  payment_method: 'card',
  shipping_id: 1,
  fulfillment: 'New Jersey',
};

/** What routes/campaigns.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Campaigns', description: 'Order-platform campaigns of a funnel or offer, created one by one or for regions, and their fulfillment' }],
  examples: {
    listFunnelCampaigns: { response: [CAMPAIGN] },
    exportFunnelCampaigns: { response: '\ufeffID,Campaign ID,Name,Country,Payment,Fulfillment,Shipping\r\n1,12001,GlowSkin US,US,card,standard,Standard\r\n' },
    listOfferCampaigns: { response: [CAMPAIGN] },
    getCampaign: { response: CAMPAIGN },
    updateCampaign: {
      request: { ...NEW_CAMPAIGN, campaign_id: 12001, country_code: 'US', regions: ['US'], campaign_name: 'GlowSkin US Network' },
      response: CAMPAIGN,
    },
    deleteCampaign: { response: deleted('Campaign', 1) },
    createCampaign: {
      request: NEW_CAMPAIGN,
      response: { ...CAMPAIGN, ...NEW_CAMPAIGN, ID: 7, name: NEW_CAMPAIGN.campaign_name, country: 'GB', is_scrub: false },
    },
    listPlatformCampaigns: { request: { offer_id: 10231, funnel_id: 1, regions: ['US'], fulfillment: 'New Jersey', sufix: 'Network' }, response: [CAMPAIGN] },
    listFulfillmentCampaigns: {
      request: { campaigns_id: [12001, 12002], fulfillment_id: 'Ecomm' },
      response: { message: 'Fulfillment set to Ecomm for 2 campaigns', updated: 2 },
    },
  },
  errors: {
    listFunnelCampaigns: FUNNEL_404,
    exportFunnelCampaigns: FUNNEL_404,
    listOfferCampaigns: { 404: ['Offer not found'] },
    getCampaign: { 404: ['Campaign not found'] },
    updateCampaign: { 404: ['Campaign not found'], ...LOCKED, 409: [MSG.campaignAdded(12002)], 422: [MSG.campaignId, MSG.onlyNumbers] },
    deleteCampaign: { 404: ['Campaign not found'], ...LOCKED },
    createCampaign: { ...LOCKED, 409: [MSG.campaignAdded(12001)], 422: [MSG.campaignId, MSG.onlyNumbers] },
  },
  fields: {
    'CampaignSchema.name': 'Name of the campaign (as the seeds name it)',
    'CampaignSchema.description': 'Description of the campaign',
    'CampaignFormSchema.description': 'Description of the campaign',
    'CampaignsFromOfferSchema.description': 'Description of the new campaigns',
    'CampaignsFromOfferSchema.funnel_id': 'ID of the funnel the new campaigns belong to',
  },
};
