import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  MSG,
  countryName,
  imageUrlError,
  isBlankHtml,
  isCountryCode,
  listItemErrors,
  newReview,
  pageContentErrors,
  reviewErrors,
  reviewTitleOf,
  shippingEntryError,
  type ShippingEntry,
} from '../../../src/model';

describe('the full country list (000 §9)', () => {
  it('holds every ISO 3166-1 alpha-2 code once, about 250 of them, sorted by name', () => {
    expect(COUNTRIES.length).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('XX')).toBe('XX');
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });
});

describe('reviews', () => {
  it('reads the title from reviewTitle, else the older review_header', () => {
    expect(reviewTitleOf({ reviewTitle: 'New', review_header: 'Old' })).toBe('New');
    expect(reviewTitleOf({ review_header: 'Old' })).toBe('Old');
    expect(reviewTitleOf({ reviewTitle: '', review_header: 'Old' })).toBe('');
    expect(reviewTitleOf({})).toBe('');
  });

  it('asks for a reviewer and a review text that shows something', () => {
    const r = newReview('  Kim ', [{ id: 'review-2' }]);
    expect(r).toEqual({ id: expect.stringMatching(/^review-[0-9a-z]{10}$/), avatar: '', user: 'Kim', reviewTitle: '', review: '', country: '' });
    expect(reviewErrors(r)).toEqual({ review: MSG.reviewText });
    expect(reviewErrors({ ...r, user: ' ', review: '<p><br></p>' })).toEqual({ user: MSG.reviewUser, review: MSG.reviewText });
    expect(reviewErrors({ ...r, review: '<p>Fine</p>', country: 'ZZ', avatar: 'javascript:alert(1)' })).toEqual({ country: MSG.country, avatar: MSG.imageUrl });
  });
});

describe('list items and images', () => {
  it('needs list text; an icon is an http(s) URL or a site path', () => {
    expect(listItemErrors({ id: 'list-1', boldText: 'B', listText: '', img: '' })).toEqual({ listText: MSG.listText });
    expect(listItemErrors({ id: 'list-1', boldText: '', listText: '<p>x</p>', img: '/uploads/1/a.png' })).toEqual({});
    expect(imageUrlError('https://cdn.example/a.png')).toBeUndefined();
    expect(imageUrlError('')).toBeUndefined();
    for (const bad of ['a.png', 'ftp://x/a.png', 'data:image/png;base64,AAAA', 'https://', '/a b.png']) expect(imageUrlError(bad)).toBe(MSG.imageUrl);
  });

  it('treats tags, spaces and &nbsp; alone as blank', () => {
    expect(isBlankHtml('<p> &nbsp;</p><p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
    expect(isBlankHtml(undefined)).toBe(true);
  });
});

describe('international shipping', () => {
  const list: ShippingEntry[] = [{ id: 'shipping-1', shipping_id: '12', country: 'CA', price: 9.95 }];
  it('refuses a country twice, with the country named', () => {
    expect(shippingEntryError({ shipping_id: '7', country: 'CA', price: 1 }, list)).toBe(MSG.shippingCountryAdded('Canada'));
    expect(shippingEntryError({ shipping_id: '12', country: 'CA', price: 5 }, list, 'shipping-1')).toBeUndefined();
    expect(shippingEntryError({ shipping_id: '7', country: 'DE', price: 0 }, list)).toBeUndefined();
  });
  it('checks the shipping id (1–3 digits), the country and the price', () => {
    expect(shippingEntryError({ shipping_id: '1234', country: 'DE', price: 1 }, list)).toBe(MSG.shippingId);
    expect(shippingEntryError({ shipping_id: '', country: 'DE', price: 1 }, list)).toBe(MSG.shippingId);
    expect(shippingEntryError({ shipping_id: '1', country: 'XX', price: 1 }, list)).toBe(MSG.country);
    expect(shippingEntryError({ shipping_id: '1', country: 'DE', price: -1 }, list)).toBe(MSG.price);
    expect(shippingEntryError({ shipping_id: '1', country: 'DE', price: Number.NaN }, list)).toBe(MSG.price);
  });
  it('reports a duplicate in stored data at the later entry', () => {
    expect(pageContentErrors({ intShipping: [...list, { id: 'shipping-2', shipping_id: '3', country: 'CA', price: 1 }] })).toEqual({
      'intShipping.1.country': MSG.shippingCountryAdded('Canada'),
    });
  });
});
