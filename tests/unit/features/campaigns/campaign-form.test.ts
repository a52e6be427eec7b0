/**
 * The campaign detail's edit values (000 §5): a stored campaign's form values parse back through
 * the API's CampaignFormSchema to the same campaign fields (owner kept), and a fulfillment or
 * suffix outside the seeds' lists is left empty instead of failing the form.
 */
import { describe, expect, it } from 'vitest';
import { campaignFormOf, deleteCampaignQuestion } from '../../../../src/features/campaigns/components/CampaignDetail';
import { CampaignFormSchema, RMSG, type Campaign } from '../../../../src/model';

const c: Campaign = {
  ID: 4,
  campaign_id: 12101,
  campaign_name: 'PureBrite US',
  name: 'PureBrite US',
  country_code: 'US',
  country: 'US',
  scrub: true,
  is_scrub: true,
  funnel_id: 2,
  offer_id: 10245,
  description: 'Main',
  sufix: 'Reship',
  regions: ['US', 'PP'],
  payment_method: 'card',
  shipping_id: null,
  shipping_name: null,
  fulfillment: 'Ecomm',
};

/** The campaign's fields the form edits (not its ID, its display names, the country and scrub aliases or the shipping's name). */
const FORM_FIELDS: (keyof Campaign)[] = [
  'campaign_id',
  'campaign_name',
  'country_code',
  'scrub',
  'funnel_id',
  'offer_id',
  'description',
  'sufix',
  'regions',
  'payment_method',
  'shipping_id',
  'fulfillment',
];

describe('campaignFormOf', () => {
  it('parses back to the campaign', () => {
    expect(CampaignFormSchema.parse(campaignFormOf(c))).toEqual(Object.fromEntries(FORM_FIELDS.map((k) => [k, c[k]])));
  });
  it('leaves an unknown fulfillment or suffix empty; the empty fulfillment then asks for one (required on every write)', () => {
    const form = campaignFormOf({ ...c, fulfillment: 'Mars', sufix: 'Odd' });
    expect(form.fulfillment).toBe('');
    expect(form.sufix).toBe('');
    const r = CampaignFormSchema.safeParse(form);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['fulfillment', RMSG.fulfillment]]);
    expect(CampaignFormSchema.parse({ ...form, fulfillment: 'Ecomm' }).sufix).toBe('');
  });
  it('names the campaign in the delete question', () => {
    expect(deleteCampaignQuestion(c)).toBe('Are you sure you want to delete campaign 12101 (PureBrite US)?');
    expect(deleteCampaignQuestion({ ...c, campaign_name: '' })).toBe('Are you sure you want to delete campaign 12101?');
  });
});
