/**
 * Index access for tests and stories under `noUncheckedIndexedAccess`: a test that expects an
 * element to be there says so, and fails with a message naming what was missing instead of a
 * TypeError further down. (An element that is `undefined` counts as missing.)
 */

/** `list[i]`, or throws `expected <what> at index <i> of <length>`. Negative `i` counts from the end. */
export function at<T>(list: readonly T[], i: number, what = 'item'): T {
  const item = list.at(i);
  if (item === undefined) {
    const found = Number.isInteger(i) && i < list.length && i >= -list.length ? ' (found undefined)' : '';
    throw new Error(`expected ${what} at index ${i} of ${list.length}${found}`);
  }
  return item;
}
