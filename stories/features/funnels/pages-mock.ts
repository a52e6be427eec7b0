/**
 * A funnel's pages as `GET /api/v1/funnels/{id}/pages` answers them (src/server/routes/pages.ts),
 * for the stories' msw handlers: without a list parameter every page by ID; with one, the search
 * (name, type or path, any case, or the ID), the sort (`flow` — the default — is the table order
 * of the model's `pageTableOrder`; name, type and path ties by ID), the page, `X-Total-Count` and
 * `X-Previous-Path`. Network mocks live only in stories.
 */
import { HttpResponse } from 'msw';
import { PREVIOUS_PATH_HEADER } from '../../../src/model/contracts/pages';
import { LIST_PAGE_DEFAULT } from '../../../src/model/list-query';
import { pageTableOrder, type Page } from '../../../src/model';

const KEYS: Record<string, (p: Page) => string> = { name: (p) => p.name.toLowerCase(), type: (p) => p.page_type, path: (p) => p.page_path };

/** The answer to `request` over the funnel's `pages`, `indexId` its index page. */
export function mockPagesAnswer(request: Request, pages: readonly Page[], indexId: number | null) {
  const p = new URL(request.url).searchParams;
  if (!['q', 'sort', 'page', 'per_page'].some((k) => p.has(k)))
    return HttpResponse.json(
      [...pages].sort((a, b) => a.ID - b.ID),
      { headers: { 'X-Total-Count': String(pages.length) } },
    );
  const q = (p.get('q') ?? '').trim().toLowerCase();
  const matches = (x: Page) => !q || [x.name, x.page_type, x.page_path].some((t) => t.toLowerCase().includes(q)) || String(x.ID) === q;
  let out = pageTableOrder([...pages], indexId).filter(matches);
  const sort = p.get('sort') ?? 'flow';
  const key = sort.replace(/^-/, '');
  const value = KEYS[key];
  if (value) out.sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.ID - b.ID));
  if (sort.startsWith('-')) out.reverse();
  const total = out.length;
  const size = Number(p.get('per_page') ?? LIST_PAGE_DEFAULT);
  const offset = (Number(p.get('page') ?? 1) - 1) * size;
  const previous = offset > 0 ? out[offset - 1]?.page_path : undefined;
  out = out.slice(offset, offset + size);
  return HttpResponse.json(out, { headers: { 'X-Total-Count': String(total), ...(previous ? { [PREVIOUS_PATH_HEADER]: previous } : {}) } });
}
