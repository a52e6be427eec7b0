/**
 * The message scan ("Human messages everywhere") knows raw validator output when it sees it:
 * each raw message below is refused by tests/api/raw-messages.ts and each human one passes.
 * The scan itself runs inside tests/api/bad-input.test.ts, over the distinct 4xx messages of the
 * same generated requests (one pass over every /api/v1 route instead of two).
 */
import { describe, expect, it } from 'vitest';
import { rawReasons } from './raw-messages.ts';

describe('the message scan', () => {
  it('knows raw validator output when it sees it', () => {
    for (const raw of [
      'Invalid input: expected string, received undefined',
      'Too small: expected number to be >=1',
      'Unrecognized key: "x"',
      'Required',
      'meta.products[0] is invalid',
      'Invalid at /meta/products/0',
      'string must contain at least 1 character(s)',
      'Cannot read properties of undefined',
      'at handler (/work/main/src/server/routes/pages.ts:12:3)',
      'duplicate key value violates unique constraint "pages_pkey"',
      'archived must be true or false',
      'funnel_id, version cannot be changed by a patch',
      'id must be a whole number',
      'funnelId is too large',
    ]) {
      expect(rawReasons(raw), raw).not.toEqual([]);
    }
    for (const human of [
      'Name is required',
      'Price must be a number',
      'Countries must be a list',
      'Page path must be text',
      'Unknown field __proto__',
      'Please input valid page path, it must start and end with slash',
      'Domain glowskin-offer.com already added',
      'Missing bearer token',
      'Funnel not found',
      'The archived filter must be true or false',
      'Funnel ID in the address must be a whole number',
      'Funnel ID is kept by the server and cannot be changed by a patch',
    ]) {
      expect(rawReasons(human), human).toEqual([]);
    }
  });
});
