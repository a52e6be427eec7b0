/**
 * msw handlers for stories, built from tests/fixtures: the API as the stories need it,
 * including PATCH with JSON Patch (applied with the model's RFC 6902 helper) so a story's
 * Save round-trips like the real server. Network mocks live only here (stories).
 */
import { http, HttpResponse } from 'msw';
import { applyOps, localSiteName, PREVIEW_MSG, stripTemplateHost, type Operation, type Template } from '../src/model';
import { demoStatusRow } from '../src/model/demo-records';
import * as fx from '../tests/fixtures/demo';

type Entity = { ID: number; version: number };

/**
 * The admin's address in stories that show it (a funnel without a domain is served at
 * `<admin>/sites/…`): fixed, so the story draws the same text whatever port its Storybook is on.
 */
export const STORY_ADMIN_ORIGIN = 'http://admin.funnel-admin.test';

/** The template preview host of the stories (the server's TEMPLATE_PREVIEW_HOST default). */
export const STORY_PREVIEW_HOST = 'https://templates.funnel-admin.test';
/** The layouts the stories' renderer has (the server's LAYOUTS). */
export const STORY_LAYOUTS = ['presell', 'checkout', 'upsell', 'thankyou', 'split'];
/** The error line a failed template sync ends with (the server's words). */
export const SYNC_FAILED = 'Template sync failed: the template host could not be read; try again later';

/** The campaign /campaigns/1 shows in the stories (001 §3 Campaign). */
const STORY_CAMPAIGN = fx.demoCampaign(1, 12001, { campaign_name: 'GlowSkin US', name: 'GlowSkin US', funnel_id: fx.funnel.ID, offer_id: fx.funnel.offer });

/** When the default Status rows were checked and synced. */
const CHECKED_AT = '2026-03-02T10:00:00.000Z';

/** Options of {@link apiHandlers}. */
export interface HandlerOptions {
  productsFail?: boolean;
  /** The templates the API starts with (default: the fixtures' templates). */
  templates?: Template[];
  /** The template sync (PATCH /api/v1/templates) ends with an error line at 0 instead of 'Done'. */
  syncFails?: boolean;
  /** Milliseconds between the sync's progress lines (default 150, so a play function sees them). */
  syncStepMs?: number;
}

