import { describe, expect, it } from 'vitest';
import { FLOW_MSG, flowProblems, splitPercentValue, splitShares, type FlowCheckPage, type FlowCheckSplitCondition, type Page } from '../../../src/model';
import { demoData } from '../../../src/server/db/seed.ts';

/** A page of funnel 1 with the given links; a checkout page gets one product. */
const page = (
  ID: number,
  name: string,
  page_type: string,
  page_path: string,
  page_id: number | null,
  page_alt_id: number | null = null,
  extra: Partial<FlowCheckPage> = {},
): FlowCheckPage => ({
  ID,
  name,
  page_type,
  page_path,
  page_id,
  page_alt_id,
  split: [],
  meta: page_type === 'checkout' ? { products: [{ product_id: 1 }] } : {},
  ...extra,
});
const percent = (value: string): FlowCheckSplitCondition => ({ type: 'percent', param: '', value });
const match = (param: string, value: string): FlowCheckSplitCondition => ({ type: 'match', param, value });

/** presell → checkout → upsell (skip: thank-you) → thank-you: no problem. */
const linear = (): FlowCheckPage[] => [
  page(1, 'Presell', 'presell', '/', 2),
  page(2, 'Checkout', 'checkout', '/checkout/', 3),
  page(3, 'Upsell', 'upsell1', '/upsell/', 4, 4),
  page(4, 'Thank You', 'thankyou', '/thank-you/', null),
];
const check = (pages: FlowCheckPage[], funnel: Partial<{ page_id: number | null; offer: number | null }> = {}, offerExists = true) =>
  flowProblems({ funnel: { page_id: 1, offer: 20320, ...funnel }, pages, offerExists });
const codes = (pages: FlowCheckPage[], funnel?: Partial<{ page_id: number | null; offer: number | null }>, offerExists?: boolean) =>
  check(pages, funnel, offerExists).map((p) => [p.level, p.code, p.pageId]);

describe('splitPercentValue and splitShares (the published split page draws once against the summed share)', () => {
  it('reads only strings of digits as percentages', () => {
    expect(splitPercentValue('50')).toBe(50);
    expect(splitPercentValue('0')).toBe(0);
    expect(splitPercentValue('007')).toBe(7);
    for (const hostile of ['1e3', '-5', '', '50.5', ' 5', '0x10', 'Infinity', '５０', undefined]) expect(splitPercentValue(hostile)).toBeNull();
  });

  it('sums the percent conditions as the skip share, the rest goes to the next page; match conditions take no share', () => {
    expect(splitShares({ split: [] })).toEqual({ skip: 0, next: 100 });
    expect(splitShares({})).toEqual({ skip: 0, next: 100 });
    expect(splitShares({ split: [percent('30'), percent('20'), match('src', 'fb')] })).toEqual({ skip: 50, next: 50 });
    expect(splitShares({ split: [percent('100')] })).toEqual({ skip: 100, next: 0 });
    expect(splitShares({ split: [percent('80'), percent('50')] })).toEqual({ skip: 130, next: -30 });
    // Hostile values count as nothing here (the check reports them).
    expect(splitShares({ split: [percent('1e3'), percent('-5'), percent(''), percent('50.5'), percent('40')] })).toEqual({ skip: 40, next: 60 });
  });
});

