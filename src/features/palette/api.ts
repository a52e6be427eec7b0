/**
 * The palette's read: `GET /api/v1/search` (funnels, offers, templates, domains and pages by
 * name, best first; only what the role may open), parsed with the model's schema. The text is
 * debounced so typing sends one request per pause, and the last answer stays shown while the
 * next one loads.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api';
import { SYSTEM_ROUTES } from '../../model/contracts/system';
import type { SearchHit } from '../../model/search';

/** Characters typed before the server is asked (one character would match most names). */
export const SEARCH_MIN_CHARS = 2;
/** Pause after the last keystroke before searching (ms). */
export const SEARCH_DEBOUNCE_MS = 150;
/** Hits asked for. */
const LIMIT = 20;

/** Searches the server for `q`. @throws ApiError with the server's sentence (not shown as a toast: the palette shows it). */
export const searchAll = (q: string): Promise<SearchHit[]> => call(SYSTEM_ROUTES.search, { query: { q, limit: LIMIT }, notify: false });

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The hits for `text` (trimmed; none under {@link SEARCH_MIN_CHARS} characters), with
 * `pending` while the typed text has not been answered yet.
 */
export function useSearch(text: string): { hits: SearchHit[]; pending: boolean; error: string | null } {
  const q = text.trim();
  const settled = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const enabled = settled.length >= SEARCH_MIN_CHARS;
  const query = useQuery({
    queryKey: ['search', settled],
    queryFn: () => searchAll(settled),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  if (q.length < SEARCH_MIN_CHARS) return { hits: [], pending: false, error: null };
  return {
    hits: enabled ? (query.data ?? []) : [],
    pending: settled !== q || query.isFetching,
    error: query.error ? query.error.message : null,
  };
}
