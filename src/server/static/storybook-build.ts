/**
 * The Storybook built in the background by `npm start`: whether to build (STORYBOOK_BUILD),
 * whether the build in STORYBOOK_DIR is older than its sources, the build itself (low
 * priority, one at a time across processes, swapped in when done), and the state
 * `/storybook/` answers from meanwhile (storybook.ts).
 *
 * Source: stories/README.md (served at /storybook/).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { statFile } from './files.ts';

/** Where the Storybook stands while it is not (yet) built: being built, or building is off. */
export type StorybookBuildState = 'building' | 'off';

let storybookState: StorybookBuildState = 'off';

/**
 * Tells `/storybook/` what to answer while the build is missing (main.ts: 'building' while
 * its background build runs, 'off' when building is turned off or failed). Default 'off'.
 */
export function setStorybookBuildState(state: StorybookBuildState): void {
  storybookState = state;
}

/**
 * What `/storybook/` says while the build in `root` is missing: 'building' while this server's
 * background build runs ({@link setStorybookBuildState}) or another live process holds the
 * build lock, else 'off'.
 */
export async function storybookBuildState(root: string): Promise<StorybookBuildState> {
  return storybookState === 'building' || (await buildRunning(root)) ? 'building' : 'off';
}

/** The newest modification time (ms) of any file under `dirs` (missing directories count 0). */
export async function newestMtime(dirs: readonly string[]): Promise<number> {
  let newest = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(
      entries.map(async (e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === 'node_modules' ? undefined : walk(p);
        const st = await statFile(p);
        if (st && st.mtimeMs > newest) newest = st.mtimeMs;
      }),
    );
  };
  await Promise.all(dirs.map(walk));
  return newest;
}

/**
 * True when the static Storybook in `dir` is missing (no `index.json`) or older than its
 * sources: the newest file under `stories/`, `src/` and `.storybook/` of `projectRoot` is newer
 * than the build's `index.json`.
 */
export async function storybookIsStale(dir: string, projectRoot: string): Promise<boolean> {
  const built = await statFile(path.join(dir, 'index.json'));
  if (!built) return true;
  const sources = await newestMtime(['stories', 'src', '.storybook'].map((d) => path.join(projectRoot, d)));
  return sources > built.mtimeMs;
}

/**
 * Whether `npm start` builds the Storybook in the background: `STORYBOOK_BUILD=0` never,
 * `STORYBOOK_BUILD=1` always; otherwise only under `npm start` (npm_lifecycle_event `start`)
 * and never in tests (Vitest, Playwright's e2e run, the benchmarks).
 */
export function storybookBuildEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.STORYBOOK_BUILD === '0') return false;
  if (env.STORYBOOK_BUILD === '1') return true;
  if (env.VITEST || env.E2E_DATA_DIR || env.BENCH_CHILD || env.NODE_ENV === 'test') return false;
  return env.npm_lifecycle_event === 'start';
}

/** A background Storybook build started by {@link buildStorybookInBackground}. */
export interface StorybookBuild {
  /** Resolves true when the new build is in place, false when it failed or was stopped. */
  done: Promise<boolean>;
  /** Stops the build (its whole process group) and removes its partial output. */
  stop: () => void;
}

/** Options of {@link buildStorybookInBackground}. */
export interface StorybookBuildOptions {
  /** STORYBOOK_DIR: where the finished build is put. */
  dir: string;
  /** The project (where `npm run build-storybook` runs and the sources are). */
  projectRoot: string;
  /** Log lines (start, end, failure). */
  log?: (line: string) => void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while a live process holds the build lock of `dir` (a build started by another server). */
async function buildRunning(dir: string): Promise<boolean> {
  const owner = Number(await fs.readFile(path.join(`${dir}-building`, 'pid'), 'utf8').catch(() => '0'));
  return owner > 0 && alive(owner);
}

/**
 * Runs `npm run build-storybook` at low priority (`nice -n 10`) into `<dir>-building/out`,
 * then swaps it into `dir` (the previous build stays served until then) and marks
 * `/storybook/` 'building' meanwhile ({@link setStorybookBuildState}). Never two builds at
 * once, across processes too: `<dir>-building/` is the lock (with the builder's pid; a dead
 * builder's lock is taken over). The child's output goes to `<dir>-building/build.log`.
 * @returns the build, or null when another live build holds the lock.
 */
export async function buildStorybookInBackground(opts: StorybookBuildOptions): Promise<StorybookBuild | null> {
  const { spawn } = await import('node:child_process');
  const log = opts.log ?? ((l: string) => console.log(l));
  const work = `${opts.dir}-building`;
  const pidFile = path.join(work, 'pid');
  try {
    await fs.mkdir(work);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const owner = Number(await fs.readFile(pidFile, 'utf8').catch(() => '0'));
    if (owner && owner !== process.pid && alive(owner)) return null;
    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work);
  }
  const out = path.join(work, 'out');
  const logFile = await fs.open(path.join(work, 'build.log'), 'w');
  const t0 = performance.now();
  const child = spawn('nice', ['-n', '10', 'npm', 'run', 'build-storybook', '--', '-o', out], {
    cwd: opts.projectRoot,
    detached: true,
    stdio: ['ignore', logFile.fd, logFile.fd],
    env: { ...process.env, STORYBOOK_BUILD: '0' },
  });
  await fs.writeFile(pidFile, String(child.pid ?? process.pid));
  setStorybookBuildState('building');
  log(`Storybook: building in the background into ${opts.dir} (npm run build-storybook, nice 10)`);
  let stopped = false;
  const done = new Promise<boolean>((resolve) => {
    child.once('error', (e) => {
      log(`Storybook: the build could not start: ${e.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0 && !stopped));
  }).then(async (ok) => {
    await logFile.close().catch(() => {});
    try {
      if (ok && (await statFile(path.join(out, 'index.json')))) {
        const old = `${work}/previous`;
        await fs.rename(opts.dir, old).catch(() => {});
        await fs.rename(out, opts.dir);
        log(`Storybook: built in ${((performance.now() - t0) / 1000).toFixed(0)} s, served at /storybook/`);
        return true;
      }
      if (!stopped) log(`Storybook: the build failed (see ${path.join(work, 'build.log')}); run npm run build-storybook`);
      return false;
    } finally {
      setStorybookBuildState('off');
      if (ok || stopped) await fs.rm(work, { recursive: true, force: true }).catch(() => {});
      else await fs.rm(pidFile, { force: true }).catch(() => {});
    }
  });
  return {
    done,
    stop: () => {
      stopped = true;
      try {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}