/** Builds a fresh handler set (own in-memory copies, so stories never share state). */
export function apiHandlers(opts: HandlerOptions = {}) {
  const docs = new Map<string, Entity>();
  for (const p of [...fx.pages, fx.emptyCheckoutPage, fx.invalidCheckoutPage]) docs.set(`pages/${p.ID}`, structuredClone(p));
  docs.set(`funnels/${fx.funnel.ID}`, structuredClone(fx.funnel));
  for (const t of opts.templates ?? fx.templates) docs.set(`templates/${t.ID}`, structuredClone(t));
  const templates = () =>
    [...docs.entries()]
      .filter(([k]) => k.startsWith('templates/'))
      .map(([, v]) => v as Template)
      .sort((a, b) => a.ID - b.ID);
  return [
    ...templateHandlers(docs, templates, opts),
    http.get('/api/v1/offers', () => HttpResponse.json(fx.offers)),
    // The catalogue lists a screen reads on its own (their stories bring their own rows).
    http.get('/api/v1/shippings', () => HttpResponse.json([])),
    http.get('/api/v1/categories', () => HttpResponse.json([])),
    http.get('/api/v1/dashboard', () =>
      HttpResponse.json([
        { name: 'Funnels', active: 1, total: 2 },
        { name: 'Pages', active: 3, total: 4 },
      ]),
    ),
    http.get('/api/v1/stores', () =>
      HttpResponse.json([
        { ID: 1, name: 'Main store' },
        { ID: 2, name: 'EU store' },
      ]),
    ),
    // /status's integrations (its own stories bring richer rows): every local provider reachable.
    http.get('/api/v1/system/status', () =>
      HttpResponse.json(
        (
          [
            ['platform', 'Order platform', 'local'],
            ['dns', 'DNS provider', 'local'],
            ['storage', 'File storage', 'directory'],
            ['issuer', 'Sign-in issuer', 'embedded'],
            ['database', 'Database', 'pglite'],
            ['live', 'Live events', 'in-process'],
          ] as const
        ).map(([key, name, kind]) => demoStatusRow(key, name, kind, { checked_at: CHECKED_AT, last_sync: CHECKED_AT })),
      ),
    ),
    http.get('/api/v1/offers/:id/campaigns', () => HttpResponse.json([])),
    http.get('/api/v1/offers/:id', ({ params }) => {
      const o = fx.offers.find((x) => x.ID === Number(params.id));
      return o
        ? HttpResponse.json({ ...o, products: fx.products.filter((p) => p.offer_id === o.offer_id), funnels: [{ ID: fx.funnel.ID, name: fx.funnel.name }] })
        : HttpResponse.json({ message: 'Offer not found' }, { status: 404 });
    }),
    http.get('/api/v1/products', () => HttpResponse.json([])),
    http.get('/api/v1/funnels/:id/campaigns', () => HttpResponse.json([])),
    http.get('/api/v1/campaigns/:id', ({ params }) =>
      Number(params.id) === STORY_CAMPAIGN.ID ? HttpResponse.json(STORY_CAMPAIGN) : HttpResponse.json({ message: 'Campaign not found' }, { status: 404 }),
    ),
    http.get('/api/v1/domains/', () => HttpResponse.json([])),
    http.get('/api/v1/scrubs/:id', ({ params }) =>
      Number(params.id) === 1
        ? HttpResponse.json({ ID: 1, funnel_id: fx.funnel.ID, affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 15, global: false })
        : HttpResponse.json({ message: 'Scrub not found' }, { status: 404 }),
    ),
    http.get('/api/v1/roles', () =>
      HttpResponse.json([
        { id: 1, name: 'admin' },
        { id: 2, name: 'operator' },
        { id: 3, name: 'sticky' },
      ]),
    ),
    http.get('/api/v1/users', () => HttpResponse.json([])),
    http.get('/api/v1/orders/', () => HttpResponse.json({ rows: [], total_rows: 0 })),
    http.get('/api/v1/products/offer/:id', ({ params }) =>
      opts.productsFail
        ? HttpResponse.json({ message: 'Offer not found' }, { status: 404 })
        : HttpResponse.json(fx.products.filter((p) => String(p.offer_id) === params.id)),
    ),
    http.get('/api/v1/funnels', () => HttpResponse.json([fx.funnelRow])),
    http.get('/api/v1/funnels/:id/audit_log', ({ request }) => HttpResponse.json(filteredLog(fx.auditLog, request))),
    // Releases: the funnel as saved is live (one release), so Publish would change nothing.
    http.get('/api/v1/funnels/:id/releases', ({ params }) =>
      HttpResponse.json([
        {
          ID: 1,
          CreatedAt: '2026-05-03T14:05:00.000Z',
          user: { name: 'Ada Admin' },
          live: true,
          site: `funnel-${String(params.id)}.localhost`,
          page_count: fx.pages.length,
          changes: [`First release: ${fx.pages.length} pages`],
        },
      ]),
    ),
    http.get('/api/v1/funnels/:id/releases/pending', () => HttpResponse.json({ live_release: 1, changes: [] })),
    // A funnel's flow layout (GET/PATCH /api/v1/funnels/{id}/layout): version 0 with no positions until a move is saved.
    http.get('/api/v1/funnels/:id/layout', ({ params }) =>
      HttpResponse.json(docs.get(`layout/${String(params.id)}`) ?? { funnel_id: Number(params.id), positions: {}, version: 0 }),
    ),
    http.patch('/api/v1/funnels/:id/layout', async ({ params, request }) => {
      const key = `layout/${String(params.id)}`;
      const cur = (docs.get(key) ?? { funnel_id: Number(params.id), positions: {}, version: 0 }) as Entity & { funnel_id: number };
      if (request.headers.get('If-Match') !== `"${cur.version}"`) return HttpResponse.json({ message: 'Stale', current: cur }, { status: 412 });
      const next = { ...applyOps(cur, (await request.json()) as Operation[]), version: cur.version + 1 };
      docs.set(key, next);
      return HttpResponse.json(next, { headers: { ETag: `"${next.version}"` } });
    }),
    http.patch<{ kind: string; id: string }>('/api/v1/:kind/:id', async ({ params, request }) => {
      const key = `${params.kind}/${params.id}`;
      const cur = docs.get(key);
      if (!cur) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      if (request.headers.get('If-Match') !== `"${cur.version}"`) return HttpResponse.json({ message: 'Stale', current: cur }, { status: 412 });
      const next = { ...applyOps(cur, (await request.json()) as Operation[]), version: cur.version + 1 };
      docs.set(key, next);
      return HttpResponse.json(next, { headers: { ETag: `"${next.version}"` } });
    }),
    http.post('/api/v1/preview', async ({ request }) => {
      const { page } = (await request.json()) as { page: { name: string; meta: { products?: { _package_name: string; _price: number }[] } } };
      const rows = (page.meta.products ?? []).map((p) => `<li>${p._package_name}: $${p._price.toFixed(2)}</li>`).join('');
      return new HttpResponse(`<!doctype html><html lang="en"><body><h1>${page.name}</h1><ul>${rows}</ul></body></html>`, {
        headers: { 'Content-Type': 'text/html' },
      });
    }),
    // A published page by URL (GET /api/v1/preview?url=): the demo checkout is published; a
    // private address is refused and anything else is not published, in the server's words.
    http.get('/api/v1/preview', ({ request }) => {
      const url = new URL(request.url).searchParams.get('url') ?? '';
      if (url === fx.publishedCheckoutUrl) return new HttpResponse(fx.publishedCheckoutHtml, { headers: { 'Content-Type': 'text/html' } });
      // A funnel without a domain is served by the admin itself under /sites/funnel-<id>.localhost/.
      if (
        url === `${location.origin}/sites/${localSiteName(fx.funnel.ID)}/checkout/` ||
        url === `${STORY_ADMIN_ORIGIN}/sites/${localSiteName(fx.funnel.ID)}/checkout/`
      ) {
        return new HttpResponse(fx.publishedCheckoutHtml, { headers: { 'Content-Type': 'text/html' } });
      }
      if (/^https?:\/\/(10\.|127\.|192\.168\.|localhost)/.test(url)) return HttpResponse.json({ message: PREVIEW_MSG.refused }, { status: 422 });
      return HttpResponse.json({ message: PREVIEW_MSG.notPublished }, { status: 404 });
    }),
    // The funnel's gallery (000 §7 GET /api/v1/images/{funnelId}) and its files.
    http.get('/api/v1/images/:funnelId', ({ params }) => HttpResponse.json(Number(params.funnelId) === fx.funnel.ID ? fx.galleryImages : [])),
    http.get(
      '/uploads/:funnelId/:name',
      ({ params }) => new HttpResponse(fx.gallerySvg(String(params.name)), { headers: { 'Content-Type': 'image/svg+xml' } }),
    ),
  ];
}

