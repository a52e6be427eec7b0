/**
 * POST /e of a published site on the real server: only well-formed events for pages of the
 * live release are stored, hostile bodies are refused with a sentence, a batch sent twice is
 * stored once, nothing but `events` rows is written, and an address past its limit gets 429
 * with Retry-After. By Host (the site's own origin) and under /sites/<site>/.
 */
import http from 'node:http';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAnalytics } from '../../src/server/analytics/index.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { auditLogs, events } from '../../src/server/db/schema.ts';
import { at } from '../at.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const LIMIT = 30;
let t: TestServer;
let f: { id: number; site: string; home: number; checkout: number; release: number; oldRelease: number };

async function addPage(funnel_id: number, name: string, page_type: string, page_path: string, extra: Record<string, unknown> = {}): Promise<number> {
  const template_id = ({ presell: 1, checkout: 2, thankyou: 5 } as Record<string, number>)[page_type] ?? null;
  const r = await t.api('POST', '/api/v1/pages', { body: { funnel_id, name, page_type, page_path, template_id, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { ID: number }).ID;
}

const publish = async (id: number) =>
  expect(await (await fetch(`${t.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } })).text()).toContain(
    '"progress":100',
  );

beforeAll(async () => {
  // The analytics read their settings from the process (analytics/settings.ts).
  process.env.ANALYTICS_INGEST_PER_MINUTE = String(LIMIT);
  t = await startTestServer();
  const products = ((await t.api('GET', '/api/v1/pages/2')).body as { meta: { products: unknown[] } }).meta.products;
  const offer = at(demoData().offers, 0, 'demo offer').offer_id;
  const funnel = (
    await t.api('POST', '/api/v1/funnels', {
      body: { name: 'Ingest', offer, cs_number: '+1 555 0100', cs_email: 'help@ingest.example', details: { dl_offer_name: 'Ingest' } },
    })
  ).body as { ID: number };
  const thanks = await addPage(funnel.ID, 'Thank You', 'thankyou', '/thank-you/');
  const checkout = await addPage(funnel.ID, 'Checkout', 'checkout', '/checkout/', { page_id: thanks, meta: { products } });
  const home = await addPage(funnel.ID, 'Home', 'presell', '/', { page_id: checkout });
  const version = ((await t.api('GET', `/api/v1/funnels/${funnel.ID}`)).body as { version: number }).version;
  await t.api('PATCH', `/api/v1/funnels/${funnel.ID}`, {
    patch: true,
    body: [{ op: 'replace', path: '/page_id', value: home }],
    headers: { 'If-Match': `"${version}"` },
  });
  await publish(funnel.ID);
  await publish(funnel.ID);
  const releases = (await t.api('GET', `/api/v1/funnels/${funnel.ID}/releases`)).body as { ID: number; live: boolean }[];
  f = {
    id: funnel.ID,
    site: `funnel-${funnel.ID}.localhost`,
    home,
    checkout,
    release: releases.find((r) => r.live)!.ID,
    oldRelease: releases.find((r) => !r.live)!.ID,
  };
  // The ingest keeps a site's live release for a second.
  await new Promise((r) => setTimeout(r, 1100));
});
afterAll(async () => {
  await t?.close();
  delete process.env.ANALYTICS_INGEST_PER_MINUTE;
});

/** POSTs `body` to the site's /sites/<site>/e. */
async function post(body: string, type = 'text/plain;charset=UTF-8', site = f.site): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${t.url}/sites/${site}/e`, { method: 'POST', headers: { 'Content-Type': type }, body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
}
const batch = (...e: Record<string, unknown>[]) => JSON.stringify({ events: e });
const stored = async () => (await t.server.db.db.select({ n: count() }).from(events))[0]!.n;
const flushed = () => new Promise((r) => setTimeout(r, 300));

describe('POST /e', () => {
  it('stores well-formed events of the live release (204), by Host at the site root too, with the release filled in', async () => {
    expect((await post(batch({ kind: 'view', page: f.home, visitor: 'visitor-0001', affiliate: '77', time: 'whatever' }))).status).toBe(204);
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(t.url);
      const req = http.request(
        { hostname: u.hostname, port: u.port, path: '/e', method: 'POST', headers: { Host: f.site, 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(batch({ kind: 'cta', page: f.home, release: f.release }));
    });
    expect(status).toBe(204);
    await flushed();
    const rows = await t.server.db.db.select().from(events);
    expect(rows.map((r) => [r.kind, r.funnel_id, r.page_id, r.release_id, r.visitor, r.affiliate])).toEqual([
      ['view', f.id, f.home, f.release, 'visitor-0001', '77'],
      ['cta', f.id, f.home, f.release, null, null],
    ]);
    // The server's time, not the client's.
    expect(Math.abs(rows[0]!.created_at.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('writes what the buffer holds when the server stops, without waiting for its 100 ms', async () => {
    const before = await stored();
    expect(await post(batch({ kind: 'view', page: f.home, id: 'event-at-stop' }))).toMatchObject({ status: 204 });
    // What a stop does before it closes the database (server.ts, sites-main.ts).
    await flushAnalytics(t.server.db.db);
    expect(await stored()).toBe(before + 1);
  });

  it('stores a batch sent twice once (the events carry their ids)', async () => {
    const before = await stored();
    const twice = batch({ kind: 'view', page: f.checkout, id: 'event-000001' }, { kind: 'checkout_submit', page: f.checkout, id: 'event-000002' });
    expect((await post(twice)).status).toBe(204);
    expect((await post(twice)).status).toBe(204);
    await flushed();
    expect(await stored()).toBe(before + 2);
  });

  it('refuses hostile and malformed bodies with a sentence, storing nothing and writing nothing else', async () => {
    const before = await stored();
    const audits = (await t.server.db.db.select({ n: count() }).from(auditLogs))[0]!.n;
    const cases: [string, string, number, string][] = [
      ['{"events":[{"kind":"view","page":1,"__proto__":{"x":1}}]}', 'text/plain', 400, 'The body is refused: the key "__proto__" is not allowed in an event'],
      ['{"__proto__":{"events":[]}}', 'application/json', 400, 'The body is refused: the key "__proto__" is not allowed in an event'],
      [
        JSON.stringify({ events: [{ kind: 'view', page: f.home, campaign: 'x'.repeat(3000) }] }),
        'text/plain',
        400,
        'The body is too large: at most 2048 bytes',
      ],
      ['not json', 'text/plain', 400, 'The body must be JSON: {"events": [ … ]} with 1 to 20 events'],
      [batch(), 'text/plain', 400, 'The body must be JSON: {"events": [ … ]} with 1 to 20 events'],
      [
        batch(...Array.from({ length: 21 }, () => ({ kind: 'view', page: f.home }))),
        'text/plain',
        400,
        'The body must be JSON: {"events": [ … ]} with 1 to 20 events',
      ],
      [batch({ kind: 'purchase', page: f.home }), 'text/plain', 400, "An event's kind must be one of view, cta, checkout_submit, upsell_accept, upsell_skip"],
      [
        batch({ kind: 'view', page: f.home, sql: 'drop table events' }),
        'text/plain',
        400,
        'An event may not carry "sql": only kind, page, release, visitor, id, branch, affiliate, campaign and time',
      ],
      [batch({ kind: 'view', page: f.home, visitor: '<script>' }), 'text/plain', 400, "An event's visitor must be 8 to 64 letters, digits, '-' or '_'"],
      [
        batch({ kind: 'view', page: f.home, affiliate: 'a\u0000b' }),
        'text/plain',
        400,
        "An event's affiliate and campaign must be 1 to 64 printable characters",
      ],
      [batch({ kind: 'view', page: f.home }), 'application/x-www-form-urlencoded', 400, 'Send the events as application/json or text/plain'],
      [batch({ kind: 'view', page: 999_999 }), 'text/plain', 404, "Page 999999 is not a page of this site's live release"],
      [batch({ kind: 'view', page: f.home, release: f.oldRelease }), 'text/plain', 404, `Release ${f.oldRelease} is not this site's live release`],
    ];
    for (const [body, type, status, message] of cases) {
      const r = await post(body, type);
      expect([r.status, r.body], body.slice(0, 80)).toEqual([status, { message }]);
    }
    expect((await post(batch({ kind: 'view', page: f.home }), 'text/plain', 'no-such-site.example')).body).toEqual({
      message: 'This site has no live release',
    });
    await flushed();
    expect(await stored()).toBe(before);
    expect((await t.server.db.db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(audits);
  });

  it('answers 429 with Retry-After once an address has used its limit', async () => {
    let refused: { status: number; body: unknown; headers: Headers } | null = null;
    for (let i = 0; i < LIMIT + 5 && !refused; i++) {
      const r = await post(batch({ kind: 'view', page: f.home }));
      if (r.status === 429) refused = r;
    }
    expect(refused?.body).toEqual({ message: expect.stringMatching(/^Too many events from your address: try again in \d+ s$/) as string });
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });
});
