/**
 * What operators type stays inert text on the published pages. A pixel name
 * is written inside an HTML comment that it cannot end ('--->' ended it before, and the rest
 * of the name became page content); split rules and links are JSON in `<script>` blocks,
 * escaped for that context, so a rule holding `<!--` or `</script>` no longer leaves visitors
 * on "Redirecting…" (the rules' JSON did not parse) or ends the element early.
 * Checked on the released files: parsed with jsdom, and the split page's own script run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { splitDestination } from './split-page.ts';
import { at } from '../at.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const OFFER = at(demoData().offers, 0, 'demo offer').offer_id;

/** Pixel names that end or leave an HTML comment, or try to. */
const HOSTILE_NAMES = ['---><script>window.pwned=1</script><p id="leak">leaked</p><!--', '--!><img id="leak2" src=x>', 'x -- y -> <!-- z', '<!-', '->'];
/** Split values that break a `<script>` block or its JSON when written as they are. */
const HOSTILE_VALUES = ['<!--', '</script><p id="leak3">x</p>', '<script>', 'a\u2028b\u2029c', '&amp; "q" \\'];

/** Publishes funnel `id`; returns the last progress line. */
async function publish(id: number): Promise<{ progress: number; message: string }> {
  const res = await fetch(`${t.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
  const lines = (await res.text()).split('\n').filter((l) => l.trim() !== '');
  return JSON.parse(at(lines, lines.length - 1, 'last progress line')) as { progress: number; message: string };
}

/** Creates a page and returns its ID. */
async function addPage(body: Record<string, unknown>): Promise<number> {
  const r = await t.api('POST', '/api/v1/pages', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { ID: number }).ID;
}

describe('published pages write stored data for its context', () => {
  let site = '';

  beforeAll(async () => {
    const products = ((await t.api('GET', '/api/v1/pages/2')).body as { meta: { products: unknown[] } }).meta.products;
    const f = (
      await t.api('POST', '/api/v1/funnels', {
        body: { name: 'Hostile data', offer: OFFER, cs_number: '+1 555 0100', cs_email: 'help@check.example', details: { dl_offer_name: 'Check' } },
      })
    ).body as { ID: number; version: number };
    const thanks = await addPage({ funnel_id: f.ID, name: 'Thank You', page_type: 'thankyou', page_path: '/thank-you/', template_id: 5 });
    const skip = await addPage({ funnel_id: f.ID, name: 'Skip', page_type: 'thankyou', page_path: '/skip/', template_id: 5 });
    const split = await addPage({
      funnel_id: f.ID,
      name: 'Split',
      page_type: 'split',
      page_path: '/split/',
      page_id: thanks,
      page_alt_id: skip,
      split: HOSTILE_VALUES.map((value) => ({ type: 'match', param: 'src', value })),
    });
    const checkout = await addPage({
      funnel_id: f.ID,
      name: 'Checkout',
      page_type: 'checkout',
      page_path: '/checkout/',
      template_id: 2,
      page_id: split,
      meta: { products },
    });
    const set = await t.api('PATCH', `/api/v1/funnels/${f.ID}`, {
      patch: true,
      body: [{ op: 'replace', path: '/page_id', value: checkout }],
      headers: { 'If-Match': `"${f.version}"` },
    });
    expect(set.status).toBe(200);
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      const r = await t.api('POST', '/api/v1/pixels', {
        body: { funnel_id: f.ID, page: checkout, name, location: i % 2 ? 'head' : 'body', code: `<meta name="pixel-code" content="${i}">` },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect(await publish(f.ID)).toEqual({ progress: 100, message: 'Done' });
    site = path.join(t.sitesDir, `funnel-${f.ID}.localhost`, 'current');
  });

  it('keeps every pixel name inside its comment: nothing of a name reaches the page', () => {
    const html = fs.readFileSync(path.join(site, 'checkout', 'index.html'), 'utf8');
    const { document, NodeFilter } = new JSDOM(html).window;
    expect(document.querySelector('#leak, #leak2')?.outerHTML ?? null).toBeNull();
    expect([...document.scripts].some((s) => s.textContent?.includes('pwned'))).toBe(false);
    // One comment per pixel, each followed by its own code, in the order stored.
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
    const comments: Comment[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue?.startsWith(' pixel: ')) comments.push(n as Comment);
    expect(comments).toHaveLength(HOSTILE_NAMES.length);
    for (const c of comments) {
      expect(c.nodeValue).not.toMatch(/--|[<>]/);
      expect((c.nextSibling as Element | null)?.getAttribute?.('name')).toBe('pixel-code');
    }
    // The names are still readable in the source (as character references).
    expect(html).toContain('<!-- pixel: &#45;&#45;&#45;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;');
  });

  it("the split page's rules survive as JSON and still send visitors on", () => {
    const html = fs.readFileSync(path.join(site, 'split', 'index.html'), 'utf8');
    const { document } = new JSDOM(html).window;
    expect(document.querySelector('#leak3')?.outerHTML ?? null).toBeNull();
    const rulesText = document.getElementById('split-rules')?.textContent ?? '';
    expect((JSON.parse(rulesText) as { value: string }[]).map((r) => r.value)).toEqual(HOSTILE_VALUES);
    expect(rulesText).not.toMatch(/[<>&\u2028\u2029]/);
    const script =
      at(
        [...document.scripts].filter((s) => !s.type && s.textContent?.includes('split-rules')),
        0,
        'split script',
      ).textContent ?? '';
    /** Where the page sends a visitor arriving with `search`. */
    const visit = (search: string) => splitDestination(script, rulesText, search, 0.99);
    for (const value of HOSTILE_VALUES) {
      const search = `?${new URLSearchParams({ src: value }).toString()}`;
      expect(visit(search), value).toBe(`../skip/${search}`);
    }
    expect(visit('?src=other')).toBe('../thank-you/?src=other');
  });
});
