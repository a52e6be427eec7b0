/**
 * Fixtures of the template editor drawer's stories (001 §2 "Template editor" side drawer): the
 * meta of a checkout template and of a thank-you template (their keys decide the tabs, see
 * src/features/template-editor/drawer-tabs.ts) and pages built from tests/fixtures.
 */
import type { Page } from '../../../src/model';
import {
  checkoutPage,
  checkoutProducts,
  demoExtraReviews,
  demoList,
  demoReviews,
  demoShipping,
  demoSlider,
  filledExtras,
  pages,
  templates,
} from '../../../tests/fixtures/demo';

/** A checkout template's meta: every key a checkout page's drawer edits. */
export const checkoutTemplateMeta: Record<string, unknown> = {
  ...templates[1]!.meta,
  headline: '',
  products: [],
  productAddons: [],
  productSizes: [],
  intShipping: [],
  warranty: 'false',
  imgSlider: [],
  reviews: [],
  extraReviews: [],
  list: [],
  description: '',
  subject: '',
  keywords: '',
  googleSiteVerification: '',
  css: '',
  customJs: '',
};

/** A thank-you template's meta: a headline, reviews, a list and two SEO texts (no products, no shipping, no extras). */
export const thankYouTemplateMeta: Record<string, unknown> = { ...templates[3]!.meta, reviews: [], list: [], description: '', subject: '' };

/** A checkout page of funnel 1 with every key of the checkout template filled. */
export const drawerCheckoutPage: Page = {
  ...checkoutPage,
  ID: 51,
  meta: {
    headline: 'Choose your package',
    products: checkoutProducts,
    ...filledExtras,
    reviews: demoReviews,
    extraReviews: demoExtraReviews,
    list: demoList,
    intShipping: demoShipping,
    imgSlider: demoSlider,
    description: 'GlowSkin Vitamin C serum: brighter skin in 14 days',
    subject: 'Skin care',
    keywords: 'serum, vitamin c, skin care',
    css: '.hero { color: #1c2330; }',
    customJs: 'window.dataLayer = window.dataLayer || [];',
  },
};

/** The funnel's thank-you page, with its template's keys filled. */
export const drawerThankYouPage: Page = {
  ...pages[3]!,
  ID: 52,
  meta: {
    headline: 'Thank you for your order',
    reviews: demoReviews.slice(0, 2),
    list: demoList.slice(0, 2),
    description: 'Your order is confirmed',
    subject: 'Order',
  },
};

/** A page without a template whose meta is empty: only Meta, CSS and Javascript appear. */
export const drawerEmptyPage: Page = { ...pages[3]!, ID: 53, template_id: null, meta: {} };

/** A page without a template: its own keys (a list, keywords) decide the tabs. */
export const drawerNoTemplatePage: Page = {
  ...pages[3]!,
  ID: 54,
  template_id: null,
  meta: { headline: 'Thanks', list: demoList.slice(0, 1), keywords: 'thanks' },
};
