/**
 * kill -9 of one of two API processes during saves and publishes (FILE_STORAGE=s3, one
 * PostgreSQL, one bucket, no shared disk; tests/api/two-processes.ts). Through A a stream of
 * saves (PATCH of the checkout's price with If-Match, one after another, each answered 200
 * recorded) and back-to-back publishes runs while B is read all along; A is killed with SIGKILL
 * at a random moment, three rounds. Then, through B:
 *
 * - every acknowledged save is there: the page's version reached it and the audit log holds that
 *   version's diff with the very value (a save whose answer the kill swallowed may or may not
 *   have landed; both are fine), as the single-process harness (tests/bench/crash.bench.ts) checks;
 * - the live release is whole: its row is the newest committed one (so no acknowledged publish
 *   was lost), its `release.json` is in the bucket, and every page it lists is served 200 as the
 *   very `index.html` the publish wrote, ending with `</html>`; the bucket's `live/<site>.json`
 *   (what a static host follows) names a whole release too;
 * - B answered every request while A died (200 each, no refused connection);
 *
 * and A, started again on the same database and bucket, serves the same state.
 */
import { describe, expect, it } from 'vitest';
import { pgQuery } from '../scripts/postgres.ts';
import { rng } from '../bench/stats.ts';
import { call, kill9, lastProgress, type Node } from './two-processes.ts';
import { deploymentOfFile } from './deployment-of-file.ts';

const FUNNEL = 1;
/** Funnel 1's checkout: the page whose product price the saves change. */
const PAGE = 2;
const ROUNDS = 3;
const PRICE = '/meta/products/0/_price';

interface Ack {
  version: number;
  value: number;
}
interface AuditEntry {
  ID: number;
  type: string;
  title?: string;
  doc: string | null;
  version?: number;
  ops?: { path: string; value?: unknown }[];
}

let a: Node;
let b: Node;

const deployment = deploymentOfFile(async (d) => {
  // One after the other: the first migrates and seeds the empty database.
  a = await d.start('a');
  b = await d.start('b');
});

/** The checkout page's diffs in the audit log as `n` answers them: `version → price set`. */
async function loggedPrices(n: Node): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  for (let before = ''; ;) {
    const res = await call(n, 'GET', `/api/v1/funnels/${FUNNEL}/audit_log?doc=page:${PAGE}&limit=1000${before}`);
    expect(res.status).toBe(200);
    const entries = res.json as unknown as AuditEntry[];
    for (const e of entries) if (e.type === 'diff' && e.version !== undefined) out.set(e.version, e.ops?.find((o) => o.path === PRICE)?.value);
    if (entries.length < 1000) return out;
    before = `&before=${entries.at(-1)!.ID}`;
  }
}

/** The funnel's "Published" notes in the audit log as `n` answers them (one per committed publish). */
async function publishedNotes(n: Node): Promise<number> {
  const res = await call(n, 'GET', `/api/v1/funnels/${FUNNEL}/audit_log?limit=1000`);
  expect(res.status).toBe(200);
  return (res.json as unknown as AuditEntry[]).filter((e) => e.type === 'note' && e.title === 'Published').length;
}

/**
 * Checks that the live release of the funnel's site is the newest committed one and whole:
 * every page its `release.json` lists is served by `n` as the `index.html` the publish wrote.
 * @returns the live release's stamp.
 */
