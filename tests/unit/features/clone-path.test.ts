import { describe, expect, it } from 'vitest';
import { clonePath } from '../../../src/features/funnels/components/PagesTab';
import { PAGE_PATH_RE } from '../../../src/model';

describe('clonePath', () => {
  it('suggests a free path of the seed form beside the source', () => {
    expect(clonePath('/checkout/', ['/', '/checkout/'])).toBe('/checkout-copy/');
    expect(clonePath('/checkout/', ['/checkout/', '/checkout-copy/', '/checkout-copy-2/'])).toBe('/checkout-copy-3/');
    expect(clonePath('/', ['/'])).toBe('/copy/');
    expect(clonePath('/a/b/', ['/a/b/'])).toBe('/a/b-copy/');
    for (const p of ['/checkout-copy/', '/copy/', '/a/b-copy/']) expect(p).toMatch(PAGE_PATH_RE);
  });
});
