/**
 * Campaigns (seed sections 000 §3, §5; 001 §3, §5): the campaign as the API answers it, the
 * campaign form (add by id, edit), campaign creation from an offer (one campaign per region),
 * the fulfillment update and one row of the campaigns fulfillment CSV.
 */
import { z } from 'zod';
import { CAMPAIGN_REGIONS, FULFILLMENTS, LIMITS, OFFER_SUFFIXES } from './constants';
import { bool, digitsId, optionalRefId, optionalText, refId, RMSG } from './fields';
import { MSG } from './messages';

/** A campaign as the API answers it: 000's names plus 001's (`name`, `country`, `is_scrub`, `shipping_name`). */
export const CampaignSchema = z
  .object({
    ID: z.number().int(),
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    name: z.string(),
    country_code: z.string(),
    country: z.string(),
    scrub: z.boolean(),
    is_scrub: z.boolean(),
    funnel_id: z.number().int().nullable(),
    offer_id: z.number().int().nullable(),
    description: z.string(),
    sufix: z.string(),
    regions: z.array(z.enum(CAMPAIGN_REGIONS)),
    payment_method: z.string(),
    shipping_id: z.number().int().nullable(),
    shipping_name: z.string().nullable(),
    fulfillment: z.string(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof CampaignSchema>;

const countryCode = z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, RMSG.countryCode)], { error: RMSG.countryCode }).default('');

/**
 * A campaign's regions (001 §5): at least one of US, CA, PP, DE, UK, each once ('Please select
 * at least one region'). Every campaign write keeps it: the forms, the wizard, the API.
 */
export const campaignRegions = z
  .array(z.enum(CAMPAIGN_REGIONS, { error: RMSG.regions }), { error: RMSG.regions })
  .min(1, RMSG.regions)
  .max(CAMPAIGN_REGIONS.length, RMSG.regions)
  .refine((r) => new Set(r).size === r.length, RMSG.regions);

/**
 * A campaign's fulfillment (001 §5: required; New Jersey, Ecomm or SRLC, 'Please select
 * fulfillment'). The forms start it at '' (nothing chosen), which is refused.
 */
export const campaignFulfillment = z.union([z.literal(''), z.enum(FULFILLMENTS)], { error: RMSG.fulfillment }).refine((f) => f !== '', RMSG.fulfillment);

/**
 * The campaign form (Add campaign by id, 000 §2; edit): campaign id digits only, at most 5
 * ('Missing Campaign Id', 'Input only numbers'); it belongs to a funnel or an offer; at least
 * one region and a fulfillment (001 §5, {@link campaignRegions}, {@link campaignFulfillment}).
 */
export const CampaignFormSchema = z
  .object({
    campaign_id: digitsId(LIMITS.campaignId, MSG.campaignId, RMSG.campaignIdLength),
    campaign_name: optionalText(255),
    country_code: countryCode,
    scrub: bool('Scrub must be on or off').default(false),
    funnel_id: optionalRefId(RMSG.selectFunnel),
    offer_id: optionalRefId(RMSG.selectOffer),
    description: optionalText(2000),
    sufix: z.union([z.literal(''), z.enum(OFFER_SUFFIXES)], { error: RMSG.sufix }).default(''),
    regions: campaignRegions,
    payment_method: optionalText(50),
    shipping_id: optionalRefId('Please select a shipping method'),
    fulfillment: campaignFulfillment,
  })
  .refine((c) => c.funnel_id != null || c.offer_id != null, { message: RMSG.campaignOwner, path: ['funnel_id'] });
export type CampaignForm = z.input<typeof CampaignFormSchema>;

/**
 * Campaign creation from an offer (000 §2; 001 §5): at least one region of US, CA, PP, DE,
 * UK and a fulfillment are required; the platform makes one campaign per region
 * (`POST /api/v1/campaigns/camps`).
 */
export const CampaignsFromOfferSchema = z.object({
  offer_id: refId(RMSG.selectOffer),
  funnel_id: optionalRefId(RMSG.selectFunnel),
  regions: campaignRegions,
  fulfillment: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
  sufix: z.enum(OFFER_SUFFIXES, { error: RMSG.sufix }).default('Default'),
  description: optionalText(2000),
});
export type CampaignsFromOffer = z.input<typeof CampaignsFromOfferSchema>;

/** `POST /api/v1/campaigns/fulfillment` (000 §7): the platform campaign id(s) and the fulfillment. */
export const CampaignFulfillmentSchema = z.object({
  campaigns_id: z.union(
    [
      digitsId(LIMITS.campaignId, RMSG.campaignIds, RMSG.campaignIdLength).transform((n) => [n]),
      z
        .array(digitsId(LIMITS.campaignId, RMSG.campaignIds, RMSG.campaignIdLength))
        .min(1, RMSG.campaignIds)
        .max(500, RMSG.campaignIds),
    ],
    { error: RMSG.campaignIds },
  ),
  fulfillment_id: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
});

/** One row of the campaigns fulfillment CSV (`csv_upload/sticky/campaigns_fulfillment`). */
export const CampaignFulfillmentRowSchema = z.object({
  campaign_id: digitsId(LIMITS.campaignId, MSG.campaignId, RMSG.campaignIdLength),
  fulfillment: z.enum(FULFILLMENTS, { error: RMSG.fulfillment }),
});

/** A valid campaign form as the schema outputs it (000 §5: campaign id a number of ≤ 5 digits). */
export type CampaignFormValues = z.output<typeof CampaignFormSchema>;
/** A valid "Campaign creation from an offer" form (001 §5: ≥ 1 region, a fulfilment). */
export type CampaignsFromOfferValues = z.output<typeof CampaignsFromOfferSchema>;
