/**
 * Two API processes with FILE_STORAGE=s3 and no shared disk: each is an OS process of its own
 * (`src/server/main.ts`: ../scripts/server-entry.ts) with its own SITES_DIR and UPLOADS_DIR, on
 * one PostgreSQL (a throwaway Debian cluster, as tests/api/postgres.test.ts starts) and one
 * bucket (the S3-compatible fake of tests/fakes/s3.ts, which checks every request's signature). What one
 * process stores, the other serves; a rollback through either switches what both serve; the
 * same gallery name uploaded through both at once is one 201 and one 409. Both sit behind one
 * address, a round-robin balancer (their PUBLIC_URL), as a deployment runs them: an operator's
 * session through it lands each request on the next process, and a sites server beside them
 * serves what that session publishes and rolls back.
 */
import { describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { freePort } from '../scripts/proc.ts';
import { bodyOnceItHas, call, filesUnder, lastProgress, startRoundRobin, type Node, type RoundRobin, type SitesProcess } from './two-processes.ts';
import { deploymentOfFile } from './deployment-of-file.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FUNNEL = 1;
/** Funnel 1's checkout: the page whose product price a publish shows. */
const PAGE = 2;

const nodes: Node[] = [];
let lb: RoundRobin | null = null;
/** The operator's view: the balancer's address, with a token its issuer (both processes) accepts. */
let front: Node;
let sites: SitesProcess;

const upload = (n: Node, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  return fetch(`${n.url}/api/v1/images/${FUNNEL}`, { method: 'POST', headers: { Authorization: `Bearer ${n.token}` }, body: form }).catch((e: unknown) => {
    // A dropped connection: say whether the process ended and what it printed last.
    const cause = (e as { cause?: unknown }).cause;
    throw new Error(`upload ${name} to ${n.name}: ${String(e)} (${String(cause)}); exited: ${n.proc.exited()}; log: ${n.proc.log().slice(-3000)}`);
  });
};

/** Publishes through `n` and returns the last progress line. */
async function publish(n: Node): Promise<{ progress: number; message: string }> {
  const res = await call(n, 'PUT', `/api/v1/funnels/${FUNNEL}/publish`);
  expect(res.status).toBe(200);
  return lastProgress(res.text);
}

/** Sets the checkout's first product price through `n`. */
async function setPrice(n: Node, price: number): Promise<void> {
  const page = await call(n, 'GET', `/api/v1/pages/${PAGE}`);
  const res = await fetch(`${n.url}/api/v1/pages/${PAGE}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${n.token}`, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${String(page.json.version)}"` },
    body: JSON.stringify([{ op: 'replace', path: '/meta/products/0/_price', value: price }]),
  });
  expect(res.status).toBe(200);
}

