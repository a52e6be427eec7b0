/**
 * The sites server (`npm run sites`, src/server/sites-main.ts) apart from the admin: one admin
 * process and one sites process on one PostgreSQL and one bucket (FILE_STORAGE=s3; the
 * deployment of tests/api/two-processes.ts). What the admin publishes the sites server serves,
 * by path and by Host; a rollback through the admin switches what it serves (and the bucket's
 * `live/<site>.json`, what a static host would follow); it has no admin
 * API and no issuer, and it cannot write: its database sessions are read-only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/index.ts';
import { pgCode } from '../../src/server/documents/errors.ts';
import { bodyOnceItHas, call, filesUnder, type Node, type SitesProcess, publishPrice as publishTwoProcesses } from './two-processes.ts';
import { deploymentOfFile } from './deployment-of-file.ts';

const FUNNEL = 1;
/** Funnel 1's checkout: the page whose product price a publish shows. */
const PAGE = 2;

/** A GET with a Host header of our choosing (fetch sets its own). */
function getWithHost(url: string, p: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: p, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

let admin: Node;
let sites: SitesProcess | null = null;
let sitesDir = '';

/** The checkout as a static host serves it from the bucket: the prefix `live/<site>.json` names, then `<page path>index.html`. */
function checkoutInBucket(site: string, pagePath: string): string {
  const pointer = deployment().fake.objects.get(`live/${site}.json`);
  expect(pointer?.contentType).toBe('application/json');
  const { prefix } = JSON.parse(pointer!.body.toString('utf8')) as { prefix: string };
  expect(prefix).toMatch(new RegExp(`^releases/${site.replace(/\./g, '\\.')}/[^/]+/$`));
  return (
    deployment()
      .fake.objects.get(`${prefix}${pagePath.slice(1)}index.html`)
      ?.body.toString('utf8') ?? ''
  );
}

/** Sets the checkout's first product price through the admin and publishes; @returns the release list. */
const publishPrice = (price: number) => publishTwoProcesses(admin, FUNNEL, PAGE, price);

const deployment = deploymentOfFile(
  async (d) => {
    // The admin first: it migrates and seeds the empty database (the sites server never migrates).
    admin = await d.start('admin');
    sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-sites-only-'));
    sites = await d.startSites('sites', { SITES_DIR: sitesDir });
  },
  () => {
    if (sitesDir) fs.rmSync(sitesDir, { recursive: true, force: true });
  },
);

describe('npm run sites: published sites apart from the admin', () => {
  it('answers liveness and readiness (the releases table and the bucket)', async () => {
    const health = await fetch(`${sites!.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'postgres' });
    const ready = await fetch(`${sites!.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', releases: 'ok' } });
  });

  it('serves what the admin published, by path and by Host, and a rollback through the admin switches it', async () => {
    const first = (await publishPrice(31.31))[0]!;
    const pagePath = String((await call(admin, 'GET', `/api/v1/pages/${PAGE}`)).json.page_path);
    const byPath = await fetch(`${sites!.url}/sites/${first.site}${pagePath}`);
    expect(byPath.status).toBe(200);
    expect(byPath.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await byPath.text()).toContain('31.31');
    // The headers of the admin's answer for the same page: sandboxed under /sites/, revalidated.
    const onAdmin = await fetch(`${admin.url}/sites/${first.site}${pagePath}`);
    for (const h of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cache-control']) {
      expect(byPath.headers.get(h), h).toBe(onAdmin.headers.get(h));
    }
    const byHost = await getWithHost(sites!.url, pagePath, first.site);
    expect(byHost.status).toBe(200);
    expect(byHost.headers['x-content-type-options']).toBe('nosniff');
    expect(byHost.body).toContain('31.31');
    expect(checkoutInBucket(first.site, pagePath)).toContain('31.31');

    const releases = await publishPrice(42.42);
    // The sites server follows within the release change's notification.
    expect((await bodyOnceItHas(`${sites!.url}/sites/${first.site}${pagePath}`, '42.42')).afterMs).not.toBeNull();
    expect((await getWithHost(sites!.url, pagePath, first.site)).body).toContain('42.42');
    expect(checkoutInBucket(first.site, pagePath)).toContain('42.42');
    expect(releases.find((r) => r.live)?.ID).not.toBe(first.ID);
    expect((await call(admin, 'POST', `/api/v1/funnels/${FUNNEL}/releases/${first.ID}/rollback`)).status).toBe(200);
    const { body: after } = await bodyOnceItHas(`${sites!.url}/sites/${first.site}${pagePath}`, '31.31');
    expect(after).toContain('31.31');
    expect(after).not.toContain('42.42');
    // The bucket's copy of the pointer follows the rollback too (written after the commit).
    expect(checkoutInBucket(first.site, pagePath)).toContain('31.31');
    expect((await getWithHost(sites!.url, '/no-such-page/', first.site)).status).toBe(404);
  });

  it('has no admin API, no issuer, no SPA: 404 with the admin’s token too', async () => {
    const auth = { Authorization: `Bearer ${admin.token}` };
    for (const [method, p] of [
      ['GET', '/api/v1/funnels'],
      ['GET', '/api/v1/me'],
      ['PUT', `/api/v1/funnels/${FUNNEL}/publish`],
      ['POST', `/api/v1/funnels/${FUNNEL}/releases/1/rollback`],
      ['GET', '/api/openapi.json'],
      ['GET', '/api/config'],
    ] as const) {
      const res = await fetch(`${sites!.url}${p}`, { method, headers: auth });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found!' });
    }
    for (const p of ['/oidc/.well-known/openid-configuration', '/oidc/auth', '/login', '/', '/metrics']) {
      expect((await fetch(`${sites!.url}${p}`)).status, p).toBe(404);
    }
  });

  it('never writes: nothing in its own SITES_DIR, no object of its own in the bucket, and its database sessions refuse writes', async () => {
    expect(filesUnder(sitesDir)).toEqual([]);
    expect(deployment().fake.invalid).toEqual([]);
    // The same read-only open the sites server makes (sites-main.ts): PostgreSQL itself refuses a write.
    const ro = await openDb({ databaseUrl: deployment().cluster.url, readOnly: true });
    try {
      const refused = await ro.db.execute('update releases set live = live where false').then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgCode(refused).code).toBe('25006'); // read_only_sql_transaction
    } finally {
      await ro.close();
    }
  });
});

describe('npm run sites without PostgreSQL', () => {
  it('refuses to start, saying it needs DATABASE_URL', async () => {
    await expect(deployment().startSites('no-database', { DATABASE_URL: '', DATA_DIR: path.join(os.tmpdir(), 'fa-no-such-data') })).rejects.toThrow(
      /needs DATABASE_URL \(postgres:\/\/…\)/,
    );
  });
});
