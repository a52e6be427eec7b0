/**
 * Exclusive lock on the data directory. PGlite takes no lock of its own (src/server/README.md):
 * two processes on one directory corrupt it, so a second server must refuse to start —
 * and a server killed with `kill -9` must not keep the next one out.
 *
 * The lock is the directory `<dir>/server.lock`, created atomically WITH its owner record
 * (`owner.json`: pid, the process's start time, a random instance token, host name): it is
 * built under a temporary name and renamed into place, and a rename onto an existing,
 * non-empty lock fails. So a lock never exists without its owner, and whether the owner still
 * runs is a question of fact, not of a timeout:
 *
 * - same host: `process.kill(pid, 0)` answers ESRCH → the owner is gone; a live pid whose
 *   start time (Linux `/proc/<pid>/stat`) differs from the recorded one, or our own pid with
 *   another instance token, is a reused pid → gone too;
 * - another host (a shared volume): the owner refreshes the lock's mtime every 5 s; no refresh
 *   for 20 s → gone. An owner-less (legacy, proper-lockfile) lock uses the same rule.
 *
 * A gone owner's lock is taken over at once: renamed aside (atomic), checked to still be that
 * owner's (else put back and refused), removed, and acquired again. `<dir>/server.pid` keeps
 * the owner's pid for operators.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when another process holds the data directory. `message` is shown to the operator as is. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(`Another Funnel Admin server is already using the data directory ${dir} (pid ${pid ?? 'unknown'}). Stop it or choose another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

const PID_FILE = 'server.pid';
const LOCK_DIR = 'server.lock';
const OWNER_FILE = 'owner.json';
/** How often the owner refreshes the lock's mtime (ms). */
export const LOCK_REFRESH_MS = 5_000;
/** A lock whose owner cannot be asked (another host, no owner record) is stale after this long without a refresh (ms). */
export const LOCK_STALE_MS = 20_000;

/** Tokens of the locks this process holds (an owner with our pid and another token is a previous incarnation). */
const currentTokens = new Set<string>();

/** Who holds a lock. */
export interface LockOwner {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot, field 22 of /proc/<pid>/stat); null elsewhere. */
  start: string | null;
  /** Random per lock: tells two incarnations with the same pid apart. */
  token: string;
  host: string;
}

/** The start time of process `pid` from /proc, or null when it cannot be read (not Linux, no such process). */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null; // field 22 overall = index 19 after "pid (comm)"
  } catch {
    return null;
  }
}

/**
 * True when the recorded owner still runs (see the module comment). Exported for tests.
 * @param mtimeMs the lock's last refresh, used for owners on another host.
 */
export function ownerAlive(owner: LockOwner, mtimeMs: number, now = Date.now()): boolean {
  if (owner.host !== os.hostname()) return now - mtimeMs < LOCK_STALE_MS;
  if (owner.pid === process.pid) return currentTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: it exists and belongs to someone else — alive (its start time still tells reuse).
  }
  const start = processStart(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

function readOwner(lockDir: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(path.join(lockDir, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof o.pid !== 'number' || typeof o.token !== 'string' || typeof o.host !== 'string') return null;
    return { pid: o.pid, token: o.token, host: o.host, start: typeof o.start === 'string' ? o.start : null };
  } catch {
    return null;
  }
}

function mtimeOf(p: string): number | null {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return null;
  }
}

