import { describe, expect, it } from 'vitest';
import {
  AddonSchema,
  MSG,
  PageExtrasSchema,
  canChooseSize,
  flag,
  isOn,
  isRecurringOfferName,
  newAddon,
  nextId,
  pageExtrasErrors,
  recurringCampaignError,
  sizeNameError,
} from '../../../src/model';
import { extrasEmptyPage, extrasFilledPage, extrasInvalidPage } from '../../fixtures/demo';

describe('page-editor side panel meta (000 §3–§5)', () => {
  it('stores toggles as the strings true/false', () => {
    expect(flag(true)).toBe('true');
    expect(flag(false)).toBe('false');
    expect(isOn('true')).toBe(true);
    expect(isOn(true)).toBe(false); // only the string counts, as 000 §4 stores it
  });

  it("accepts the filled and empty fixtures and reports each broken rule of the invalid one in the seeds' words", () => {
    expect(PageExtrasSchema.safeParse(extrasFilledPage.meta).success).toBe(true);
    expect(pageExtrasErrors(extrasEmptyPage.meta)).toEqual({});
    expect(pageExtrasErrors(extrasInvalidPage.meta)).toMatchObject({
      warrantyFrame: MSG.warrantyFrame,
      productSizeActive: MSG.sizeChoice,
      'productAddons.0.products': MSG.addonProducts,
      'productAddons.1.products.0.data_name': MSG.productName,
      'productAddons.1.products.0.data_price': MSG.price,
      recurring_product_name: MSG.recurringOfferName,
      'recurring_campaigns.0': MSG.recurringCampaign,
      skipPagePath: MSG.pagePath,
      main_color: MSG.mainColor,
      withShipping: MSG.flag,
    });
  });

  it('needs 2 sizes for the size choice and distinct, non-empty size names', () => {
    expect(canChooseSize([{ id: 'size-1', name: 'S' }])).toBe(false);
    expect(
      canChooseSize([
        { id: 'size-1', name: 'S' },
        { id: 'size-2', name: 'M' },
      ]),
    ).toBe(true);
    const sizes = [{ id: 'size-1', name: 'S' }];
    expect(sizeNameError('  ', sizes)).toBe(MSG.sizeName);
    expect(sizeNameError('s', sizes)).toBe(MSG.sizeExists('s'));
    expect(sizeNameError('s', sizes, 'size-1')).toBeUndefined(); // renaming an entry to itself
  });

  it('rejects a recurring campaign with a missing field, a duplicate ID or a duplicate country', () => {
    const list = [{ ID: '301', country: 'US' }];
    expect(recurringCampaignError({ ID: '', country: 'CA' }, list)).toBe(MSG.recurringCampaign);
    expect(recurringCampaignError({ ID: '302', country: '' }, list)).toBe(MSG.recurringCampaign);
    expect(recurringCampaignError({ ID: '30a', country: 'CA' }, list)).toBe(MSG.onlyNumbers);
    expect(recurringCampaignError({ ID: '301', country: 'CA' }, list)).toBe(MSG.campaignAdded('301'));
    expect(recurringCampaignError({ ID: '302', country: 'US' }, list)).toBe(MSG.recurringCountryAdded('US'));
    expect(recurringCampaignError({ ID: '302', country: 'US_PP' }, list)).toBeUndefined();
  });

  it('names a recurring offer with vip or revboost, any case', () => {
    expect(isRecurringOfferName('Gold VIP')).toBe(true);
    expect(isRecurringOfferName('RevBoost Club')).toBe(true);
    expect(isRecurringOfferName('Gold Club')).toBe(false);
  });

  it('gives new addons a fresh random id (never one in use) and asks for a product', () => {
    const existing = [{ id: 'addon-1' }, { id: 'addon-7' }];
    const ids = new Set(Array.from({ length: 200 }, () => nextId('addon', existing)));
    expect(ids.size).toBe(200); // two operators adding at once do not collide
    for (const id of ids) expect(id).toMatch(/^addon-[0-9a-z]{10}$/);
    const a = newAddon(' Gift wrap ', 'bundle', []);
    expect(a).toMatchObject({ id: expect.stringMatching(/^addon-/), name: 'Gift wrap', type: 'bundle', frame: 'frame1', color: 'blue', products: [] });
    expect(AddonSchema.safeParse(a).error?.issues[0]?.message).toBe(MSG.addonProducts);
  });
});
