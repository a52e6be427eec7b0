/**
 * Orders screen page changes at 1,000,000 orders (p95 under 50 ms from the click to the painted
 * rows, and at most 1.1× the 50,000-order peer): the real app (`vite build` into a temporary directory; `BENCH_SKIP_BUILD=1` serves `dist/`)
 * served by the API server in its own process on the embedded database (in-memory PGlite) with
 * 1,000,000 generated demo orders, the operator signed in through the real login in Debian's
 * Chromium, /orders open. Each page change is a user action through Playwright — Next, a page
 * number typed and Enter (random pages 1–100, and anywhere up to the last page), a click on a
 * random column's header — timed in the page from the click's (or Enter's) event timestamp to
 * the first paint after the table shows the new rows: the table's `data-shown` names the query
 * of the rows it renders and `aria-busy` is false. The in-page probe is read with `pollUntil`
 * (DevTools protocol evaluation; the app's CSP refuses `waitForFunction`'s predicate), so the
 * polling period does not enter the figures.
 *
 * Peer: the same actions in the same run at 50,000 orders (`npm start`'s default): the ratio
 * says what the million rows cost. Prints p50/p95/max per action and over all, PASS/MISS
 * against p95 < 50 ms and against the peer ratio ≤ 1.1×. No assertion fails on time.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../chromium.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_SORT_COLUMNS } from '../../src/model/orders';
import { apiQuery, DEFAULT_STATE, sortedBy, type OrdersState } from '../../src/features/orders/url-state';
import { machineLine, pollUntil, signIn } from './app';
import { startServerProcess } from './orders.bench';
import { pct, rng } from './stats';
import { bin, freePort, run as runCommand } from '../scripts/proc';
import type { BenchOutcome } from './run';
import { size } from './smoke';

const TARGET_MS = 50;
/** Largest p95 ratio of the million-order run to the peer's. */
const PEER_RATIO_MAX = 1.1;
const SIZES = size([1_000_000, 50_000] as const, [2_000, 1_000] as const);
/** Measured rounds; each round is one of every action. */
const ROUNDS = size(25, 2);
const WARMUP_ROUNDS = size(3, 1);

type Action = 'next' | 'page 1–100' | 'page anywhere' | 'sort';
const ACTIONS: Action[] = ['next', 'page 1–100', 'page anywhere', 'sort'];

/**
 * Installed before the app loads (plain JavaScript: the page runs it as it is). `arm(query)`
 * starts a sample; the next click or Enter is its start; the first paint after the table shows
 * `query`'s rows, not busy, is its end.
 */
const PROBE = `(() => {
  const B = { expected: null, t0: null, done: null, observer: null };
  window.__orders = B;
  const afterTask = (fn) => { const ch = new MessageChannel(); ch.port1.onmessage = () => fn(performance.now()); ch.port2.postMessage(0); };
  const start = (e) => { if (B.expected !== null && B.t0 === null) B.t0 = e.timeStamp; };
  document.addEventListener('click', start, true);
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') start(e); }, true);
  const shown = () => {
    const t = document.querySelector('table[aria-label="Orders"]');
    return !!t && t.dataset.shown === B.expected && t.getAttribute('aria-busy') === 'false';
  };
  const check = () => {
    if (B.expected === null || B.t0 === null || B.done !== null || !shown()) return;
    B.done = -1;
    const t0 = B.t0;
    if (B.observer) B.observer.disconnect();
    requestAnimationFrame(() => afterTask((t) => { B.done = t - t0; }));
  };
  B.arm = (query) => {
    B.expected = query; B.t0 = null; B.done = null;
    if (B.observer) B.observer.disconnect();
    B.observer = new MutationObserver(check);
    B.observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-shown', 'aria-busy'] });
  };
})();`;

/** One page change: `act` performs it in the page; `next` is the state it asks for. @returns ms from the event to the paint. */
async function change(page: Page, next: OrdersState, act: () => Promise<void>): Promise<number> {
  await page.evaluate(`window.__orders.arm(${JSON.stringify(apiQuery(next))})`);
  await act();
  const ok = await pollUntil(page, 'window.__orders.done !== null && window.__orders.done >= 0', 20_000);
  if (!ok) throw new Error(`the table did not show ${apiQuery(next)} within 20 s`);
  return page.evaluate<number>('window.__orders.done');
}

