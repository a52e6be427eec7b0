/**
 * Lighthouse benchmark: Lighthouse 12 (mobile preset, its default; simulated
 * throttling) in Debian's Chromium against the real server — started in-process with the
 * built SPA (`dist/`, built with `npx vite build` first when it is missing or not
 * precompressed), the demo data on in-memory PGlite — on `/login` and on one published page of
 * each page type of the demo funnels (published first through `PUT /api/v1/funnels/{id}/publish`
 * with a real token), and every page of the demo funnel with every page-editor setting switched
 * on (its slider images uploaded to its gallery first). Prints per URL: performance, accessibility, bytes transferred; then the
 * top opportunities and failed accessibility audits of `/login`.
 *
 * Targets: `/login` performance ≥ 90 and accessibility 100, its font bytes at most half of what
 * the same faces weigh as @fontsource ships them (the peer, printed beside them); every published
 * page type performance ≥ 98, accessibility 100 and under 50 kB transferred.
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium, with the flags proven on these machines.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoGalleryFiles, EVERY_FEATURE_FUNNEL_ID } from '../../src/server/db/seed.ts';
import { siteNameOf } from '../../src/server/publish/pipeline.ts';
import { startTestServer, type TestServer } from '../api/helpers.ts';
import { size } from './smoke.ts';
import { CHROMIUM_PATH, CHROMIUM_SWITCHES } from '../chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
// chrome-launcher passes its own --disable-features list, which one of ours would replace.
const CHROME_FLAGS = ['--headless', ...CHROMIUM_SWITCHES];

/** What one Lighthouse run gives us. */
interface Figures {
  label: string;
  url: string;
  performance: number;
  accessibility: number;
  bytes: number;
  lhr: LhrLike;
  /** Performance scores of every run of this page, lowest first (the median is reported). */
  spread?: number[];
}

/** The parts of Lighthouse's result we read. */
interface LhrLike {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: {
        type?: string;
        overallSavingsMs?: number;
        overallSavingsBytes?: number;
        items?: { url?: string; resourceType?: string; transferSize?: number }[];
      };
      metricSavings?: Record<string, number>;
    }
  >;
  runtimeError?: { message: string };
}

/** Builds the SPA when dist/ is missing or was built before the build precompressed it. */
function ensureDist(): void {
  if (fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(path.join(DIST, 'index.html.gz'))) return;
  console.log('dist/ is missing or not precompressed: npx vite build …');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
}

/**
 * Publishes the demo funnels that can be published; returns one URL per page type, and every
 * page of the every-feature funnel labelled "<type> +all".
 */
async function publishedPages(t: TestServer): Promise<{ label: string; url: string }[]> {
  // A server seeded from the test template has an empty uploads directory: upload the slides
  // (409 when the first seed already wrote them).
  const slides = demoGalleryFiles().map(({ name, data }) => ({ name, type: 'image/svg+xml', data }));
  const up = await t.upload(`/api/v1/images/${EVERY_FEATURE_FUNNEL_ID}`, slides);
  if (up.status >= 300 && up.status !== 409) console.log(`  slides not uploaded (${up.status})`);
  const funnels = (await t.api('GET', '/api/v1/funnels')).body as { ID: number; locked?: boolean }[];
  const byType = new Map<string, string>();
  for (const f of funnels) {
    const res = await fetch(`${t.url}/api/v1/funnels/${f.ID}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
    const last = (await res.text()).trim().split('\n').at(-1) ?? '';
    if (res.status !== 200 || !last.includes('"progress":100')) {
      console.log(`  funnel #${f.ID}: not published (${res.status} ${last.slice(0, 120)})`);
      continue;
    }
    const site = await siteNameOf(t.server.db.db, f.ID);
    const pages = (await t.api('GET', `/api/v1/funnels/${f.ID}/pages`)).body as { page_type: string; page_path: string }[];
    for (const p of pages) {
      const url = `${t.url}/sites/${site}${p.page_path.startsWith('/') ? '' : '/'}${p.page_path}`;
      if (f.ID === EVERY_FEATURE_FUNNEL_ID) byType.set(`${p.page_type} +all`, url);
      else if (!byType.has(p.page_type)) byType.set(p.page_type, url);
    }
  }
  return [...byType].map(([type, url]) => ({ label: type, url }));
}

const score = (lhr: LhrLike, cat: string) => Math.round((lhr.categories[cat]?.score ?? 0) * 100);

/** Runs Lighthouse on `url` in the launched Chromium. */
async function audit(port: number, label: string, url: string): Promise<Figures> {
  let lhr: LhrLike | undefined;
  // A trace Chromium failed to record (NO_NAVSTART, NO_FCP under load) says nothing about the
  // page: run again, up to three times, and report the error only if it stays.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr as unknown as LhrLike;
    if (!lhr.runtimeError) break;
    console.log(`  ${label}: Lighthouse runtime error (attempt ${attempt}): ${lhr.runtimeError.message}`);
  }
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  return {
    label,
    url,
    lhr,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
  };
}

/** Largest share of the @fontsource files' bytes that /login's fonts may weigh ("font bytes on /login halved"). */
const FONT_RATIO_MAX = 0.5;

