/**
 * Default meta of each page template layout: the keys the Liquid layouts read and mark with
 * `data-edit`. A new page starts from its template's meta (brief §6, POST /api/v1/pages).
 * Keys named by the seeds (000 §3 page meta, 001 §3) keep those names; texts are our own.
 */

/** SEO keys every layout reads (001 §3 page meta: description, subject, keywords, googleSiteVerification). */
const seo = (subject: string) => ({
  subject,
  description: '',
  keywords: '',
  googleSiteVerification: '',
});

const common = { main_color: 'blue' as const, css: '', customJs: '' };

/** Layout file names under `publish/templates/` (`<layout>.liquid`). */
export const LAYOUTS = ['presell', 'checkout', 'upsell', 'thankyou', 'split'] as const;
/** A layout file name. */
export type Layout = (typeof LAYOUTS)[number];

/** Layout used when a page has no template, by page type (001 §4 page types). */
export const LAYOUT_BY_PAGE_TYPE: Record<string, Layout> = {
  presell: 'presell',
  interstitial: 'presell',
  checkout: 'checkout',
  upsell1: 'upsell',
  upsell2: 'upsell',
  warranty: 'upsell',
  thankyou: 'thankyou',
  thanksagain: 'thankyou',
  split: 'split',
};

/** Default meta per layout (plain JSON; callers clone before use). */
export const DEFAULT_META: Record<Exclude<Layout, 'split'>, Record<string, unknown>> = {
  presell: {
    ...common,
    ...seo('The one change that transformed my routine'),
    eyebrow: 'Editor’s pick',
    headline: 'The one change that transformed my routine',
    subheadline: 'Thousands have already made the switch. Here is why it works.',
    heroImage: '',
    heroAlt: '',
    intro: 'We tested it for 30 days. The results surprised even our most sceptical editor.',
    list: [
      { id: 'l1', boldText: 'Visible results', listText: 'in as little as two weeks.', img: '' },
      { id: 'l2', boldText: 'Made in the USA', listText: 'in an FDA-registered facility.', img: '' },
      { id: 'l3', boldText: '60-day guarantee', listText: 'love it or your money back.', img: '' },
    ],
    reviews: [],
    ctaText: 'Check availability',
    ctaNote: 'Limited stock — offer valid today only.',
  },
  checkout: {
    ...common,
    ...seo('Secure checkout'),
    headline: 'Choose your package',
    subheadline: 'Save up to 70% today — free shipping on bigger packages.',
    stepText: 'Step 1: Select your package',
    products: [],
    reviews: [],
    reviewsTitle: 'What our customers say',
    list: [],
    listTitle: 'Why customers choose us',
    guaranteeTitle: '60-Day Money-Back Guarantee',
    guaranteeText: 'Try it risk-free. If you are not delighted, return it within 60 days for a full refund.',
    ctaText: 'Complete my order',
    securityNote: 'Secure 256-bit SSL encrypted payment',
    withShipping: 'false',
    withFullPrice: 'false',
    outOfStock: 'false',
    productSizes: [],
    productSizeActive: 'false',
    productAddons: [],
    productAddonsActive: 'false',
    warranty: 'false',
    warrantyFrame: '',
    intShipping: [],
    imgSlider: [],
    extraReviews: [],
  },
  upsell: {
    ...common,
    ...seo('Wait! Your order is not complete'),
    eyebrow: 'Wait! Your order is not complete',
    headline: 'Add this special offer to your order',
    subheadline: 'One-time offer — available only on this page.',
    offerText: 'Customers who add this get the best results. Add it now at our lowest price ever.',
    products: [],
    list: [],
    acceptText: 'Yes! Add to my order',
    declineText: 'No thanks, I will pass on this offer',
  },
  thankyou: {
    ...common,
    ...seo('Thank you for your order'),
    headline: 'Thank you for your order!',
    message: 'Your order is confirmed. A receipt is on its way to your inbox.',
    orderNote: 'Orders ship within 24 hours. You will receive tracking details by e-mail.',
    supportText: 'Questions? Our support team is happy to help.',
    list: [],
  },
};
