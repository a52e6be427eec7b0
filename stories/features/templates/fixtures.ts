/**
 * The template library's stories: a library with a template of every filter tab and one
 * stashed (archived), on top of the shared fixtures' templates (tests/fixtures/demo.ts), and
 * the API handlers the screen reads them through (msw; network mocks live only in stories).
 */
import { http, HttpResponse } from 'msw';
import { TEMPLATE_TAB_MSG, TEMPLATE_TABS, type Template } from '../../../src/model';
import { mockListAnswer, type MockList } from '../../list-mock';
import * as fx from '../../../tests/fixtures/demo';
import { apiHandlers, type HandlerOptions } from '../../../.storybook/handlers';
import { storyUser } from '../../screens';

/** One template per filter tab (presell only under all), and 'Old checkout' stashed. */
export const libraryTemplates: Template[] = [
  ...fx.templates,
  {
    ID: 5,
    name: 'Interstitial quiz',
    page_type: 'interstitial',
    layout: 'presell',
    template_host_url: '/quiz/',
    meta: { headline: 'One question first' },
    archived: false,
    version: 1,
  },
  {
    ID: 6,
    name: 'Upsell two-step',
    page_type: 'upsell2',
    layout: 'upsell',
    template_host_url: '/upsell-2/',
    meta: { headline: '' },
    archived: false,
    version: 1,
  },
  {
    ID: 7,
    name: 'Warranty classic',
    page_type: 'warranty',
    layout: 'checkout',
    template_host_url: '/warranty-classic/',
    meta: { warranty: true },
    archived: false,
    version: 1,
  },
  {
    ID: 8,
    name: 'Old checkout',
    page_type: 'checkout',
    layout: 'checkout',
    template_host_url: '/old-checkout/',
    meta: { products: [] },
    archived: true,
    version: 3,
  },
];

/** How the template list searches and sorts, as routes/templates.ts does. */
const TEMPLATE_MOCK: MockList<Template> = {
  sorts: { id: (t) => t.ID, name: (t) => t.name, page_type: (t) => t.page_type, layout: (t) => t.layout, template_host_url: (t) => t.template_host_url },
  id: (t) => t.ID,
  text: (t) => [t.name, t.page_type, t.layout, t.template_host_url],
};

/** The templates of a library tab, as routes/templates.ts narrows them. */
const inTab = (t: Template, tab: string) => (tab === 'stashed' ? t.archived : !t.archived && (tab === 'all' || t.page_type === tab));

/**
 * `GET /api/v1/templates` with a list query (`q`, `sort`, `page`, `per_page`, `tab`), answered
 * as the server does from the templates the shared handlers hold now (read unpaged from them,
 * so a stash or an add shows): the tab's rows searched, sorted and paged, `X-Total-Count`, the
 * server's 400 sentences. A read without a query falls through to the shared handler.
 */
const templateListHandler = http.get('/api/v1/templates', async ({ request }) => {
  const p = new URL(request.url).searchParams;
  if (![...p.keys()].length) return undefined;
  const tab = p.get('tab');
  if (tab !== null && !(TEMPLATE_TABS as readonly string[]).includes(tab)) return HttpResponse.json({ message: TEMPLATE_TAB_MSG }, { status: 400 });
  const every = (await (await fetch('/api/v1/templates')).json()) as Template[];
  return mockListAnswer(
    request,
    every.filter((t) => tab === null || inTab(t, tab)),
    TEMPLATE_MOCK,
  );
});

/** `n` more active templates (IDs from 100; names "Bulk-template-01"…), for a library of several pages. */
export const manyTemplates = (n: number): Template[] =>
  Array.from({ length: n }, (_, i) => ({
    ID: 100 + i,
    name: `Bulk-template-${String(i + 1).padStart(2, '0')}`,
    page_type: i % 2 ? 'checkout' : 'thankyou',
    layout: i % 2 ? 'checkout' : 'thankyou',
    template_host_url: `/bulk-${i + 1}/`,
    meta: { headline: 'Bulk' },
    archived: false,
    version: 1,
  }));

/** The API as the library reads it, signed in as `role` (admin by default). */
export function libraryHandlers(o: HandlerOptions & { role?: 'admin' | 'operator' } = {}) {
  const { role = 'admin', ...opts } = o;
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : 'Otto Operator' })),
    templateListHandler,
    ...apiHandlers({ templates: libraryTemplates, ...opts }),
  ];
}
