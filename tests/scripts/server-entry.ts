/**
 * What a test or bench starts as a server process: `node <bundle>/main.js` (or `sites-main.js`)
 * when `SERVER_BUNDLE` names a production build of the server (`npm run build:server` with
 * `SERVER_OUT`, as `npm test` makes one for its whole run), else the sources through tsx, as
 * `npm start` runs them. The bundle starts on about 2 CPU-s less than tsx (5 against 7: no
 * per-file transform and resolution through the loader), for every server process of a run.
 * The bundle must sit inside the project (its packages are resolved from node_modules,
 * `--packages=external`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The node arguments that run `entry`: the bundle's file under SERVER_BUNDLE, else `--import tsx src/server/<entry>.ts`. */
export function serverEntryArgs(entry: 'main' | 'sites-main', env: NodeJS.ProcessEnv = process.env): string[] {
  const bundle = env.SERVER_BUNDLE;
  return bundle ? [join(bundle, `${entry}.js`)] : ['--import', 'tsx', `src/server/${entry}.ts`];
}

/**
 * Builds the server bundle into `.tmp/server-bundle-<pid>` (the production build: esbuild, well
 * under a second) and returns its directory, for SERVER_BUNDLE.
 * @throws Error with esbuild's output when the build fails.
 */
export function buildServerBundle(): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const out = join(ROOT, '.tmp', `server-bundle-${process.pid}`);
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, env: { ...process.env, SERVER_OUT: out }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build:server failed (exit ${r.status}): ${r.stderr}${r.stdout}`);
  return out;
}
