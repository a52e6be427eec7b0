/**
 * The panels and settings each page type offers (src/model/page-panels.ts): one table
 * the page editor's tabs, the drawer's panel slots and the release sentences read.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_PANELS, PAGE_TYPES, PANELS_BY_PAGE_TYPE, pageHasPanel, pageHasSetting, pageTypesWithPanel } from '../../../src/model/index.ts';

describe('PANELS_BY_PAGE_TYPE', () => {
  it("covers every page type, in the editor's panel order", () => {
    for (const t of PAGE_TYPES) {
      const list = PANELS_BY_PAGE_TYPE[t];
      expect(list.map((p) => PAGE_PANELS.indexOf(p))).toEqual([...list.map((p) => PAGE_PANELS.indexOf(p))].sort((a, b) => a - b));
    }
  });

  it('order pages have every panel; articles, thank-you and split pages only what they render', () => {
    for (const t of ['checkout', 'upsell1', 'upsell2', 'warranty']) expect(PANELS_BY_PAGE_TYPE[t as 'checkout']).toEqual(PAGE_PANELS);
    expect(PANELS_BY_PAGE_TYPE.presell).toEqual(['extras', 'template', 'reviews', 'extraReviews', 'lists', 'slider']);
    expect(PANELS_BY_PAGE_TYPE.thankyou).toEqual(['template', 'reviews', 'extraReviews', 'lists']);
    expect(PANELS_BY_PAGE_TYPE.split).toEqual([]);
    expect(pageHasPanel('presell', 'products')).toBe(false);
    expect(pageTypesWithPanel('shipping')).toEqual(['checkout', 'upsell1', 'upsell2', 'warranty']);
  });

  it('settings of a panel that only some page types render', () => {
    expect(pageHasSetting('presell', 'skipPage')).toBe(true);
    expect(pageHasSetting('presell', 'withShipping')).toBe(false);
    expect(pageHasSetting('upsell1', 'productSelect')).toBe(false);
    expect(pageHasSetting('checkout', 'productSelect')).toBe(true);
    expect(pageHasSetting('thankyou', 'main_color')).toBe(true);
    expect(pageHasSetting('thankyou', 'skipPage')).toBe(false);
    expect(pageHasSetting('checkout', 'headline')).toBe(true);
  });
});