/**
 * The font files a run fetched (Lighthouse's network-requests audit) and what the same faces
 * weigh as @fontsource's latin woff2 files (our files are named `<family>-<weight>-<part>`).
 * @throws Error when a font file's name does not name a @fontsource face.
 */
function fontBytes(f: Figures): { files: string[]; bytes: number; peerBytes: number } {
  const fonts = (f.lhr.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Font' && i.url);
  const faces = new Set<string>();
  for (const i of fonts) {
    const m = /\/(inter|jetbrains-mono)-(\d{3})-(core|rest)-[^/]*\.woff2$/.exec(i.url ?? '');
    if (!m) throw new Error(`Not one of the UI's font files: ${i.url}`);
    faces.add(`${m[1]}-${m[2]}`);
  }
  const peerBytes = [...faces].reduce((n, face) => {
    const [family, weight] = [face.slice(0, face.lastIndexOf('-')), face.slice(face.lastIndexOf('-') + 1)];
    return n + fs.statSync(path.join(ROOT, 'node_modules/@fontsource', family, 'files', `${family}-latin-${weight}-normal.woff2`)).size;
  }, 0);
  return { files: fonts.map((i) => path.basename(i.url ?? '')), bytes: fonts.reduce((n, i) => n + (i.transferSize ?? 0), 0), peerBytes };
}

/** Prints the top opportunities (by estimated savings) and the failed accessibility audits of a run. */
function explain(f: Figures): void {
  const audits = Object.values(f.lhr.audits);
  const opportunities = audits
    .filter((a) => (a.score ?? 1) < 0.9 && ((a.details?.overallSavingsMs ?? 0) > 0 || (a.metricSavings && Object.values(a.metricSavings).some((v) => v > 0))))
    .map((a) => ({ a, ms: a.details?.overallSavingsMs ?? Math.max(0, ...Object.values(a.metricSavings ?? {})) }))
    .sort((x, y) => y.ms - x.ms)
    .slice(0, 8);
  console.log(`  top opportunities on ${f.label}:`);
  for (const { a, ms } of opportunities) {
    const bytes = a.details?.overallSavingsBytes ? `, ${Math.round(a.details.overallSavingsBytes / 1024)} KiB` : '';
    console.log(`    - ${a.title}: ~${Math.round(ms)} ms${bytes}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    const m = f.lhr.audits[id];
    if (m) console.log(`    ${m.title}: ${m.displayValue ?? m.numericValue} (score ${Math.round((m.score ?? 0) * 100)})`);
  }
  const a11y = (f.lhr.categories.accessibility?.auditRefs ?? [])
    .map((r) => f.lhr.audits[r.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
  if (a11y.length) console.log(`  failed accessibility audits on ${f.label}: ${a11y.map((a) => a!.id).join(', ')}`);
}

/** Runs the benchmark; returns the number of missed targets. */
export async function run(): Promise<{ misses: number }> {
  ensureDist();
  const t = await startTestServer({ staticDir: DIST, demoOrders: 200 });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  let misses = 0;
  try {
    const targets = [{ label: '/login', url: `${t.url}/login` }, ...(await publishedPages(t))];
    const results: Figures[] = [];
    // Lighthouse's own advice for variance: several runs, the median one reported. The
    // performance score of a 3 kB page still swings 30 points when other work takes the CPU.
    const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? size(3, 1));
    // A smoke run audits one page (/login) once: the published pages are still built and served.
    for (const target of size(targets, targets.slice(0, 1))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, target.label, target.url));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      if (median) results.push({ ...median, spread: runs.map((r) => r.performance) });
    }
    console.log(`\nLighthouse 12, mobile preset (simulated throttling), Chromium headless, median of ${RUNS} runs:`);
    console.log('page                 perf  a11y  transferred  targets');
    for (const f of results) {
      const login = f.label === '/login';
      const checks = login ? [f.performance >= 90, f.accessibility === 100] : [f.performance >= 98, f.accessibility === 100, f.bytes < 50 * 1024];
      const ok = checks.every(Boolean);
      if (!ok) misses++;
      const target = login ? 'perf ≥ 90, a11y 100' : 'perf ≥ 98, a11y 100, < 50 kB';
      console.log(
        `${f.label.padEnd(20)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${(f.bytes / 1024).toFixed(1).padStart(8)} kB  ${target}: ${ok ? 'PASS' : 'MISS'}  (runs: ${(f.spread ?? [f.performance]).join(', ')})`,
      );
      if (!login) console.log(`${''.padEnd(20)} ${f.url}`);
    }
    const login = results.find((f) => f.label === '/login');
    if (login) {
      const fonts = fontBytes(login);
      const ratio = fonts.bytes / fonts.peerBytes;
      const ok = ratio <= FONT_RATIO_MAX;
      if (!ok) misses++;
      console.log(
        `fonts on /login: ${(fonts.bytes / 1024).toFixed(1)} kB in ${fonts.files.length} files (${fonts.files.join(', ')}); the same faces as @fontsource ships them: ${(fonts.peerBytes / 1024).toFixed(1)} kB; ${ratio.toFixed(2)}× (target ≤ ${FONT_RATIO_MAX}×): ${ok ? 'PASS' : 'MISS'}`,
      );
    }
    for (const f of results) if (f.label === '/login' || f.performance < 98 || f.accessibility < 100) explain(f);
  } finally {
    chrome.kill();
    await t.close();
  }
  return { misses };
}
