/**
 * One random id for the browser code: ids of new things and Idempotency-Keys.
 * Built on `crypto.getRandomValues`, which every browser offers, never on `crypto.randomUUID`,
 * which exists only in a secure context (https or localhost): Funnel Admin may be served over
 * plain http on an intranet host. The lint config refuses `randomUUID` outside src/server.
 */

/**
 * A random UUID version 4 (RFC 9562 §5.4), e.g. `3b241101-e2bb-4255-8caf-4136c566a962`:
 * 122 random bits from `crypto.getRandomValues`, lower-case hex with dashes, 36 characters.
 * Works without a secure context.
 */
export function randomId(): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10xx
  let h = '';
  for (const x of b) h += x.toString(16).padStart(2, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A new identity: 10 random base-36 characters (about 51 bits), unique across operators. */
export function newUid(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += (b % 36).toString(36);
  return s;
}

/** A new `id` for a list whose items use our own ids (`review-k3…`): a prefix and a {@link newUid}. */
export const newItemId = (prefix: string): string => `${prefix}-${newUid()}`;
