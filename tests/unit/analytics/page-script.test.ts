/**
 * The published pages' analytics script (src/server/publish/templates/_scripts.liquid) and the
 * split page's sticky draw (split.liquid), run in jsdom on pages the real renderer makes: the
 * script stays under 1 kB minified, sends the events of each markup hook to the site's own
 * POST /e, keeps no cookie and no id under Do Not Track or Global Privacy Control, and the split
 * page draws exactly what src/model/analytics.ts assignSplit draws for the same visitors.
 */
import { transformSync } from 'esbuild';
import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { assignSplit, newPageProduct, type Page, type SplitRule } from '../../../src/model/index.ts';
import { DEFAULT_META } from '../../../src/server/publish/defaults.ts';
import { renderPage } from '../../../src/server/publish/render.ts';
import { funnel, serum } from '../server/render-fixtures.ts';

const pages = new Map<number, Pick<Page, 'ID' | 'page_path'>>([
  [1, { ID: 1, page_path: '/' }],
  [2, { ID: 2, page_path: '/checkout/' }],
  [3, { ID: 3, page_path: '/upsell1/' }],
  [12, { ID: 12, page_path: '/split/' }],
]);

async function html(layout: 'presell' | 'checkout' | 'upsell' | 'split', split: Page['split'] = []): Promise<string> {
  const page_type = layout === 'upsell' ? 'upsell1' : layout;
  const ID = layout === 'split' ? 12 : 2;
  return renderPage(
    {
      ID,
      name: 'Page',
      page_type,
      page_path: layout === 'split' ? '/split/' : '/checkout/',
      page_id: 3,
      page_alt_id: 1,
      split,
      meta: { products: [newPageProduct(serum, 40, 1)] },
    },
    layout === 'split' ? null : { layout, meta: structuredClone(DEFAULT_META[layout]) },
    funnel,
    { pagesById: pages },
  );
}

interface Visit {
  window: JSDOM['window'];
  beacons: { url: string; events: Record<string, unknown>[] }[];
}

/** Loads `source` at `url` with scripts on, `storage` in localStorage and `privacy` signals, recording sendBeacon. */
function visit(source: string, url: string, opts: { storage?: Record<string, string>; dnt?: boolean; gpc?: boolean } = {}): Visit {
  const beacons: Visit['beacons'] = [];
  // jsdom's options beyond the SVG check's (src/server/uploads/jsdom.d.ts types only contentType).
  const options: { contentType?: string } & Record<string, unknown> = {
    url,
    runScripts: 'dangerously',
    virtualConsole: new VirtualConsole(), // jsdom does not navigate: location.replace only logs
    beforeParse(window: Window) {
      for (const [k, v] of Object.entries(opts.storage ?? {})) window.localStorage.setItem(k, v);
      Object.defineProperty(window.navigator, 'sendBeacon', {
        value: (to: string, body: string) => {
          beacons.push({ url: to, events: (JSON.parse(body) as { events: Record<string, unknown>[] }).events });
          return true;
        },
      });
      if (opts.dnt) Object.defineProperty(window.navigator, 'doNotTrack', { value: '1' });
      if (opts.gpc) Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true });
    },
  };
  const dom = new JSDOM(source, options);
  return { window: dom.window, beacons };
}

const kinds = (v: Visit) => v.beacons.flatMap((b) => b.events.map((e) => e.kind));

