/**
 * The offer form's pure parts (001 §5, §8): the duplicate check by offer id (never against the
 * offer itself), a stored offer's form values parsing back to the same offer through the API's
 * schema, and the offer page's tab names (an unknown tab is not one: the screen redirects).
 */
import { describe, expect, it } from 'vitest';
import { offerDefaults, offerDuplicate } from '../../../../src/features/offers/components/OfferForm';
import { OFFER_TABS } from '../../../../src/features/offers/components/OfferTabs';
import { isOfferTab } from '../../../../src/features/offers/tabs/context';
import { OfferBodySchema, type Offer } from '../../../../src/model';

const offers: Offer[] = [
  { ID: 1, offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin', platform: 'sticky', store_id: 1, store: { ID: 1, name: 'Main' } },
  { ID: 2, offer_id: 20310, ef_offer_id: null, name: 'FlexFit', platform: '29next', store_id: 2, store: { ID: 2, name: 'EU' } },
];

describe('offerDuplicate', () => {
  it("refuses another offer's id with the 001 §8 text", () => {
    expect(offerDuplicate(offers, 20310)).toBe('Offer 20310 already exists');
    expect(offerDuplicate(offers, 20310, 1)).toBe('Offer 20310 already exists');
  });
  it('lets an offer keep its own id, and a free id pass', () => {
    expect(offerDuplicate(offers, 20310, 2)).toBeNull();
    expect(offerDuplicate(offers, 30001)).toBeNull();
  });
});

describe('offerDefaults', () => {
  it("gives form values that parse back to the offer's fields (a missing Everflow id stays null)", () => {
    for (const o of offers) {
      const { ID: _id, store: _store, ...fields } = o;
      expect(OfferBodySchema.parse(offerDefaults(o))).toEqual(fields);
    }
  });
});

describe('isOfferTab', () => {
  it('knows the tabs funnels, products, campaign (001 §2) and nothing else', () => {
    expect(OFFER_TABS).toEqual(['funnels', 'products', 'campaign']);
    for (const t of OFFER_TABS) expect(isOfferTab(t)).toBe(true);
    for (const t of ['campaigns', 'Funnels', '', undefined, '__proto__']) expect(isOfferTab(t)).toBe(false);
  });
});