describe('flowProblems', () => {
  it('finds nothing in a complete linear funnel', () => {
    expect(check(linear())).toEqual([]);
  });

  it('finds no error in the demo funnels (they must publish)', () => {
    const d = demoData();
    for (const f of d.funnels) {
      const pages: Page[] = d.pages.filter((p) => p.funnel_id === f.ID);
      const problems = flowProblems({ funnel: f, pages, offerExists: d.offers.some((o) => o.offer_id === f.offer) });
      expect(
        problems.filter((p) => p.level === 'error'),
        `funnel ${f.ID}`,
      ).toEqual([]);
    }
  });

  it("errors: 'no-pages' and 'no-offer' without pages and offer, in today's wording", () => {
    expect(check([], { page_id: null, offer: null }, false)).toEqual([
      { level: 'error', code: 'no-pages', message: FLOW_MSG.noPages },
      { level: 'error', code: 'no-offer', message: 'No Offer added: please insert offer in Funnel Details' },
    ]);
    expect(codes(linear(), {}, false)).toEqual([['error', 'no-offer', undefined]]);
    expect(codes(linear(), { offer: 0 }, true)).toEqual([['error', 'no-offer', undefined]]);
  });

  it("errors: 'no-index' when the index page is not set or not a page of the funnel; nothing is then called unreachable", () => {
    expect(check(linear(), { page_id: null })).toEqual([
      { level: 'error', code: 'no-index', message: 'No index page: select the index page in Funnel Details' },
    ]);
    expect(codes(linear(), { page_id: 99 })).toEqual([['error', 'no-index', undefined]]);
  });

  it("errors: 'missing-target' for a next or a skip link to a page that does not exist", () => {
    const pages = linear();
    pages[2] = page(3, 'Upsell', 'upsell1', '/upsell/', 77, 78);
    const found = check(pages);
    expect(found.filter((p) => p.code === 'missing-target')).toEqual([
      { level: 'error', code: 'missing-target', pageId: 3, message: FLOW_MSG.missingTarget('Upsell (/upsell/)', 'next') },
      { level: 'error', code: 'missing-target', pageId: 3, message: FLOW_MSG.missingTarget('Upsell (/upsell/)', 'skip') },
    ]);
    expect(found[0]!.message).toBe('Upsell (/upsell/) has a next page that does not exist: choose its Next page again in Settings');
    // The thank-you page is no longer reached: a warning after the errors.
    expect(found.map((p) => p.code)).toEqual(['missing-target', 'missing-target', 'unreachable']);
  });

  it("errors: 'no-products' for a checkout page without products", () => {
    for (const meta of [{}, { products: [] }, null]) {
      const pages = linear();
      pages[1] = { ...pages[1]!, meta };
      expect(check(pages)).toEqual([
        { level: 'error', code: 'no-products', pageId: 2, message: 'Checkout (/checkout/) has no products: add them in its Products panel' },
      ]);
    }
  });

  describe("errors: 'split-percent'", () => {
    /** Presell → Split A (/split/): skip to B, next to C; both go to the thank-you page. */
    const withSplit = (split: FlowCheckSplitCondition[], next: number | null = 12, skip: number | null = 11) => [
      page(1, 'Presell', 'presell', '/', 10),
      page(10, 'Split A', 'split', '/split/', next, skip, { split }),
      page(11, 'Checkout B', 'checkout', '/b/', 4),
      page(12, 'Checkout C', 'checkout', '/c/', 4),
      page(4, 'Thank You', 'thankyou', '/thank-you/', null),
    ];

    it('accepts shares that add up to 100 with both links set, and match conditions', () => {
      for (const split of [[percent('50')], [percent('30'), percent('70')], [percent('0')], [percent('100')], [match('utm_source', 'fb'), percent('25')]]) {
        expect(check(withSplit(split)), JSON.stringify(split)).toEqual([]);
      }
    });

    it('refuses a sum over 100, saying what the next page would get', () => {
      expect(check(withSplit([percent('80'), percent('50')]))).toEqual([
        { level: 'error', code: 'split-percent', pageId: 10, message: 'Split A (/split/) percentages add up to 130%: the next page would get -30%' },
      ]);
    });

    it.each(['1e3', '-5', '', '50.5', 'abc'])('refuses the value %j', (value) => {
      expect(check(withSplit([percent('10'), percent(value)]))).toEqual([
        { level: 'error', code: 'split-percent', pageId: 10, message: FLOW_MSG.splitValue('Split A (/split/)', value) },
      ]);
    });

    it('refuses a share > 0 towards a link that is not set', () => {
      const noSkip = check(withSplit([percent('40')], 12, null));
      expect(noSkip[0]).toEqual({ level: 'error', code: 'split-percent', pageId: 10, message: FLOW_MSG.splitNoSkip('Split A (/split/)', 40) });
      const noNext = check(withSplit([percent('40')], null, 11));
      expect(noNext[0]).toEqual({ level: 'error', code: 'split-percent', pageId: 10, message: FLOW_MSG.splitNoNext('Split A (/split/)', 60) });
      // 100% to the skip page needs no next page (but is a dead end for the check: no next page).
      expect(codes(withSplit([percent('100')], null, 11))).toEqual([
        ['warning', 'dead-end', 10],
        ['warning', 'unreachable', 12],
      ]);
      // 0% to the skip page needs no skip page.
      expect(codes(withSplit([percent('0')], 12, null))).toEqual([['warning', 'unreachable', 11]]);
    });

    it("warns 'split-empty' for a split page without conditions", () => {
      expect(check(withSplit([]))).toEqual([
        {
          level: 'warning',
          code: 'split-empty',
          pageId: 10,
          message: 'Split A (/split/) is a split page without conditions: every visitor goes to its next page',
        },
      ]);
    });
  });

  it("warns 'unreachable' for a page no next or skip link leads to from the index page", () => {
    const pages = [...linear(), page(5, 'Old checkout', 'checkout', '/old/', 3)];
    expect(check(pages)).toEqual([
      {
        level: 'warning',
        code: 'unreachable',
        pageId: 5,
        message: 'Old checkout (/old/) cannot be reached: no next or skip page leads to it from the index page',
      },
    ]);
    // Reached only by a skip link: reachable.
    const skipOnly = linear();
    skipOnly[2] = page(3, 'Upsell', 'upsell1', '/upsell/', 4, 5);
    expect(check([...skipOnly, page(5, 'Downsell', 'upsell2', '/downsell/', 4)])).toEqual([]);
  });

  it("warns 'dead-end' for a reached page without next page or redirect before a thank-you page", () => {
    const pages = linear();
    pages[2] = page(3, 'Upsell', 'upsell1', '/upsell/', null);
    expect(check(pages)).toEqual([
      {
        level: 'warning',
        code: 'dead-end',
        pageId: 3,
        message: 'Upsell (/upsell/) is a dead end: visitors stop there before a thank-you page (set its Next page or a redirect)',
      },
      { level: 'warning', code: 'unreachable', pageId: 4, message: FLOW_MSG.unreachable('Thank You (/thank-you/)') },
    ]);
    // A redirect is a way on; an empty redirect path is not.
    pages[2] = page(3, 'Upsell', 'upsell1', '/upsell/', null, null, { meta: { redirect: { path: 'https://example.com/' } } });
    expect(codes(pages)).toEqual([['warning', 'unreachable', 4]]);
    pages[2] = page(3, 'Upsell', 'upsell1', '/upsell/', null, null, { meta: { redirect: { path: '' } } });
    expect(codes(pages)).toEqual([
      ['warning', 'dead-end', 3],
      ['warning', 'unreachable', 4],
    ]);
    // Thank-you pages end a flow; an unreached page without next page is only unreachable.
    const ends = [
      page(1, 'Presell', 'presell', '/', 2, 3),
      page(2, 'Thanks', 'thankyou', '/t/', null),
      page(3, 'Thanks again', 'thanksagain', '/t2/', null),
      page(9, 'Lost', 'presell', '/lost/', null),
    ];
    expect(codes(ends)).toEqual([['warning', 'unreachable', 9]]);
  });

  it('lists errors first, then warnings, each in flow order (from the index page, then unreached pages by path)', () => {
    const pages = [
      page(30, 'Zed', 'presell', '/zed/', null),
      page(4, 'Thank You', 'thankyou', '/thank-you/', null),
      page(2, 'Checkout', 'checkout', '/checkout/', 3, null, { meta: {} }),
      page(3, 'Split', 'split', '/split/', 4, 20, { split: [] }),
      page(1, 'Presell', 'presell', '/', 2),
      page(20, 'Alpha', 'checkout', '/alpha/', null, 99, { meta: {} }),
      page(31, 'Beta', 'checkout', '/beta/', 4, null, { meta: {} }),
    ];
    expect(codes(pages, {}, false)).toEqual([
      ['error', 'no-offer', undefined],
      ['error', 'no-products', 2],
      ['error', 'missing-target', 20],
      ['error', 'no-products', 20],
      ['error', 'no-products', 31],
      ['warning', 'split-empty', 3],
      ['warning', 'dead-end', 20],
      ['warning', 'unreachable', 31],
      ['warning', 'unreachable', 30],
    ]);
  });
});
