import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/index.ts';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/lock.ts';
import * as lockModule from '../../src/server/db/lock.ts';
import { funnels } from '../../src/server/db/schema.ts';
import { demoData, seedDemo } from '../../src/server/db/seed.ts';
import { at } from '../at.ts';
import { pgliteTemplateFile } from '../scripts/pglite-template.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-data-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Spawns a process that takes the lock on `dir` and waits; resolves once it holds it. */
async function lockInChild(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/server/db/lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock child exited ${code}`)));
  });
  return child;
}

const killed = (child: ReturnType<typeof spawn>) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('data directory lock', () => {
  it('a lock whose owner was killed (kill -9) is taken over at once', async () => {
    const dir = tmp();
    const child = await lockInChild(dir);
    await killed(child);
    // Taken without waiting for the lock to go stale: lockDataDir never waits, it takes or refuses.
    const lock = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await lock.release();
  }, 30_000);

  it('a live owner in another process is refused, with its pid', async () => {
    const dir = tmp();
    const child = await lockInChild(dir);
    try {
      const err = await lockDataDir(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as DataDirLockedError).pid).toBe(child.pid);
    } finally {
      await killed(child);
    }
  }, 30_000);

  it('owner liveness: a gone pid, a reused pid (other start time) and a previous incarnation of our pid are gone', () => {
    const { ownerAlive, processStart } = lockModule;
    const host = os.hostname();
    const now = Date.now();
    const live = { pid: process.ppid, start: processStart(process.ppid), token: 't1', host };
    expect(ownerAlive(live, now)).toBe(true);
    if (live.start !== null) expect(ownerAlive({ ...live, start: String(Number(live.start) + 1) }, now)).toBe(false);
    expect(ownerAlive({ ...live, pid: 2 ** 22 + 12345 }, now)).toBe(false);
    expect(ownerAlive({ pid: process.pid, start: processStart(process.pid), token: 'an-earlier-run', host }, now)).toBe(false);
    // Another host cannot be asked: its refreshes decide.
    expect(ownerAlive({ ...live, host: `${host}-elsewhere` }, now - 1000, now)).toBe(true);
    expect(ownerAlive({ ...live, host: `${host}-elsewhere` }, now - 60_000, now)).toBe(false);
  });

  it('refuses a second lock on the same directory with a clear message, and allows it after release', async () => {
    const dir = tmp();
    const first = await lockDataDir(dir);
    const err = await lockDataDir(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toBe(
      `Another Funnel Admin server is already using the data directory ${dir} (pid ${process.pid}). Stop it or choose another DATA_DIR.`,
    );
    await first.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('a second server process on a locked directory exits 1 with the message', async () => {
    const dir = tmp();
    const held = await lockDataDir(dir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dir, PORT: '0', STATIC_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`Another Funnel Admin server is already using the data directory ${dir} (pid ${process.pid})`);
    } finally {
      await held.release();
    }
  });

  it.each([
    ['src/server/main.ts', { DEMO_SCALE: 'bogus' }, 'Funnel Admin cannot start: DEMO_SCALE must be small or large (got "bogus")'],
    ['src/server/main.ts', { PGLITE_TEMPLATE: '/nowhere/demo.tar' }, 'Funnel Admin cannot start: PGLITE_TEMPLATE names no file (/nowhere/demo.tar)'],
    ['src/server/main.ts', { LIVE_MAX_STREAMS: '0' }, 'Funnel Admin cannot start: LIVE_MAX_STREAMS must be a whole number of at least 1 (got "0")'],
    ['src/server/sites-main.ts', { DATABASE_URL: '' }, 'The sites server cannot start: npm run sites needs DATABASE_URL'],
  ])('%s with a setting it cannot start with (%o) exits 1 with one line naming it, no stack trace', async (entry, env, line) => {
    const dir = tmp();
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dir, PORT: '0', SITES_PORT: '0', STATIC_DIR: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(line);
  });

  it('openDb locks a persistent PGlite directory; data survives close and reopen', async () => {
    const dir = tmp();
    const a = await openDb({ dataDir: dir });
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await seedDemo(a.db, undefined, { orders: 1000 })).toBe(true);
    await a.close();
    const b = await openDb({ dataDir: dir });
    try {
      const { n } = at(await b.db.select({ n: count() }).from(funnels), 0, 'count row');
      expect(n).toBe(demoData().funnels.length);
      expect(await seedDemo(b.db)).toBe(false);
    } finally {
      await b.close();
    }
  });

  it("a new data directory starts from PGLITE_TEMPLATE's dump; an existing one resumes as it is", async () => {
    const dump = await pgliteTemplateFile({ orders: 0 });
    const dir = tmp();
    const a = await openDb({ dataDir: dir, template: dump });
    try {
      expect(a.fromTemplate).toBe(true);
      // The dump is seeded: nothing to seed again, the demo funnels are there.
      expect(await seedDemo(a.db)).toBe(false);
      expect(at(await a.db.select({ n: count() }).from(funnels), 0, 'count row').n).toBe(demoData().funnels.length);
      await a.db.delete(funnels);
    } finally {
      await a.close();
    }
    const b = await openDb({ dataDir: dir, template: dump });
    try {
      expect(b.fromTemplate).toBe(false);
      expect(at(await b.db.select({ n: count() }).from(funnels), 0, 'count row').n).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('PGLITE_TEMPLATE naming no file, or beside DATABASE_URL, stops the start naming the variable', () => {
    const missing = path.join(tmp(), 'nothing.tar');
    expect(() => loadConfig({ PGLITE_TEMPLATE: missing })).toThrow(`PGLITE_TEMPLATE names no file (${missing})`);
    const file = path.join(tmp(), 'dump.tar');
    fs.writeFileSync(file, '');
    expect(() => loadConfig({ PGLITE_TEMPLATE: file, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' })).toThrow(
      'PGLITE_TEMPLATE applies to the embedded database only: unset it or DATABASE_URL',
    );
    expect(loadConfig({ PGLITE_TEMPLATE: ` ${file} ` }).pgliteTemplate).toBe(file);
    expect(loadConfig({}).pgliteTemplate).toBe('');
  });
});
