/**
 * Deep equality of JSON values (objects by own keys, in any order; arrays by position), the
 * one the JSON Patch code (jsonpatch.ts) uses for RFC 6902 `test`. Its own module so that a
 * screen comparing values loads only this, not the patch applier.
 */

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === 'object';

/** Deep equality of JSON values (object key order ignored), as RFC 6902 §4.6 `test` compares. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ka = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return ka.length === Object.keys(bo).length && ka.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(a[k], bo[k]));
}