describe('the analytics page script', () => {
  it('is under 1 kB minified', async () => {
    const doc = new JSDOM(await html('presell')).window.document;
    const script = [...doc.scripts].find((s) => s.textContent?.includes('sendBeacon'))?.textContent ?? '';
    const min = Buffer.byteLength(transformSync(script, { minify: true }).code);
    console.log(`analytics page script: ${Buffer.byteLength(script)} bytes as written, ${min} bytes minified`);
    expect(min).toBeLessThanOrEqual(1024);
  });

  it('sends view on load and cta on the main action to the site root, with a kept visitor id and the address tags', async () => {
    const v = visit(await html('presell'), 'https://shop.example/checkout/?affid=77&utm_campaign=spring');
    const id = v.window.localStorage.getItem('fa_v');
    expect(id).toMatch(/^[0-9]{8,64}$/);
    v.window.document.querySelector<HTMLAnchorElement>('a.btn')!.addEventListener('click', (e) => e.preventDefault());
    v.window.document.querySelector<HTMLAnchorElement>('a.btn')!.click();
    expect(kinds(v)).toEqual(['view', 'cta']);
    expect(v.beacons.every((b) => b.url === '/e')).toBe(true);
    expect(v.beacons[0]!.events[0]).toMatchObject({ kind: 'view', page: 2, visitor: id, affiliate: '77', campaign: 'spring' });
    expect(v.window.document.cookie).toBe('');
    // The same browser later: the same visitor.
    const again = visit(await html('presell'), 'https://shop.example/checkout/', { storage: { fa_v: id! } });
    expect(again.beacons[0]!.events[0]).toMatchObject({ visitor: id });
  });

  it('sends checkout_submit on the checkout form and upsell_accept / upsell_skip on the upsell, under /sites/<site>/ to its e', async () => {
    const co = visit(await html('checkout'), 'http://127.0.0.1:3000/sites/shop.example/checkout/');
    co.window.document.querySelector('form')!.dispatchEvent(new co.window.Event('submit', { bubbles: true, cancelable: true }));
    expect(kinds(co)).toEqual(['view', 'checkout_submit']);
    expect(co.beacons.map((b) => b.url)).toEqual(['/sites/shop.example/e', '/sites/shop.example/e']);
    const up = visit(await html('upsell'), 'https://shop.example/upsell1/', { storage: { fa_b: '12:skip' } });
    up.window.document.querySelector('form')!.dispatchEvent(new up.window.Event('submit', { bubbles: true, cancelable: true }));
    up.window.document.querySelector<HTMLAnchorElement>('.link-decline')!.addEventListener('click', (e) => e.preventDefault());
    up.window.document.querySelector<HTMLAnchorElement>('.link-decline')!.click();
    expect(kinds(up)).toEqual(['view', 'upsell_accept', 'upsell_skip']);
    expect(up.beacons.every((b) => b.events[0]!.branch === '12:skip')).toBe(true);
  });

  it("sends nothing from the editor's preview (a srcdoc frame, not http)", async () => {
    expect(visit(await html('presell'), 'about:srcdoc').beacons).toEqual([]);
  });

  it.each([
    ['Do Not Track', { dnt: true }],
    ['Global Privacy Control', { gpc: true }],
  ])('keeps no visitor id under %s and still counts the view', async (_name, privacy) => {
    const v = visit(await html('presell'), 'https://shop.example/checkout/', privacy);
    expect(kinds(v)).toEqual(['view']);
    expect(v.beacons[0]!.events[0]!.visitor).toBeUndefined();
    expect(v.window.localStorage.length).toBe(0);
    expect(v.window.document.cookie).toBe('');
  });
});

describe('the split page draws as assignSplit does', () => {
  const rules: Page['split'] & SplitRule[] = [
    { type: 'percent', param: '', value: '30' },
    { type: 'percent', param: '', value: '20' },
    { type: 'match', param: 'src', value: 'fb' },
  ];

  it('gives 120 visitors the branch assignSplit gives them, sends it with the view and keeps it', async () => {
    const page = await html('split', rules);
    let skips = 0;
    for (let i = 0; i < 120; i++) {
      const visitor = `${1000003 * (i + 1)}${i}`.padStart(12, '7');
      const v = visit(page, 'https://shop.example/split/?affid=5', { storage: { fa_v: visitor } });
      const want = assignSplit(rules, new URLSearchParams('affid=5'), visitor, 12);
      if (want === 'skip') skips++;
      expect(v.beacons).toHaveLength(1);
      expect(v.beacons[0]!.events[0]).toMatchObject({ kind: 'view', page: 12, visitor, branch: `12:${want}`, affiliate: '5' });
      expect(v.window.localStorage.getItem('fa_b')).toBe(`12:${want}`);
    }
    expect(skips).toBeGreaterThan(35);
    expect(skips).toBeLessThan(85);
  }, 60_000);

  it("lets a 'match' condition win, and draws per visit without an id (Do Not Track)", async () => {
    const page = await html('split', rules);
    const m = visit(page, 'https://shop.example/split/?src=fb', { storage: { fa_v: '123456789012' } });
    expect(m.beacons[0]!.events[0]).toMatchObject({ branch: '12:match' });
    const anon = visit(page, 'https://shop.example/split/', { dnt: true });
    expect(anon.beacons[0]!.events[0]!.visitor).toBeUndefined();
    expect(String(anon.beacons[0]!.events[0]!.branch)).toMatch(/^12:(next|skip)$/);
    expect(anon.window.localStorage.length).toBe(0);
  });
});