async function expectLiveReleaseWhole(n: Node): Promise<string> {
  const rows = await pgQuery<{ ID: number; site: string; stamp: string; live: boolean; pages: number }>(
    deployment().cluster.url,
    `SELECT "ID", site, stamp, live, jsonb_array_length(snapshot->'pages') AS pages FROM releases WHERE funnel_id = $1 ORDER BY "ID" DESC`,
    [FUNNEL],
  );
  const live = rows.filter((r) => r.live);
  expect(live).toHaveLength(1);
  // No rollback runs here: the live release is the last publish that committed.
  expect(live[0]!.ID).toBe(rows[0]!.ID);
  const { site, stamp } = live[0]!;
  const manifest = deployment().fake.objects.get(`releases/${site}/${stamp}/release.json`);
  expect(manifest, `release.json of the live release ${stamp}`).toBeDefined();
  const pages = (JSON.parse(manifest!.body.toString()) as { pages: { page_path: string }[] }).pages;
  expect(pages.length).toBe(live[0]!.pages);
  for (const p of pages) {
    const key = `releases/${site}/${stamp}/${[...p.page_path.split('/').filter(Boolean), 'index.html'].join('/')}`;
    const written = deployment().fake.objects.get(key)?.body.toString();
    expect(written, key).toBeDefined();
    const res = await fetch(`${n.url}/sites/${site}${p.page_path}`);
    const html = await res.text();
    expect(res.status, `${p.page_path} on ${n.name}`).toBe(200);
    expect(html.trimEnd().endsWith('</html>'), `${p.page_path} ends with </html>`).toBe(true);
    expect(html).toBe(written);
  }
  // The bucket's copy of the pointer, what a static host follows, names a whole release too. It
  // is written after the commit, so a kill in between leaves it on the one before until the next switch.
  const pointer = deployment().fake.objects.get(`live/${site}.json`);
  expect(pointer, `live/${site}.json`).toBeDefined();
  const { prefix } = JSON.parse(pointer!.body.toString()) as { prefix: string };
  const listed = deployment().fake.objects.get(`${prefix}release.json`);
  expect(listed, `release.json under the bucket pointer's ${prefix}`).toBeDefined();
  for (const p of (JSON.parse(listed!.body.toString()) as { pages: { page_path: string }[] }).pages) {
    const page =
      deployment()
        .fake.objects.get(`${prefix}${[...p.page_path.split('/').filter(Boolean), 'index.html'].join('/')}`)
        ?.body.toString() ?? '';
    expect(page.trimEnd().endsWith('</html>'), `${prefix}${p.page_path} whole`).toBe(true);
  }
  if (prefix !== `releases/${site}/${stamp}/`) console.log(`the bucket pointer names ${prefix}, the row ${stamp} (a kill between the commit and its copy)`);
  return stamp;
}

