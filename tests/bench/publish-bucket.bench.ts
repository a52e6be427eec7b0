/**
 * Publish to the bucket (benchmark): a generated 200-page funnel (publish.bench.ts's generator,
 * through the API) published with FILE_STORAGE=s3 on the S3 fake (tests/fakes/s3.ts, which
 * checks every request's signature) — every page written as `index.html` with its `.br` and
 * `.gz` siblings, `release.json` last, then the live row committed — timed from the request to
 * the stream's `{progress: 100}` line. The peer, in the same run: the same publish with
 * FILE_STORAGE=directory (a release directory and the `current` symlink). Both servers are the
 * API test harness in this process (as publish.bench.ts), so the bucket's answers cost what a
 * loopback server costs, not a real S3's round trips. Median of 3; target < 5 s.
 * Smoke: 10 pages, one publish each.
 */
import { startTestServer, type TestServer } from '../api/helpers.ts';
import { startFakeS3 } from '../fakes/s3.ts';
import { generateFunnel, timePublish } from './publish.bench.ts';
import { pct } from './stats.ts';
import { size } from './smoke.ts';

const PAGES = size(200, 10);
const RUNS = size(3, 1);
const TARGET_MS = 5000;
/** No access log lines between the figures. */
const QUIET = { LOG_LEVEL: 'warn' };

/**
 * Generates the funnel on `t`, publishes it {@link RUNS} times and checks the live release
 * lists every page and serves the first. @returns each publish's ms.
 */
async function publishes(t: TestServer, label: string): Promise<number[]> {
  const t0 = performance.now();
  const funnelId = await generateFunnel(t, PAGES);
  console.log(`  ${label}: generated a ${PAGES}-page funnel (#${funnelId}) through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms } = await timePublish(t, funnelId);
    times.push(ms);
    console.log(`  ${label}: publish ${i + 1}${i === 0 ? ' (renderer warm-up included)' : ''}: ${(ms / 1000).toFixed(2)} s`);
  }
  const live = ((await t.api('GET', `/api/v1/funnels/${funnelId}/releases`)).body as { live: boolean; site: string; page_count: number }[]).find((r) => r.live);
  if (live?.page_count !== PAGES) throw new Error(`${label}: the live release lists ${live?.page_count ?? 'no'} pages, not ${PAGES}`);
  const page = await fetch(`${t.url}/sites/${live.site}/p1-presell/`);
  const html = await page.text();
  if (page.status !== 200 || !html.trimEnd().endsWith('</html>')) throw new Error(`${label}: the published first page answered ${page.status}`);
  return times;
}

/** Runs the benchmark; prints each publish, the medians, their ratio and PASS/MISS. */
export async function run(): Promise<{ misses: number }> {
  const fake = await startFakeS3();
  let bucket: number[] = [];
  let objects = 0;
  try {
    const t = await startTestServer({ env: { ...fake.env, ...QUIET } });
    try {
      bucket = await publishes(t, 'bucket (FILE_STORAGE=s3)');
      objects = [...fake.objects.keys()].filter((k) => k.startsWith('releases/')).length;
      if (fake.invalid.length) throw new Error(`the bucket refused requests as malformed: ${fake.invalid.slice(0, 3).join('; ')}`);
    } finally {
      await t.close();
    }
  } finally {
    await fake.close();
  }
  const t = await startTestServer({ env: QUIET });
  let directory: number[];
  try {
    directory = await publishes(t, 'peer: directory (FILE_STORAGE=directory)');
  } finally {
    await t.close();
  }
  const s3 = pct(bucket, 50);
  const dir = pct(directory, 50);
  const rows = [
    ['figure', 'bucket', 'directory (peer)', 'ratio'],
    [`publish ${PAGES} pages, median of ${RUNS} (s)`, (s3 / 1000).toFixed(2), (dir / 1000).toFixed(2), `${(s3 / dir).toFixed(2)}×`],
  ];
  const w = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  console.log('');
  for (const [i, r] of rows.entries()) {
    console.log(`  ${r.map((x, c) => (c === 0 ? x.padEnd(w[c]!) : x.padStart(w[c]!))).join(' | ')}`);
    if (i === 0) console.log(`  ${w.map((n) => '-'.repeat(n)).join('-|-')}`);
  }
  console.log(`  objects in the bucket after ${RUNS} publish${RUNS > 1 ? 'es' : ''}: ${objects} (page, .br, .gz per page; release.json per release)`);
  const ok = s3 < TARGET_MS;
  console.log(`\n  ${ok ? 'PASS' : 'MISS'}  publish a ${PAGES}-page funnel to the bucket < ${TARGET_MS / 1000} s  ${(s3 / 1000).toFixed(2)} s`);
  return { misses: ok ? 0 : 1 };
}
