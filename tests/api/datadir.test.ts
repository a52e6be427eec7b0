import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/index.ts';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/lock.ts';
import { funnels } from '../../src/server/db/schema.ts';
import { demoData, seedDemo } from '../../src/server/db/seed.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-data-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
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

  it('openDb locks a persistent PGlite directory; data survives close and reopen', async () => {
    const dir = tmp();
    const a = await openDb({ dataDir: dir });
    await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await seedDemo(a.db, undefined, { orders: 1000 })).toBe(true);
    await a.close();
    const b = await openDb({ dataDir: dir });
    try {
      const [{ n }] = await b.db.select({ n: count() }).from(funnels);
      expect(n).toBe(demoData().funnels.length);
      expect(await seedDemo(b.db)).toBe(false);
    } finally {
      await b.close();
    }
  });
});
