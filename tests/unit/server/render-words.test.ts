/**
 * The published page's own words follow the funnel's language (000 §9 languages en,
 * de, fr), as its money does: a de and a fr funnel publish every page type with no English word
 * of the layouts left, their own words instead; an unknown language falls back to English.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { newPageProduct, type Funnel } from '../../../src/model/index.ts';
import { renderPage } from '../../../src/server/publish/render.ts';
import { WORDS, wordsFor, type Words } from '../../../src/server/publish/words.ts';
import { cream, funnel, serum, twoSizes } from './render-fixtures.ts';

const review = { id: 'r1', avatar: '', user: 'Ann', reviewTitle: 'Toll', review: '<p>Super</p>', country: 'DE' };
/** Every setting on, so every word of the layouts is used. */
const meta = {
  products: [
    { ...newPageProduct(serum, 40, 1), showDiscount: true, free_ship: true },
    { ...newPageProduct(serum, 70, 2), showDiscount: true, preselected: true },
    { ...newPageProduct(cream, 30, 1), showDiscount: true },
  ],
  withShipping: 'true',
  withFullPrice: 'true',
  outOfStock: 'true',
  skipPage: 'true',
  skipPagePath: '/next/',
  productSelect: 'true',
  warranty: 'true',
  warrantyFrame: 'warranty1',
  productSizeActive: 'true',
  productSizes: twoSizes(),
  productAddonsActive: 'true',
  productAddons: [
    {
      id: 'a1',
      name: 'Bag',
      description: '',
      frame: 'frame1',
      type: 'bundle',
      color: 'blue',
      place: '',
      tag: '',
      products: [{ id: '5', data_name: 'Bag', data_price: 5, data_org: 9, quantity: 1 }],
    },
    {
      id: 'a2',
      name: 'Box',
      description: '',
      frame: 'frame1',
      type: 'multi',
      color: 'blue',
      place: '',
      tag: '',
      products: [{ id: '6', data_name: 'Box', data_price: 5, data_org: 9, data_size: 'S', quantity: 2 }],
    },
    {
      id: 'a3',
      name: 'Kit',
      description: '',
      frame: 'frame1',
      type: 'product',
      color: 'blue',
      place: '',
      tag: '',
      products: [{ id: '7', data_name: 'Kit', data_price: 8, quantity: 2 }],
    },
  ],
  recurring: true,
  recurring_product_name: 'VIP Club',
  recurring_product_price: 9,
  reviews: [review],
  extraReviews: [review],
  list: [{ id: 'l1', boldText: 'A', listText: 'B', img: '' }],
  intShipping: [{ id: 's1', shipping_id: '1', country: 'DE', price: 5 }],
  imgSlider: [{ id: 'i1', img: '/images/a.jpg' }],
};
/** The fixture funnel in `language`, selling in euros to Germany with a service contact, an FAQ and a manual. */
const funnelOf = (language: string): Funnel => ({
  ...funnel,
  name: 'Funnel',
  currency: 'EUR',
  language: language as 'de',
  countries: ['DE'],
  cs_number: '+49 30 123',
  cs_email: 'help@shop.example',
  details: {
    ...funnel.details,
    dl_offer_name: 'GlowSkin',
    faq: [{ uid: 'f', faq_id: '1', faq_question: 'Q?', faq_content: [{ uid: 'c', faq_ct_text: 'A.' }] }],
    manual: [{ uid: 'm', manual_id: '1', manual_img: '/images/m.png' }],
  },
});
const pages = new Map([
  [1, { ID: 1, page_path: '/' }],
  [2, { ID: 2, page_path: '/page/' }],
  [3, { ID: 3, page_path: '/next/' }],
]);
const TYPES = ['presell', 'checkout', 'upsell1', 'thankyou', 'split'] as const;

/** Everything a visitor reads or hears on the page: its text, alt texts, aria-labels (no script or style). */
async function wordsOn(type: string, language: string): Promise<string> {
  const html = await renderPage(
    { ID: 2, name: 'Page', page_type: type as 'checkout', page_path: '/page/', page_id: 3, page_alt_id: 3, split: [], meta: structuredClone(meta) },
    null,
    funnelOf(language),
    { pagesById: pages },
  );
  const doc = new JSDOM(html).window.document;
  doc.querySelectorAll('script, style').forEach((e) => e.remove());
  const attrs = [...doc.querySelectorAll('[alt], [aria-label]')].map((e) => `${e.getAttribute('alt') ?? ''} ${e.getAttribute('aria-label') ?? ''}`);
  return `${doc.body.textContent ?? ''} ${attrs.join(' ')}`.replace(/\s+/g, ' ');
}

/** The fixed parts (4+ letters, places such as {name} cut out) of every English word that the other language says differently. */
function englishParts(other: Words): string[] {
  // The words, plus each English default text (its own key) with its translation.
  const flat = (w: Words, english: boolean) =>
    ({ ...w, texts: '', ...Object.fromEntries(Object.entries(other.texts).map(([k, v]) => [k, english ? k : v])) }) as Record<string, string>;
  const en = flat(WORDS.en, true);
  const them = flat(other, false);
  return Object.keys(en)
    .filter((k) => en[k] !== them[k] && en[k] !== '')
    .flatMap((k) =>
      en[k]!.split(/\{\w+\}|\|/)
        .map((s) => s.trim())
        .filter((s) => s.length >= 4 && !Object.values(them).some((t) => t.includes(s))),
    );
}

describe.each(['de', 'fr'] as const)('a %s funnel', (language) => {
  const w = WORDS[language];
  it.each(TYPES)('publishes a %s page in its own words, none of the English ones', async (type) => {
    const text = await wordsOn(type, language);
    for (const part of englishParts(w)) expect(text, `English "${part}" on a ${language} ${type} page`).not.toContain(part);
    // Country names in the language too (CLDR): the review's and the shipping table's Germany.
    if (type !== 'split' && type !== 'thankyou') expect(text).toContain(language === 'de' ? 'Deutschland' : 'Allemagne');
  });

  it('says its words on the checkout: secure site, step 1, sold out, shipping, the form', async () => {
    const text = await wordsOn('checkout', language);
    for (const word of [
      w.secureSite,
      w.texts['Step 1: Select your package']!,
      w.soldOut,
      w.shippingDetails,
      w.firstName,
      w.zip,
      w.chooseSize,
      w.protectTitle,
      w.verified,
      w.faqTitle,
      w.yourOrder,
    ]) {
      expect(text).toContain(word);
    }
  });
});

describe('an unknown language', () => {
  it('falls back to English', async () => {
    expect(wordsFor('es')).toBe(WORDS.en);
    const text = await wordsOn('checkout', 'es');
    expect(text).toContain('Secure site');
    expect(text).toContain('Step 1: Select your package');
  });
});
