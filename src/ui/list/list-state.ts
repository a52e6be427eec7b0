/**
 * A paged list's state in the URL (001 §2 lists, searched, sorted and paged on the server):
 * `/offers?q=glow&sort=-name&page=2&per_page=50`. Defaults are left out, so `/offers` is page 1
 * of 25 in the list's own order; every other state is a shareable link, each change a history
 * entry (Back returns to the previous search, sort or page). Other parameters of the address
 * (a tab, `?role=operator`) are kept as they are.
 *
 * {@link readListState}, {@link writeListState} and {@link listQueryOf} are pure; {@link useListState}
 * reads and writes the router's search parameters with them.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_DEFAULT, LIST_PAGE_LAST, LIST_PAGE_SIZES, LIST_SEARCH_MAX } from '../../model/list-query';
import type { ListPaging } from './PagedTable';

/** What a list asks for. `sort` null: the list's own order. */
export interface ListState<S extends string = string> {
  q: string;
  sort: S | null;
  desc: boolean;
  /** From 1. */
  page: number;
  /** One of {@link LIST_PAGE_SIZES}. */
  perPage: number;
}

/** A list without search, sort or paging. */
export const DEFAULT_LIST: ListState<never> = { q: '', sort: null, desc: false, page: 1, perPage: LIST_PAGE_DEFAULT };

/** The four parameters the state owns in the URL. */
const OWN = ['q', 'sort', 'page', 'per_page'] as const;

/** Reads the state from the URL's query; a malformed value falls back to its default (a hand-edited link still opens). */
export function readListState<S extends string>(p: URLSearchParams, sorts: readonly S[]): ListState<S> {
  const raw = p.get('sort') ?? '';
  const key = sorts.find((s) => s === raw.replace(/^-/, '')) ?? null;
  const page = Number(p.get('page'));
  const perPage = Number(p.get('per_page'));
  return {
    q: (p.get('q') ?? '').slice(0, LIST_SEARCH_MAX),
    sort: key,
    desc: key !== null && raw.startsWith('-'),
    page: Number.isInteger(page) && page >= 1 && page <= LIST_PAGE_LAST ? page : 1,
    perPage: (LIST_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : LIST_PAGE_DEFAULT,
  };
}

/** `base` (the address's other parameters kept) with the state's own parameters set; defaults left out. */
export function writeListState(base: URLSearchParams, s: ListState): URLSearchParams {
  const p = new URLSearchParams(base);
  for (const k of OWN) p.delete(k);
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.sort) p.set('sort', `${s.desc ? '-' : ''}${s.sort}`);
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.perPage !== LIST_PAGE_DEFAULT) p.set('per_page', String(s.perPage));
  return p;
}

/** The API query of `s` (src/model/list-query.ts): always one page. */
export function listQueryOf(s: ListState): { q?: string; sort?: string; page: number; per_page: number } {
  return {
    ...(s.q.trim() ? { q: s.q.trim() } : {}),
    ...(s.sort ? { sort: `${s.desc ? '-' : ''}${s.sort}` } : {}),
    page: s.page,
    per_page: s.perPage,
  };
}

/** After a click on column `key`'s header: the other direction if it sorts already, else ascending; page 1. */
export const sortedBy = <S extends string>(s: ListState<S>, key: S): ListState<S> => ({ ...s, sort: key, desc: s.sort === key ? !s.desc : false, page: 1 });

/** The state with the search cleared (same sort and size; page 1). */
export const searchCleared = <S extends string>(s: ListState<S>): ListState<S> => ({ ...s, q: '', page: 1 });

/**
 * The list state of the current address and `go(next)`, which pushes the address of `next`
 * (a history entry: Back restores the state before).
 */
export function useListState<S extends string>(sorts: readonly S[]): { state: ListState<S>; go: (next: ListState<S>) => void } {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readListState(new URLSearchParams(search), sorts), [search, sorts]);
  const go = useCallback((next: ListState<S>) => setParams((prev) => writeListState(prev, next)), [setParams]);
  return { state, go };
}

/** The read of a list's page as TanStack Query answers it: the page (with the total), and whether it is the previous page kept while the next loads. */
export interface PageRead {
  data?: { total: number };
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * A paged table's `list` from {@link useListState}'s `state` and `go` and the page's `read`:
 * the total of every page (0 until read), loading while the previous page is shown and the next
 * one fetched, and the list's CSV export.
 */
export function listPaging<S extends string>(
  state: ListState<S>,
  go: (next: ListState<S>) => void,
  read: PageRead,
  exportCsv?: ListPaging<S>['exportCsv'],
): ListPaging<S> {
  return { state, total: read.data?.total ?? 0, loading: read.isPlaceholderData && read.isFetching, onChange: go, exportCsv };
}
