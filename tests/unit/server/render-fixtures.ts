/**
 * What the renderer tests render with: a funnel (USD, en, US) and two offer products.
 * Shared by render.test.ts, render-settings.test.ts and render-words.test.ts.
 */
import type { Funnel } from '../../../src/model/index.ts';

/** A funnel in progress with an offer name and no other details. */
export const funnel: Funnel = {
  ID: 7,
  name: 'Test Funnel',
  offer: 1,
  currency: 'USD',
  language: 'en',
  countries: ['US'],
  page_id: 1,
  cs_number: '',
  cs_email: '',
  locked: false,
  archived: false,
  publish_status: 'progress',
  version: 1,
  details: {
    dl_offer_name: 'Test Offer',
    favicon: '',
    logo: '',
    logo_white: '',
    GTM: '',
    OPT: '',
    UA: '',
    guarantee: '',
    cf_site_key: '',
    cf_secret_key: '',
    faq: [],
    manual: [],
    bannerImageAffid: [],
  },
};

/** Two sizes, S and M, for the size choice (productSizes); a new array each call. */
export const twoSizes = () => [
  { id: 's', name: 'S' },
  { id: 'm', name: 'M' },
];

/** Two products of the offer. */
export const serum = { product_id: 4101, name: 'Serum' };
export const cream = { product_id: 4102, name: 'Cream' };
