/**
 * The funnel list's state in the URL (001 §2 funnel list, searched, filtered, sorted and paged
 * on the server): `/funnels?q=serum&status=released&sort=-name&page=2`. Defaults are left out,
 * so `/funnels` is page 1 of 25 by ID; every other state is a shareable link, and each change is
 * a history entry (Back returns to the previous search, filters, sort or page).
 *
 * Pure functions: the screen reads and writes `URLSearchParams` with them, and the API query
 * (`GET /api/v1/funnels`) is built from the same state.
 */
import { PLATFORMS, PUBLISH_STATUSES } from '../../model';

/** Columns the server sorts by (the list's columns). */
export const LIST_SORTS = ['id', 'name', 'offer', 'platform', 'status'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Page sizes offered (the API takes 1–100). */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;

/** The list asked for: search, filters ('' for any), sort, page. */
export interface FunnelListState {
  q: string;
  status: string;
  platform: string;
  /** An offer ID as digits, '' for any. */
  offer: string;
  /** 'true', 'false' or ''. */
  locked: string;
  archived: boolean;
  /** A domain name, 'none' (no domain) or ''. */
  domain: string;
  sort: ListSort;
  desc: boolean;
  /** From 1. */
  page: number;
  perPage: number;
}

/** `/funnels` without parameters. */
export const DEFAULT_LIST_STATE: FunnelListState = {
  q: '',
  status: '',
  platform: '',
  offer: '',
  locked: '',
  archived: false,
  domain: '',
  sort: 'id',
  desc: false,
  page: 1,
  perPage: 25,
};

const isSort = (v: string): v is ListSort => (LIST_SORTS as readonly string[]).includes(v);
const oneOf = (v: string | null, allowed: readonly string[]) => (v !== null && allowed.includes(v) ? v : '');

/** Reads the state from the URL's query; a malformed value falls back to its default. */
export function readListState(p: URLSearchParams): FunnelListState {
  const sort = p.get('sort') ?? '';
  const key = sort.replace(/^-/, '');
  const page = Number(p.get('page'));
  const perPage = Number(p.get('per_page'));
  const offer = p.get('offer') ?? '';
  return {
    q: (p.get('q') ?? '').slice(0, 200),
    status: oneOf(p.get('status'), PUBLISH_STATUSES),
    platform: oneOf(p.get('platform'), PLATFORMS),
    offer: /^[1-9]\d{0,8}$/.test(offer) ? offer : '',
    locked: oneOf(p.get('locked'), ['true', 'false']),
    archived: p.get('archived') === 'true',
    domain: (p.get('domain') ?? '').trim().slice(0, 253),
    sort: isSort(key) ? key : 'id',
    desc: isSort(key) && sort.startsWith('-'),
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
    perPage: (LIST_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_LIST_STATE.perPage,
  };
}

/** The URL query of `s` (defaults left out); `paged` false leaves page and size out too (the API's all-rows form is never asked for by the screen). */
export function writeListState(s: FunnelListState, paged = true): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  for (const k of ['status', 'platform', 'offer', 'locked', 'domain'] as const) if (s[k]) p.set(k, s[k]);
  if (s.archived) p.set('archived', 'true');
  if (s.sort !== 'id' || s.desc) p.set('sort', `${s.desc ? '-' : ''}${s.sort}`);
  if (paged && s.page !== 1) p.set('page', String(s.page));
  if (paged && s.perPage !== DEFAULT_LIST_STATE.perPage) p.set('per_page', String(s.perPage));
  return p;
}

/** The API query of `s`: the URL's, always with `per_page` (the screen reads one page). */
export function listApiQuery(s: FunnelListState): string {
  const p = writeListState(s);
  p.set('per_page', String(s.perPage));
  return p.toString();
}

/** True when a search or filter narrows the list (the archived switch is a list of its own, not a filter). */
export const isFiltered = (s: FunnelListState) => !!(s.q.trim() || s.status || s.platform || s.offer || s.locked || s.domain);

/** The state with search and filters cleared (same list, sort and size; page 1). */
export const clearedFilters = (s: FunnelListState): FunnelListState => ({
  ...DEFAULT_LIST_STATE,
  archived: s.archived,
  sort: s.sort,
  desc: s.desc,
  perPage: s.perPage,
});

/** After a click on column `col`'s header: the other direction if it sorts already, else ascending; page 1. */
export const sortedList = (s: FunnelListState, col: ListSort): FunnelListState => ({ ...s, sort: col, desc: s.sort === col ? !s.desc : false, page: 1 });