/**
 * The template library's calls (001 §7 "Templates"): list, layouts, preview host, one template,
 * its rendered preview, Add (the preview host stripped, an unknown layout refused as the
 * server does), a patch that refuses an unknown layout, and the sync's NDJSON stream.
 */
function templateHandlers(docs: Map<string, Entity>, templates: () => Template[], opts: HandlerOptions) {
  const unknownLayout = (layout: string) => HttpResponse.json({ message: `Unknown layout ${layout}: one of ${STORY_LAYOUTS.join(', ')}` }, { status: 422 });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  return [
    http.get('/api/v1/templates', () => HttpResponse.json(templates())),
    http.get('/api/v1/templates/layouts', () => HttpResponse.json(STORY_LAYOUTS)),
    http.get('/api/v1/templates/preview-host', () => HttpResponse.json({ preview_host: STORY_PREVIEW_HOST })),
    http.get('/api/v1/templates/:id/preview', ({ params }) => {
      const t = docs.get(`templates/${String(params.id)}`) as Template | undefined;
      if (!t) return HttpResponse.json({ message: 'Template not found' }, { status: 404 });
      return new HttpResponse(
        `<!doctype html><html lang="en"><head><title>${t.name}</title></head><body style="font-family:sans-serif;padding:40px">` +
          `<h1>${t.name}</h1><p>A ${t.page_type} page on the ${t.layout} layout (version ${t.version}).</p></body></html>`,
        { headers: { 'Content-Type': 'text/html' } },
      );
    }),
    http.get('/api/v1/templates/:id', ({ params }) => {
      const t = docs.get(`templates/${String(params.id)}`);
      return t ? HttpResponse.json(t, { headers: { ETag: `"${t.version}"` } }) : HttpResponse.json({ message: 'Template not found' }, { status: 404 });
    }),
    http.post('/api/v1/templates', async ({ request }) => {
      const body = (await request.json()) as Omit<Template, 'ID' | 'version' | 'archived'>;
      if (!STORY_LAYOUTS.includes(body.layout)) return unknownLayout(body.layout);
      const ID = Math.max(0, ...templates().map((t) => t.ID)) + 1;
      const t: Template = { ...body, ID, template_host_url: stripTemplateHost(body.template_host_url, STORY_PREVIEW_HOST), archived: false, version: 1 };
      docs.set(`templates/${ID}`, t);
      return HttpResponse.json(t, { status: 201, headers: { ETag: '"1"' } });
    }),
    http.patch('/api/v1/templates/:id', async ({ params, request }) => {
      const key = `templates/${String(params.id)}`;
      const cur = docs.get(key) as Template | undefined;
      if (!cur) return HttpResponse.json({ message: 'Template not found' }, { status: 404 });
      if (request.headers.get('If-Match') !== `"${cur.version}"`) return HttpResponse.json({ message: 'Stale', current: cur }, { status: 412 });
      const next = { ...applyOps(cur, (await request.json()) as Operation[]), version: cur.version + 1 };
      if (next.layout !== cur.layout && !STORY_LAYOUTS.includes(next.layout)) return unknownLayout(next.layout);
      docs.set(key, next);
      return HttpResponse.json(next, { headers: { ETag: `"${next.version}"` } });
    }),
    // Sync: reads the template host (here: one warranty template to add), line by line.
    http.patch('/api/v1/templates', () => {
      const step = opts.syncStepMs ?? 150;
      const lines = opts.syncFails
        ? [
            { progress: 1, message: 'Reading templates from the template host' },
            { progress: 0, message: SYNC_FAILED },
          ]
        : [
            { progress: 1, message: 'Reading templates from the template host' },
            { progress: 50, message: 'Warranty frame: added' },
            { progress: 100, message: 'Done' },
          ];
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const line of lines) {
            await wait(step);
            if (line.progress === 50) {
              const ID = Math.max(0, ...templates().map((t) => t.ID)) + 1;
              const added: Template = {
                ID,
                name: 'Warranty frame',
                page_type: 'warranty',
                layout: 'checkout',
                template_host_url: '/warranty/',
                meta: { warranty: true },
                archived: false,
                version: 1,
              };
              docs.set(`templates/${ID}`, added);
            }
            controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
          }
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
  ];
}

/** The entries of `log` the request's `doc`, `user` and `type` keep, as the server reads them (its paging left out: a story's log is one page). */
function filteredLog<E extends { doc: string | null; user_id?: number | null; type: string }>(log: readonly E[], request: Request): E[] {
  const q = new URL(request.url).searchParams;
  const [doc, user, type] = [q.get('doc'), q.get('user'), q.get('type')];
  return log.filter((e) => (!doc || e.doc === doc) && (!user || e.user_id === Number(user)) && (!type || e.type === type));
}

/**
 * Revert and time travel: the demo checkout (page 11) as created at version 1
 * (Single at 39.95), its Single price changed to 34.95 (version 2) and again to 29.95
 * (version 3), and the funnel's audit log recording those three changes (newest first) with
 * a note. GET and PATCH of page 11 keep their own copy (If-Match checked); put these before
 * `screenHandlers()` so they answer first.
 */
export function revertHandlers() {
  type AuditEntry = (typeof fx.auditLog)[number];
  const page = (price: number, version: number) => {
    const p = structuredClone(fx.checkoutPage);
    p.meta.products![0]!._price = price;
    return { ...p, version };
  };
  const price = '/meta/products/0/_price';
  const change = (ID: number, version: number, from: number, to: number, CreatedAt: string, name: string, user_id: number): AuditEntry => ({
    ID,
    funnel_id: fx.funnel.ID,
    CreatedAt,
    type: 'diff',
    title: `Set Single price to ${to}`,
    message: '',
    task_url: '',
    doc: `page:${fx.checkoutPage.ID}`,
    ops: [{ op: 'replace', path: price, value: to }],
    inverse: [{ op: 'replace', path: price, value: from }],
    version,
    user: { name },
    user_id,
    system: true,
    deletable: false,
  });
  const created = page(39.95, 1);
  const log: AuditEntry[] = [
    {
      ID: 104,
      funnel_id: fx.funnel.ID,
      CreatedAt: '2026-11-21T09:00:00.000Z',
      type: 'note',
      title: 'Prices',
      message: 'Single back to full price?',
      task_url: '',
      doc: null,
      ops: null,
      inverse: null,
      version: null,
      user: { name: 'Ada Admin' },
      user_id: 1,
      system: false,
      deletable: true,
    },
    change(103, 3, 34.95, 29.95, '2026-11-20T16:00:00.000Z', 'Ada Admin', 1),
    change(102, 2, 39.95, 34.95, '2026-11-20T10:15:00.000Z', 'Olivia Operator', 2),
    {
      ID: 101,
      funnel_id: fx.funnel.ID,
      CreatedAt: '2026-11-19T08:00:00.000Z',
      type: 'diff',
      title: 'Create page Checkout',
      message: '',
      task_url: '',
      doc: `page:${fx.checkoutPage.ID}`,
      ops: [{ op: 'add', path: '', value: created }],
      inverse: [],
      version: 1,
      user: { name: 'Ada Admin' },
      system: true,
      deletable: false,
    },
  ];
  let current = page(29.95, 3);
  return [
    http.get(`/api/v1/funnels/${fx.funnel.ID}/audit_log`, ({ request }) => HttpResponse.json(filteredLog(log, request))),
    http.get(`/api/v1/pages/${fx.checkoutPage.ID}`, () => HttpResponse.json(current, { headers: { ETag: `"${current.version}"` } })),
    http.patch(`/api/v1/pages/${fx.checkoutPage.ID}`, async ({ request }) => {
      if (request.headers.get('If-Match') !== `"${current.version}"`) return HttpResponse.json({ message: 'Stale', current }, { status: 412 });
      current = { ...applyOps(current, (await request.json()) as Operation[]), version: current.version + 1 };
      return HttpResponse.json(current, { headers: { ETag: `"${current.version}"` } });
    }),
  ];
}