/** Runs the actions at `orders` orders. @returns the samples per action. */
async function measureAt(browser: Browser, orders: number, dist: string): Promise<{ startS: number; samples: Record<Action, number[]> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.log(`starting the server with ${orders.toLocaleString('en')} generated orders (in-memory PGlite)…`);
  const server = await startServerProcess({ DEMO_ORDERS: String(orders), PORT: String(port), PUBLIC_URL: url, STATIC_DIR: dist });
  const samples: Record<Action, number[]> = { next: [], 'page 1–100': [], 'page anywhere': [], sort: [] };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE });
    await signIn(page, url, '/orders', (p) => p.getByRole('table', { name: 'Orders' }).locator('tbody tr td').first());
    if (!(await pollUntil(page, `document.querySelector('table[aria-label="Orders"]')?.getAttribute('aria-busy') === 'false'`, 30_000))) {
      throw new Error('the first page of orders did not show');
    }
    const text = (await page.getByRole('navigation', { name: 'Pages' }).textContent()) ?? '';
    if (!text.includes(`of ${orders.toLocaleString('en-US')} orders`)) throw new Error(`expected ${orders} orders, the pager says: ${text}`);
    const lastPage = Math.ceil(orders / DEFAULT_STATE.limit);
    const random = rng(7);
    let state: OrdersState = DEFAULT_STATE;
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const pageInput = pager.getByLabel('Page', { exact: true });
    const typePage = async (n: number) => {
      const next = { ...state, page: n };
      const ms = await change(page, next, async () => {
        await pageInput.fill(String(n));
        await pageInput.press('Enter');
      });
      state = next;
      return ms;
    };
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const keep = round >= WARMUP_ROUNDS;
      // Next (from a page that is not the last).
      if (state.page >= lastPage) await typePage(1);
      const next = { ...state, page: state.page + 1 };
      const msNext = await change(page, next, () => pager.getByRole('button', { name: 'Next page' }).click());
      state = next;
      // A page number typed: near the start, then anywhere.
      const other = (n: number) => (n !== state.page ? n : n === 1 ? 2 : n - 1);
      const near = await typePage(other(1 + Math.floor(random() * 100)));
      const anywhere = await typePage(other(1 + Math.floor(random() * lastPage)));
      // A click on a random column's header (the sort column's flips its direction).
      const col = ORDER_SORT_COLUMNS[Math.floor(random() * ORDER_SORT_COLUMNS.length)] ?? 'ID';
      const sorted = sortedBy(state, col);
      const label = page.getByRole('table', { name: 'Orders' }).locator('thead th button').nth(ORDER_SORT_COLUMNS.indexOf(col));
      const msSort = await change(page, sorted, () => label.click());
      state = sorted;
      if (keep) {
        samples.next.push(msNext);
        samples['page 1–100'].push(near);
        samples['page anywhere'].push(anywhere);
        samples.sort.push(msSort);
      }
    }
    return { startS: server.startMs / 1000, samples };
  } finally {
    await context.close();
    await server.stop();
  }
}

const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** Runs the benchmark; @returns how many targets were missed. */
export async function run(): Promise<BenchOutcome> {
  // Built into a directory of its own, so a build or `npm start` running beside it cannot change the files it serves.
  let dist = join(process.cwd(), 'dist');
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    dist = mkdtempSync(join(tmpdir(), 'fa-orders-ui-dist-'));
    console.log('building the app (vite build)…');
    const code = await runCommand(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir']);
    if (code !== 0) throw new Error(`vite build exited with ${code}`);
  }
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const results: { orders: number; startS: number; samples: Record<Action, number[]> }[] = [];
    for (const orders of SIZES) results.push({ orders, ...(await measureAt(browser, orders, dist)) });
    console.log(
      `\n${ROUNDS} rounds of each action after ${WARMUP_ROUNDS} warm-up rounds; from the click's (or Enter's) event to the first paint with the new rows`,
    );
    console.log(machineLine());
    let misses = 0;
    const p95Of: Record<string, number> = {};
    for (const r of results) {
      console.log(
        `\n${r.orders.toLocaleString('en')} orders (server start ${r.startS.toFixed(1)} s)${r.orders === SIZES[0] ? `, target p95 < ${TARGET_MS} ms` : ' (peer)'}`,
      );
      const all = ACTIONS.flatMap((a) => r.samples[a]);
      for (const [name, xs] of [...ACTIONS.map((a) => [a, r.samples[a]] as const), ['all page changes', all] as const]) {
        const p95 = pct(xs, 95);
        p95Of[`${r.orders}:${name}`] = p95;
        const verdict = r.orders === SIZES[0] ? (p95 < TARGET_MS ? 'PASS' : 'MISS') : '';
        if (verdict === 'MISS') misses++;
        console.log(
          `  ${name.padEnd(18)} p50 ${fmt(pct(xs, 50)).padStart(9)}   p95 ${fmt(p95).padStart(9)}   max ${fmt(Math.max(...xs)).padStart(9)}   ${verdict}`,
        );
      }
    }
    console.log(`\npeer ratio (p95 at ${SIZES[0].toLocaleString('en')} / p95 at ${SIZES[1].toLocaleString('en')} orders)`);
    for (const name of [...ACTIONS, 'all page changes']) {
      const a = p95Of[`${SIZES[0]}:${name}`] ?? NaN;
      const b = p95Of[`${SIZES[1]}:${name}`] ?? NaN;
      const ok = a / b <= PEER_RATIO_MAX;
      if (!ok) misses++;
      console.log(`  ${name.padEnd(18)} ${(a / b).toFixed(2)}×   ${ok ? 'PASS' : 'MISS'}`);
    }
    console.log(
      `\n${misses === 0 ? 'PASS' : 'MISS'}: page change p95 < ${TARGET_MS} ms at ${SIZES[0].toLocaleString('en')} orders and ≤ ${PEER_RATIO_MAX}× the peer (${misses} of ${2 * (ACTIONS.length + 1)} lines missed)`,
    );
    return { misses };
  } finally {
    await browser.close();
    if (process.env.BENCH_SKIP_BUILD !== '1') rmSync(dist, { recursive: true, force: true });
  }
}