describe('kill -9 of one of two processes during saves and publishes (FILE_STORAGE=s3)', () => {
  it(`${ROUNDS} rounds: nothing acknowledged is lost, no half-written release is served, the other process keeps serving`, async () => {
    const random = rng(31);
    // A release to serve from the start, so B's reads of the site are 200 from the first one.
    const first = await call(a, 'PUT', `/api/v1/funnels/${FUNNEL}/publish`);
    expect(lastProgress(first.text)).toEqual({ progress: 100, message: 'Done' });
    const pagePaths = ((await call(b, 'GET', `/api/v1/funnels/${FUNNEL}/pages`)).json as unknown as { page_path: string }[]).map((p) => p.page_path);
    const site = (await pgQuery<{ site: string }>(deployment().cluster.url, 'SELECT site FROM releases WHERE live AND funnel_id = $1', [FUNNEL]))[0]!.site;
    const acks: Ack[] = [];
    let acknowledgedPublishes = 1;
    let counter = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      let killed = false;
      const savesBefore = acks.length;
      const publishesBefore = acknowledgedPublishes;
      const unexpected: string[] = [];
      let firstAck: () => void = () => {};
      const acked = new Promise<void>((resolve) => (firstAck = resolve));

      const saves = (async () => {
        let version = (await call(a, 'GET', `/api/v1/pages/${PAGE}`)).json.version as number;
        while (!killed) {
          const value = 10 + ++counter / 100;
          try {
            const res = await fetch(`${a.url}/api/v1/pages/${PAGE}`, {
              method: 'PATCH',
              headers: {
                Authorization: `Bearer ${a.token}`,
                'Content-Type': 'application/json-patch+json',
                'If-Match': `"${version}"`,
                'Idempotency-Key': `kill9-${round}-${counter}`,
              },
              body: JSON.stringify([{ op: 'replace', path: PRICE, value }]),
            });
            const body = (await res.json()) as { version: number };
            if (res.status !== 200) {
              unexpected.push(`save ${res.status}`);
              break;
            }
            acks.push({ version: body.version, value });
            version = body.version;
            firstAck();
          } catch {
            // Cut off by the kill: it may or may not have landed.
            if (!killed) unexpected.push('save: no answer before the kill');
            break;
          }
        }
      })();

      let publishCut = false;
      const publishes = (async () => {
        while (!killed) {
          try {
            const res = await call(a, 'PUT', `/api/v1/funnels/${FUNNEL}/publish`);
            const last = lastProgress(res.text);
            if (res.status === 200 && last.progress === 100) acknowledgedPublishes++;
            else if (!killed) unexpected.push(`publish ${res.status} ${res.text.slice(-200)}`);
          } catch {
            // The stream was cut by the kill (the publish may or may not have committed).
            if (!killed) unexpected.push('publish: no answer before the kill');
            publishCut = true;
            break;
          }
        }
      })();

      // B is read all along: the page, its funnel and one published page after another.
      const readsOnB: string[] = [];
      let reading = true;
      const reader = (async () => {
        for (let i = 0; reading; i++) {
          const p = i % 3 === 0 ? `/api/v1/pages/${PAGE}` : i % 3 === 1 ? `/api/v1/funnels/${FUNNEL}` : `/sites/${site}${pagePaths[i % pagePaths.length]!}`;
          try {
            const res = await fetch(b.url + p, { headers: { Authorization: `Bearer ${b.token}` } });
            const text = await res.text();
            const whole = !p.startsWith('/sites/') || text.trimEnd().endsWith('</html>');
            readsOnB.push(res.status === 200 && whole ? 'ok' : `${p}: ${res.status}${whole ? '' : ' (not a whole page)'}`);
          } catch (e) {
            readsOnB.push(`${p}: no answer (${(e as Error).message})`);
          }
        }
      })();

      await Promise.race([acked, new Promise((r) => setTimeout(r, 20_000))]);
      const killAfterMs = 200 + random() * 1500;
      await new Promise((r) => setTimeout(r, killAfterMs));
      const readsBeforeKill = readsOnB.length;
      killed = true;
      await kill9(a);
      await Promise.all([saves, publishes]);
      // B goes on answering after A is gone, for a while.
      await new Promise((r) => setTimeout(r, 1000));
      reading = false;
      await reader;

      console.log(
        `round ${round}: killed A ${killAfterMs.toFixed(0)} ms after the first save; ${acks.length - savesBefore} saves and ${acknowledgedPublishes - publishesBefore} publishes acknowledged in the round${publishCut ? ', one publish cut off' : ''}; ${readsOnB.length} reads on B`,
      );
      expect(unexpected, `round ${round}: answers through A before the kill`).toEqual([]);
      expect(acks.length).toBeGreaterThan(0);
      expect(readsOnB.length).toBeGreaterThan(readsBeforeKill);
      expect(
        readsOnB.filter((r) => r !== 'ok'),
        `round ${round}: B's answers while A was killed`,
      ).toEqual([]);

      // Every acknowledged save, read through B.
      const now = (await call(b, 'GET', `/api/v1/pages/${PAGE}`)).json as unknown as { version: number; meta: { products: { _price: number }[] } };
      const logged = await loggedPrices(b);
      const lost = acks.filter((k) => !(now.version >= k.version && logged.get(k.version) === k.value));
      expect(lost, `round ${round}: acknowledged saves missing`).toEqual([]);
      const newest = acks.at(-1)!;
      if (now.version === newest.version) expect(now.meta.products[0]!._price).toBe(newest.value);

      // Every acknowledged publish committed, and the live release is whole.
      expect(await publishedNotes(b)).toBeGreaterThanOrEqual(acknowledgedPublishes);
      await expectLiveReleaseWhole(b);

      // A again, on the same database and bucket: it serves the same state.
      a = await deployment().start('a');
      const onA = (await call(a, 'GET', `/api/v1/pages/${PAGE}`)).json as unknown as { version: number };
      expect(onA.version).toBe(now.version);
      await expectLiveReleaseWhole(a);
    }
    expect(deployment().fake.invalid).toEqual([]);
  }, 300_000);
});