/** Creates `lockDir` with `owner` inside, atomically. @returns false when a lock is already there. */
function tryCreate(dir: string, lockDir: string, owner: LockOwner): boolean {
  const tmp = path.join(dir, `${LOCK_DIR}.new-${owner.token}`);
  fs.mkdirSync(tmp);
  try {
    fs.writeFileSync(path.join(tmp, OWNER_FILE), JSON.stringify(owner));
    // An existing lock always holds its owner record, so the rename fails (ENOTEMPTY/EEXIST).
    // An empty one (a legacy lock, or a crash between the two steps of a takeover) is checked first.
    if (fs.existsSync(lockDir) && readOwner(lockDir) === null && Date.now() - (mtimeOf(lockDir) ?? 0) < LOCK_STALE_MS) return false;
    fs.renameSync(tmp, lockDir);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR') return false;
    throw e;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Removes the lock of `dead` when it is still that owner's: renamed aside first (atomic), so
 * a lock another starting server created meanwhile is put back, never removed.
 */
function takeOver(dir: string, lockDir: string, dead: LockOwner | null): void {
  const aside = path.join(dir, `${LOCK_DIR}.stale-${crypto.randomUUID()}`);
  try {
    fs.renameSync(lockDir, aside);
  } catch {
    return; // gone already, or replaced: the next attempt decides
  }
  const moved = readOwner(aside);
  if ((moved?.token ?? null) !== (dead?.token ?? null)) {
    try {
      fs.renameSync(aside, lockDir); // someone else's live lock: put it back
    } catch {
      /* a third server holds the lock now; the displaced one notices at its next refresh */
    }
    return;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * Creates `dir` if needed and takes the exclusive lock on it (see the module comment),
 * taking over at once a lock whose owner is gone (a crash, `kill -9`), then writes our pid to
 * `<dir>/server.pid` for the message of the next one.
 * @returns `release()` which frees the lock (idempotent).
 * @throws DataDirLockedError when another live process holds the lock.
 */
export function lockDataDir(dir: string): Promise<{ release: () => Promise<void> }> {
  // Every step is synchronous; a refusal still arrives as a rejection, never as a throw.
  return new Promise((resolve) => resolve(takeLock(dir)));
}

/** {@link lockDataDir}'s synchronous work. @throws DataDirLockedError */
function takeLock(dir: string): { release: () => Promise<void> } {
  fs.mkdirSync(dir, { recursive: true });
  const lockDir = path.join(dir, LOCK_DIR);
  const owner: LockOwner = { pid: process.pid, start: processStart(process.pid), token: crypto.randomUUID(), host: os.hostname() };
  let acquired = false;
  for (let attempt = 0; attempt < 3 && !acquired; attempt++) {
    if (tryCreate(dir, lockDir, owner)) {
      acquired = true;
      break;
    }
    const holder = readOwner(lockDir);
    const mtime = mtimeOf(lockDir);
    if (mtime === null) continue; // released meanwhile: try again
    const alive = holder ? ownerAlive(holder, mtime) : Date.now() - mtime < LOCK_STALE_MS;
    if (alive) throw new DataDirLockedError(dir, holder?.pid ?? readPidFile(dir));
    takeOver(dir, lockDir, holder);
  }
  if (!acquired) throw new DataDirLockedError(dir, readOwner(lockDir)?.pid ?? readPidFile(dir));
  currentTokens.add(owner.token);
  fs.writeFileSync(path.join(dir, PID_FILE), String(process.pid));
  removeLeftovers(dir);

  const refresh = setInterval(() => {
    const now = new Date();
    if (readOwner(lockDir)?.token !== owner.token) {
      console.error(`Data directory lock lost: ${lockDir} no longer names this server`);
      clearInterval(refresh);
      return;
    }
    try {
      fs.utimesSync(lockDir, now, now);
    } catch (e) {
      console.error(`Data directory lock lost: ${(e as Error).message}`);
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();

  let released = false;
  const free = (): void => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    currentTokens.delete(owner.token);
    try {
      if (readOwner(lockDir)?.token === owner.token) {
        fs.rmSync(path.join(dir, PID_FILE), { force: true });
        // Renamed aside first: the lock vanishes at once, never seen half-removed.
        const aside = path.join(dir, `${LOCK_DIR}.stale-${owner.token}`);
        fs.renameSync(lockDir, aside);
        fs.rmSync(aside, { recursive: true, force: true });
      }
    } catch {
      /* already gone: nothing left to free */
    }
  };
  return {
    release: () => {
      free();
      return Promise.resolve();
    },
  };
}

/** Removes what crashed lock attempts left (`server.lock.new-*`, `server.lock.stale-*`) once they are old. */
function removeLeftovers(dir: string): void {
  try {
    for (const name of fs.readdirSync(dir)) {
      if (!name.startsWith(`${LOCK_DIR}.new-`) && !name.startsWith(`${LOCK_DIR}.stale-`)) continue;
      const p = path.join(dir, name);
      if (Date.now() - (mtimeOf(p) ?? Date.now()) > LOCK_STALE_MS) fs.rmSync(p, { recursive: true, force: true });
    }
  } catch {
    /* housekeeping only */
  }
}

function readPidFile(dir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}
