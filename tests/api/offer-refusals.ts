/**
 * What the offer API refuses on create and on replace alike: the offer form's rules as a table
 * of changes to a valid body and the form's messages, and the loop that sends each.
 */
import { expect } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { RMSG } from '../../src/model/fields.ts';
import type { TestServer } from './helpers.ts';

/**
 * The offer form's refusals (001 §5): each `[change, message]` is a change to a valid offer body
 * that the API refuses with 422 and the form's message, on create and on replace alike.
 */
export const OFFER_FORM_REFUSALS: [change: Record<string, unknown>, message: string][] = [
  [{ offer_id: '' }, RMSG.offerId],
  [{ offer_id: '12a' }, MSG.onlyNumbers],
  [{ offer_id: '123456' }, MSG.onlyNumbers],
  [{ ef_offer_id: 'x' }, MSG.onlyNumbers],
  [{ ef_offer_id: '999999' }, MSG.onlyNumbers],
  [{ name: ' ' }, RMSG.offerName],
  [{ platform: 'shopify' }, RMSG.platform],
  [{ platform: '29next', store_id: null }, MSG.selectStore],
];

/**
 * Sends `method path` with `body(change)` for each of {@link OFFER_FORM_REFUSALS}: each answer is
 * 422 with the change's message (the failure names the change).
 */
export async function expectOfferRefusals(t: TestServer, method: string, path: string, body: (change: Record<string, unknown>) => unknown) {
  for (const [change, message] of OFFER_FORM_REFUSALS) {
    const r = await t.api(method, path, { body: body(change) });
    expect(r.status, JSON.stringify(change)).toBe(422);
    expect(r.body, JSON.stringify(change)).toEqual({ message });
  }
}
