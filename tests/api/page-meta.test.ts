/**
 * The server checks the page editor panels' meta on save ("Every bad input gets a
 * clear error … on the client and again on the server"): PATCH /api/v1/pages/{id} refuses
 * what a panel shows as invalid with the panel's message, writes nothing, and stores valid
 * meta exactly as sent.
 */
import { describe, expect, it } from 'vitest';
import { MSG, type Operation } from '../../src/model/index.ts';
import { serverForTests } from './file-server.ts';

const t = serverForTests();

const PAGE = 2;

async function patchPage(ops: Operation[]) {
  const before = await t.api('GET', `/api/v1/pages/${PAGE}`);
  const res = await t.api('PATCH', `/api/v1/pages/${PAGE}`, { patch: true, body: ops, headers: { 'If-Match': `"${before.body.version}"` } });
  const after = await t.api('GET', `/api/v1/pages/${PAGE}`);
  return { before: before.body, res, after: after.body };
}

const review = { id: 'review-x', avatar: '', user: 'Ann', reviewTitle: 'Great', review: '<p>Works</p>', country: 'US' };

describe('PATCH /api/v1/pages/{id}: the panels’ rules on the server', () => {
  it.each<[string, Operation[], string]>([
    ['a review without its text', [{ op: 'add', path: '/meta/reviews', value: [{ ...review, review: '<p><br></p>' }] }], MSG.reviewText],
    ['a review without its reviewer', [{ op: 'add', path: '/meta/extraReviews', value: [{ ...review, user: '  ' }] }], MSG.reviewUser],
    ['a review naming no real country', [{ op: 'add', path: '/meta/reviews', value: [{ ...review, country: 'XX' }] }], MSG.country],
    [
      'a warranty switched on without a frame',
      [
        { op: 'add', path: '/meta/warranty', value: 'true' },
        { op: 'add', path: '/meta/warrantyFrame', value: '' },
      ],
      MSG.warrantyFrame,
    ],
    ['a flag that is not the string true or false', [{ op: 'add', path: '/meta/withShipping', value: true }], MSG.flag],
    ['a colour outside blue, green and orange', [{ op: 'add', path: '/meta/main_color', value: 'red' }], MSG.mainColor],
    [
      'two recurring campaigns for one country',
      [
        {
          op: 'add',
          path: '/meta/recurring_campaigns',
          value: [
            { ID: '11', country: 'US' },
            { ID: '12', country: 'US' },
          ],
        },
      ],
      MSG.recurringCountryAdded('US'),
    ],
    [
      'a skip page path that is not a path',
      [
        { op: 'add', path: '/meta/skipPage', value: 'true' },
        { op: 'add', path: '/meta/skipPagePath', value: 'upsell' },
      ],
      MSG.pagePath,
    ],
    ['a slide without an image', [{ op: 'add', path: '/meta/imgSlider', value: [{ id: 'slide-1', img: '' }] }], MSG.imageUrl],
  ])('refuses %s with the panel’s message and writes nothing', async (_name, ops, message) => {
    const { before, res, after } = await patchPage(ops);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(after).toEqual(before);
  });

  it('stores valid panel meta exactly as sent (no trimming, no defaults added)', async () => {
    const sent = { id: 'review-y', user: 'Bo ', review: '<p>Nice <strong>one</strong></p>' };
    const { before, res, after } = await patchPage([
      { op: 'add', path: '/meta/reviews', value: [sent] },
      { op: 'add', path: '/meta/warranty', value: 'false' },
    ]);
    expect(res.status).toBe(200);
    expect(after.version).toBe(before.version + 1);
    expect(after.meta.reviews).toEqual([sent]);
    expect(after.meta.warranty).toBe('false');
  });
});

describe('PATCH /api/v1/pages/{id}: one source for prices (000 §9)', () => {
  it('a PATCH of _price alone gets the unit price, saving and discount worked out again', async () => {
    const before = await t.api('GET', `/api/v1/pages/${PAGE}`);
    expect(before.body.meta.products.length, 'the demo checkout page has a second package').toBeGreaterThanOrEqual(2);
    const { res, after } = await patchPage([{ op: 'replace', path: '/meta/products/1/_price', value: 30 }]);
    expect(res.status).toBe(200);
    const saved = after.meta.products[1];
    expect(saved._price).toBe(30);
    expect(saved._unitPrice).toBe(Math.round((30 / saved._quantity) * 100) / 100);
    expect(saved._save).toBe(Math.round((saved._regPrice - 30) * 100) / 100);
    expect(saved._package_discount).toBe(Math.round((1 - 30 / saved._regPrice) * 100));
    expect(res.body.meta.products[1]).toEqual(saved);
  });
  it('a forged _save or _package_discount is replaced by the one the prices give', async () => {
    const { res, after } = await patchPage([
      { op: 'replace', path: '/meta/products/0/_save', value: 9999 },
      { op: 'replace', path: '/meta/products/0/_package_discount', value: 95 },
    ]);
    expect(res.status).toBe(200);
    const p = after.meta.products[0];
    expect(p._save).toBe(Math.max(0, Math.round((p._regPrice - p._price) * 100) / 100));
    expect(p._package_discount).not.toBe(95);
  });
});
