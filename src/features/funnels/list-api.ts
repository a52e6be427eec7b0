/**
 * The funnel list's read (001 §2; `GET /api/v1/funnels?q&status&platform&offer&locked&archived&domain&sort&page&per_page`):
 * one page, searched, filtered and sorted on the server; the answer is the page's array (parsed
 * with the model's `FunnelListItemSchema`) and `X-Total-Count` the number of matches.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys, parseAnswer, rawRequest, urlOf } from '../../api';
import { FUNNEL_ROUTES, type FunnelListItem } from '../../model';
import { listApiQuery, type FunnelListState } from './list-state';

/** A page of the list, the number of funnels matching and the API query it answers. */
export interface FunnelListPage {
  rows: FunnelListItem[];
  total: number;
  query: string;
}

/**
 * `GET /api/v1/funnels?…` of `s`. A server without `X-Total-Count` counts as the rows answered.
 * @throws ApiError on a non-2xx status (422 with the server's sentence); AnswerShapeError on a drift.
 */
export async function readFunnelListPage(s: FunnelListState, signal?: AbortSignal): Promise<FunnelListPage> {
  const query = listApiQuery(s);
  // The answer's header is read as well as its body: a raw request to the contract's address.
  const path = `${urlOf(FUNNEL_ROUTES.list, {})}?${query}`;
  const res = await rawRequest('GET', path, { notify: false, signal });
  const rows = parseAnswer(FUNNEL_ROUTES.list.answer, 'GET', path, await res.json());
  const header = Number(res.headers.get('X-Total-Count') ?? NaN);
  return { rows, total: Number.isInteger(header) ? header : rows.length, query };
}

/** The page of `s`; while another loads the previous stays shown (`isPlaceholderData`). Under `keys.funnels`, so writes refresh it. */
export const useFunnelListPage = (s: FunnelListState) =>
  useQuery({
    queryKey: [...keys.funnels, 'page', listApiQuery(s)],
    queryFn: ({ signal }) => readFunnelListPage(s, signal),
    placeholderData: keepPreviousData,
  });