/** The published checkout as `n` serves it (site and path from the live release). */
async function servedCheckout(n: Node, site: string, pagePath: string): Promise<string> {
  const res = await fetch(`${n.url}/sites/${site}${pagePath}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return res.text();
}

const deployment = deploymentOfFile(
  async (d) => {
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    lb = await startRoundRobin(portLb, [portA, portB]);
    // One address for both: the issuer is the balancer, so a token from either is good on both.
    const publicUrl = `http://127.0.0.1:${portLb}`;
    // One after the other: the first migrates and seeds the empty database.
    nodes.push(await d.start('a', { PORT: String(portA), PUBLIC_URL: publicUrl }, { signIn: false }));
    nodes.push(await d.start('b', { PORT: String(portB), PUBLIC_URL: publicUrl }, { signIn: false }));
    // Signed in through the balancer (the sign-in's steps land on both): one token for every process.
    const token = await getToken(publicUrl, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    for (const n of nodes) n.token = token;
    front = { ...nodes[0]!, name: 'balancer', url: publicUrl, dirs: [] };
    sites = await d.startSites('sites');
  },
  () => lb?.close(),
);

describe('two API processes, one bucket, no shared disk (FILE_STORAGE=s3)', () => {
  it('serves through one process the image uploaded through the other', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    expect((await upload(a, 'scale-out.png')).status).toBe(201);
    const got = await fetch(`${b.url}/uploads/${FUNNEL}/scale-out.png`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    const gallery = await call(b, 'GET', `/api/v1/images/${FUNNEL}`);
    expect((gallery.json as { name: string }[]).map((i) => i.name)).toContain('scale-out.png');
    expect(deployment().fake.objects.get(`uploads/${FUNNEL}/scale-out.png`)?.contentType).toBe('image/png');
  });

  it('answers one 201 and one 409 when both processes get the same file name at once', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    for (let round = 0; round < 3; round++) {
      const name = `both-${round}.png`;
      const statuses = (await Promise.all([upload(a, name), upload(b, name)])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
    }
  });

  it('serves through one process what was published through the other, and a rollback through either switches what both serve', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    await setPrice(a, 11.11);
    expect(await publish(a)).toEqual({ progress: 100, message: 'Done' });
    const releases = await call(b, 'GET', `/api/v1/funnels/${FUNNEL}/releases`);
    const first = releases.json[0] as { ID: number; site: string; live: boolean };
    expect(first.live).toBe(true);
    const pagePath = String((await call(b, 'GET', `/api/v1/pages/${PAGE}`)).json.page_path);
    expect(await servedCheckout(b, first.site, pagePath)).toContain('11.11');

    await setPrice(b, 22.22);
    expect(await publish(b)).toEqual({ progress: 100, message: 'Done' });
    expect(await servedCheckout(a, first.site, pagePath)).toContain('22.22');
    expect(await servedCheckout(b, first.site, pagePath)).toContain('22.22');

    // Rolled back through B: A serves the first release from its very next request.
    expect((await call(b, 'POST', `/api/v1/funnels/${FUNNEL}/releases/${first.ID}/rollback`)).status).toBe(200);
    const onA = await servedCheckout(a, first.site, pagePath);
    expect(onA).toContain('11.11');
    expect(onA).not.toContain('22.22');
    // And forward again through A.
    const second = ((await call(a, 'GET', `/api/v1/funnels/${FUNNEL}/releases`)).json as { ID: number }[]).find((r) => r.ID !== first.ID)!;
    expect((await call(a, 'POST', `/api/v1/funnels/${FUNNEL}/releases/${second.ID}/rollback`)).status).toBe(200);
    expect(await servedCheckout(b, first.site, pagePath)).toContain('22.22');

    // Each release is a prefix a static host could serve: index.html per page path, typed and revalidated.
    const page = [...deployment().fake.objects.entries()].find(([k]) => k.startsWith(`releases/${first.site}/`) && k.endsWith(`${pagePath}index.html`));
    expect(page?.[1]).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
  });

  it('behind a round-robin balancer, an upload, a publish and a rollback in one session reach the sites server whichever process took each request', async () => {
    const before = [...lb!.served];
    const tookPart = () => lb!.served.map((n, i) => n - before[i]!);
    // Uploaded through one process, listed and served by the next.
    expect((await upload(front, 'behind-balancer.png')).status).toBe(201);
    const listed = await call(front, 'GET', `/api/v1/images/${FUNNEL}`);
    expect((listed.json as { name: string }[]).map((i) => i.name)).toContain('behind-balancer.png');
    for (let i = 0; i < 2; i++) expect((await fetch(`${front.url}/uploads/${FUNNEL}/behind-balancer.png`)).status).toBe(200);

    await setPrice(front, 33.33);
    expect(await publish(front)).toEqual({ progress: 100, message: 'Done' });
    const releases = (await call(front, 'GET', `/api/v1/funnels/${FUNNEL}/releases`)).json as { ID: number; site: string; live: boolean }[];
    const live = releases.find((r) => r.live)!;
    const pagePath = String((await call(front, 'GET', `/api/v1/pages/${PAGE}`)).json.page_path);
    // The sites server follows each switch once the release change is announced.
    const onSites = async (price: string) => (await bodyOnceItHas(`${sites.url}/sites/${live.site}${pagePath}`, price)).body;
    expect(await onSites('33.33')).toContain('33.33');

    await setPrice(front, 44.44);
    expect(await publish(front)).toEqual({ progress: 100, message: 'Done' });
    expect(await onSites('44.44')).toContain('44.44');
    // Rolled back through whichever process is next: the sites server serves 33.33 again at once.
    expect((await call(front, 'POST', `/api/v1/funnels/${FUNNEL}/releases/${live.ID}/rollback`)).status).toBe(200);
    const after = await onSites('33.33');
    expect(after).toContain('33.33');
    expect(after).not.toContain('44.44');
    // Every step went through the balancer, and both processes took part.
    expect(
      tookPart().every((n) => n >= 5),
      `requests per process: ${tookPart().join(', ')}`,
    ).toBe(true);
  });

  it('keeps nothing on either process’s disk, and every request to the bucket was well-formed and signed', () => {
    for (const n of nodes) for (const d of n.dirs) expect(filesUnder(d), d).toEqual([]);
    expect(deployment().fake.invalid).toEqual([]);
  });
});
