import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

interface Chunk { progress: number; message: string }

/** Publishes funnel `id` and returns the parsed NDJSON lines. */
async function publish(id: number): Promise<{ status: number; type: string | null; chunks: Chunk[] }> {
  const res = await fetch(`${t.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
  const text = await res.text();
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return { status: res.status, type: res.headers.get('content-type'), chunks: lines.map((l) => JSON.parse(l) as Chunk) };
}

/** GET with an explicit Host header (fetch forbids setting it). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    http.get({ hostname: u.hostname, port: u.port, path: u.pathname, headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    }).on('error', reject);
  });
}

describe('publish', () => {
  it('streams NDJSON progress to 100 Done and serves the site with the page price', async () => {
    const checkout = (await t.api('GET', '/api/v1/pages/2')).body;
    const patched = await t.api('PATCH', '/api/v1/pages/2', {
      patch: true, body: [{ op: 'replace', path: '/meta/products/1/_price', value: 77.55 }], headers: { 'If-Match': `"${checkout.version}"` },
    });
    expect(patched.status).toBe(200);

    const r = await publish(1);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/x-ndjson/);
    expect(r.chunks.length).toBeGreaterThan(5);
    let previous = at(r.chunks, 0, 'progress chunk');
    for (const chunk of r.chunks.slice(1)) {
      expect(chunk.progress).toBeGreaterThanOrEqual(previous.progress);
      previous = chunk;
    }
    expect(r.chunks.at(-1)).toEqual({ progress: 100, message: 'Done' });
    expect(r.chunks.every((c) => typeof c.message === 'string')).toBe(true);

    const page = await fetch(`${t.url}/sites/glowskin-offer.com/checkout/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('$77.55');
    expect(html).toContain('data-edit="products.1._price"');
    // Links between pages follow page_id, relative so they work under /sites/ and at a Host.
    expect(html).toContain('action="../upsell1/"');
    const index = await fetch(`${t.url}/sites/glowskin-offer.com/`);
    expect(await index.text()).toContain('href="checkout/"');
    expect((await fetch(`${t.url}/sites/glowskin-offer.com/checkout`, { redirect: 'manual' })).status).toBe(301);

    const log = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body;
    expect(log[0]).toMatchObject({ type: 'note', title: 'Published' });
  });

  it('answers published pages compressed by Accept-Encoding, revalidated, with accessible beacons', async () => {
    const url = `${t.url}/sites/glowskin-offer.com/thank-you/`;
    const plain = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    for (const coding of ['br', 'gzip']) {
      const res = await fetch(url, { headers: { 'Accept-Encoding': coding } });
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox /);
      expect(await res.text()).toBe(html);
    }
    // The demo thank-you page carries a conversion pixel: its beacon image is decorative.
    expect(html).toContain('track.example.com/conv');
    expect([...html.matchAll(/<img\b[^>]*>/g)].filter((m) => !/\balt=/.test(m[0]))).toEqual([]);
  });

  it('serves a published site by its Host header, and 404 for what is not published', async () => {
    const byHost = await getWithHost(`${t.url}/checkout/`, 'glowskin-offer.com');
    expect(byHost.status).toBe(200);
    expect(byHost.body).toContain('$77.55');
    expect(byHost.headers['x-content-type-options']).toBe('nosniff');
    expect((await fetch(`${t.url}/sites/glowskin-offer.com/nope/`)).status).toBe(404);
    expect((await fetch(`${t.url}/sites/unknown.example/`)).status).toBe(404);
    expect((await fetch(`${t.url}/sites/glowskin-offer.com/..%2F..%2Fetc/passwd`)).status).toBe(404);
  });

  it('publishes a funnel without a domain as funnel-<id>.localhost', async () => {
    const r = await publish(2);
    expect(r.chunks.at(-1)).toEqual({ progress: 100, message: 'Done' });
    const res = await fetch(`${t.url}/sites/funnel-2.localhost/order/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('$89.98');
  });

  it('a funnel without an index page gets an error chunk at 0 and the previous release stays live', async () => {
    const siteDir = path.join(t.sitesDir, 'glowskin-offer.com');
    const liveBefore = fs.readlinkSync(path.join(siteDir, 'current'));
    const releasesBefore = fs.readdirSync(path.join(siteDir, 'releases'));
    const f = (await t.api('GET', '/api/v1/funnels/1')).body;
    const cleared = await t.api('PATCH', '/api/v1/funnels/1', { patch: true, body: [{ op: 'replace', path: '/page_id', value: null }], headers: { 'If-Match': `"${f.version}"` } });
    expect(cleared.status).toBe(200);

    const r = await publish(1);
    expect(r.status).toBe(200);
    const last = r.chunks.at(-1)!;
    expect(last.progress).toBe(0);
    expect(last.message).toMatch(/index page/i);
    expect(r.chunks.some((c) => c.progress === 100)).toBe(false);

    expect(fs.readlinkSync(path.join(siteDir, 'current'))).toBe(liveBefore);
    expect(fs.readdirSync(path.join(siteDir, 'releases'))).toEqual(releasesBefore);
    const still = await fetch(`${t.url}/sites/glowskin-offer.com/checkout/`);
    expect(still.status).toBe(200);
    expect(await still.text()).toContain('$77.55');
  });

  it('refuses links to pages that do not exist and unknown funnels', async () => {
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'No pages', offer: at(demoData().offers, 0, 'demo offer').offer_id } })).body;
    const empty = await publish(f.ID);
    expect(empty.chunks.at(-1)!.progress).toBe(0);
    expect((await publish(9999)).status).toBe(404);
  });

  it('keeps the previous release for rollback when publishing again', async () => {
    await publish(2);
    const releases = fs.readdirSync(path.join(t.sitesDir, 'funnel-2.localhost', 'releases'));
    expect(releases.length).toBe(2);
    const live = fs.readlinkSync(path.join(t.sitesDir, 'funnel-2.localhost', 'current'));
    expect(live).toBe(path.join('releases', releases.sort().at(-1)!));
  });
});
