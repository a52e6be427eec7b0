/** The paged lists' search box (001 §2 lists): one search asked for per Enter, even when the list is slow to follow. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from '../../../src/ui/list/PagedTable';
import { DEFAULT_LIST } from '../../../src/ui/list/list-state';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('asks once on Enter: the pending typing pause does not ask again while the address has not followed yet', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    // The list's state never follows here, as on a busy machine between the navigation and the next render.
    render(<SearchBox list={{ state: DEFAULT_LIST, total: 0, loading: false, onChange }} noun="products" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'lst-1' } });
    fireEvent.submit(box.closest('form')!);
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_LIST, q: 'lst-1', page: 1 });
  });

  it('asks after a pause in typing without Enter', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<SearchBox list={{ state: DEFAULT_LIST, total: 0, loading: false, onChange }} noun="products" />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'serum' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_LIST, q: 'serum', page: 1 });
  });
});
