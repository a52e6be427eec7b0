/**
 * `useWrite` (src/api/crud.ts) as a screen uses it: a write that goes through refreshes the
 * queries it names and says so; a refused `shown` write shows the 409 as the info toast,
 * rejects (so the dialog stays open) and refreshes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../../../src/api/client';
import { useWrite } from '../../../src/api/crud';

function setup() {
  const qc = new QueryClient();
  const invalidated: unknown[] = [];
  const invalidate = qc.invalidateQueries.bind(qc);
  qc.invalidateQueries = (filters, options) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters, options);
  };
  const seen: string[] = [];
  const toasts = {
    info: (m: string) => seen.push(`info: ${m}`),
    error: (m: string) => seen.push(`error: ${m}`),
    success: (m: string) => seen.push(`success: ${m}`),
  };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return { wrapper, invalidated, seen, toasts };
}

describe('useWrite', () => {
  it('refreshes the named queries, then raises the success toast from the answer and the variables', async () => {
    const { wrapper, invalidated, seen, toasts } = setup();
    const { result } = renderHook(
      () =>
        useWrite((o: { name: string }) => Promise.resolve({ ID: 5, name: o.name }), {
          refresh: [{ queryKey: ['offers'] }],
          toasts,
          shown: true,
          success: (a, v) => `Offer ${a.ID} ${v.name} added`,
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync({ name: 'Glow' })).resolves.toEqual({ ID: 5, name: 'Glow' });
    });
    expect(invalidated).toEqual([['offers']]);
    expect(seen).toEqual(['success: Offer 5 Glow added']);
  });

  it('shows a refused write’s 409 as the info toast and rejects, refreshing nothing', async () => {
    const { wrapper, invalidated, seen, toasts } = setup();
    const { result } = renderHook(
      () =>
        useWrite((_: number) => Promise.reject(new ApiError(409, 'Offer 12 already exists', null)), {
          refresh: [{ queryKey: ['offers'] }],
          toasts,
          shown: true,
          success: () => 'never',
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(12)).rejects.toMatchObject({ status: 409 });
    });
    expect(seen).toEqual(['info: Offer 12 already exists']);
    expect(invalidated).toEqual([]);
  });
});
