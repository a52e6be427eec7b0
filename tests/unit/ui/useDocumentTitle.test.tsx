/** "The frame": every screen's document title ends with " · Funnel Admin". */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from '../../../src/ui/useDocumentTitle';

describe('documentTitle', () => {
  it('joins the parts, most specific first, and ends with the product name', () => {
    expect(documentTitle(['Checkout', 'GlowSkin Serum – US Launch'])).toBe('Checkout — GlowSkin Serum – US Launch · Funnel Admin');
    expect(documentTitle(['Orders'])).toBe('Orders · Funnel Admin');
  });
  it('leaves out what is not loaded yet; nothing at all is the product name alone', () => {
    expect(documentTitle([undefined, 'Logs', null, false, ' '])).toBe('Logs · Funnel Admin');
    expect(documentTitle([])).toBe('Funnel Admin');
  });
});

describe('useDocumentTitle', () => {
  it('sets document.title and follows the parts as they load', () => {
    const { rerender } = renderHook(({ name }: { name?: string }) => useDocumentTitle(['Logs', name]), { initialProps: {} });
    expect(document.title).toBe('Logs · Funnel Admin');
    rerender({ name: 'GlowSkin Serum – US Launch' });
    expect(document.title).toBe('Logs — GlowSkin Serum – US Launch · Funnel Admin');
  });
});
