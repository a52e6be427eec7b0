/**
 * The production build of the server (`npm run build:server`, what `npm run build` runs after
 * Vite): `node dist-server/main.js` — plain Node, no tsx loader, no Vite — starts from another
 * working directory and does what needs the files beside the bundle: migrations (the database
 * opens), the password worker (a sign-in), the upload worker (an image), the page templates
 * (a publish); `dist-server/sites-main.js` starts too (and says what it needs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let tmp = '';
let child: ChildProcess | null = null;
let log = '';
let url = '';

/** `node <entry>` in `tmp` with nothing but `env` (no NODE_OPTIONS: no loader can sneak in). */
function runNode(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'dist-server', entry)], {
    cwd: tmp,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

beforeAll(async () => {
  const built = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr + built.stdout).toBe(0);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-prod-'));
  child = runNode('main.js', {
    PORT: '0',
    DATA_DIR: ':memory:',
    DEMO_ORDERS: '100',
    STORYBOOK_BUILD: '0',
    STATIC_DIR: path.join(tmp, 'no-spa'),
    SITES_DIR: path.join(tmp, 'sites'),
    UPLOADS_DIR: path.join(tmp, 'uploads'),
  });
  url = await new Promise<string>((resolve, reject) => {
    child!.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (m) resolve(m);
    });
    child!.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child!.once('exit', (code) => reject(new Error(`node dist-server/main.js exited with ${code}: ${log.slice(-2000)}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('node dist-server/main.js (npm run start:prod)', () => {
  it('is ready, signs in (password worker), takes an image (upload worker) and publishes (templates)', async () => {
    const ready = await fetch(`${url}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', issuer: 'ok' } });
    const token = await getToken(url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const auth = { Authorization: `Bearer ${token}` };
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'prod.png');
    expect((await fetch(`${url}/api/v1/images/1`, { method: 'POST', headers: auth, body: form })).status).toBe(201);
    const published = await (await fetch(`${url}/api/v1/funnels/1/publish`, { method: 'PUT', headers: auth })).text();
    expect(JSON.parse(published.trim().split('\n').at(-1) ?? '{}')).toEqual({ progress: 100, message: 'Done' });
    // The side-effect imports survive bundling: the OpenAPI document keeps the fields' descriptions.
    const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> };
    };
    const descriptions = Object.values(doc.components.schemas).flatMap((s) => Object.values(s.properties ?? {}).map((p) => p.description));
    expect(descriptions).toContain('Database ID'); // routes/fields.ts, imported for its effect only
    expect(log).not.toMatch(/"level":(50|60)/);
  });

  it('runs the sites server from the bundle too, which refuses to start without PostgreSQL', async () => {
    const sites = runNode('sites-main.js', { DATA_DIR: path.join(tmp, 'data') });
    let out = '';
    sites.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => sites.once('exit', r));
    expect(code).toBe(1);
    expect(out).toMatch(/needs DATABASE_URL \(postgres:\/\/…\)/);
  });
});
