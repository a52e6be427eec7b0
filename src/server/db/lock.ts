/**
 * Exclusive lock on the data directory. PGlite takes no lock of its own (TOOLCHAIN.md):
 * two processes on one directory corrupt it, so a second server must refuse to start.
 */
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Thrown when another process holds the data directory. `message` is shown to the operator as is. */
export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number | null) {
    super(`Another Funnel Admin server is already using the data directory ${dir} (pid ${pid ?? 'unknown'}). Stop it or choose another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

const PID_FILE = 'server.pid';

/**
 * Creates `dir` if needed and takes an exclusive lock on it (proper-lockfile, lock directory
 * `<dir>/server.lock`, refreshed every 5 s, stale after 20 s so a crashed server does not block
 * forever), then writes our pid to `<dir>/server.pid` for the message of the next one.
 * @returns `release()` which frees the lock (idempotent).
 * @throws DataDirLockedError when another live process holds the lock.
 */
export async function lockDataDir(dir: string): Promise<{ release: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, 'server.lock'),
      stale: 20_000,
      update: 5_000,
      retries: 0,
      onCompromised: (err) => console.error(`Data directory lock lost: ${err.message}`),
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') {
      let pid: number | null = null;
      try {
        pid = Number(fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim()) || null;
      } catch {
        /* no pid file yet: the other server is still starting */
      }
      throw new DataDirLockedError(dir, pid);
    }
    throw e;
  }
  fs.writeFileSync(path.join(dir, PID_FILE), String(process.pid));
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      try {
        fs.rmSync(path.join(dir, PID_FILE), { force: true });
        await release();
      } catch {
        /* already released or compromised: nothing left to free */
      }
    },
  };
}
