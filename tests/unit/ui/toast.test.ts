/** One toast per error — the same message raised again while shown adds nothing; errors titled 'Error', capitalised (000 §8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, useToasts } from '../../../src/ui/Toast';

const shown = () => useToasts.getState().toasts.map(({ tone, title, message }) => ({ tone, title, message }));

beforeEach(() => {
  vi.useFakeTimers();
  for (const t of useToasts.getState().toasts) useToasts.getState().dismiss(t.id);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows an error once however often it is raised, titled Error with its first letter capitalised', () => {
    notify.error('offer not found');
    notify.error('offer not found');
    notify.error('Offer not found');
    expect(shown()).toEqual([{ tone: 'error', title: 'Error', message: 'Offer not found' }]);
  });

  it('shows different messages side by side, and the same one again once dismissed', () => {
    notify.error('offer not found');
    notify.error('funnel not found');
    notify.success('offer not found');
    expect(shown().map((t) => `${t.title}: ${t.message}`)).toEqual(['Error: Offer not found', 'Error: Funnel not found', 'Success: Offer not found']);
    const first = useToasts.getState().toasts[0];
    if (!first) throw new Error('no toast');
    useToasts.getState().dismiss(first.id);
    notify.error('offer not found');
    expect(shown().filter((t) => t.message === 'Offer not found' && t.tone === 'error')).toHaveLength(1);
  });

  it('keeps errors until dismissed; a repeated success starts its 5 s again', () => {
    notify.error('offer not found');
    notify.success('saved');
    vi.advanceTimersByTime(4000);
    notify.success('saved');
    vi.advanceTimersByTime(4000);
    expect(shown().map((t) => t.message)).toEqual(['Offer not found', 'Saved']);
    vi.advanceTimersByTime(1001);
    expect(shown().map((t) => t.message)).toEqual(['Offer not found']);
    vi.advanceTimersByTime(60_000);
    expect(shown().map((t) => t.message)).toEqual(['Offer not found']);
  });
});
