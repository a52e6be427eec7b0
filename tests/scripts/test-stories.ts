/**
 * Story interaction, accessibility and visual tests: builds Storybook's test build (./storybook-test-build.ts),
 * serves it on a free loopback port and runs @storybook/test-runner against it in Debian's
 * Chromium (.storybook/test-runner.ts: play functions, axe, the catalogue messages each story
 * shows, and a screenshot of each story compared with tests/visual/baselines).
 * Extra arguments go to the test-runner (e.g. a story file path, `--json --outputFile FILE`).
 * `--update` rewrites the visual baselines of the stories it runs (`npm run test:visual -- --update`);
 * without it a story with no baseline fails (jest's `--ci`), so a baseline is only ever written on purpose.
 * The messages each story showed go to `$STORY_MESSAGES_FILE` (default .tmp/story-messages.jsonl,
 * emptied first), which tests/scripts/story-messages.ts checks.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bin, freePort, run, start, stop, waitForUrl } from './proc';
import { STORY_TEST_BUILD_DIR, storybookTestBuildArgs } from './storybook-test-build';

/** The test-runner's own snapshot flags: `--update` (ours) becomes jest's `-u`, else `--ci`. */
function snapshotArgs(args: string[]): string[] {
  const rest = args.filter((a) => a !== '--update');
  return rest.length === args.length ? ['--ci', ...rest] : ['-u', ...rest];
}

/** The committed visual baselines (.storybook/test-runner.ts writes and compares them). */
const BASELINES = 'tests/visual/baselines';

const messagesFile = process.env.STORY_MESSAGES_FILE ?? '.tmp/story-messages.jsonl';
mkdirSync(dirname(messagesFile), { recursive: true });
writeFileSync(messagesFile, '');
process.env.STORY_MESSAGES_FILE = messagesFile;

interface FileResult {
  name: string;
  status: string;
  assertionResults: { status: string }[];
}
interface RunnerJson {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  testResults: FileResult[];
}
const count = (f: FileResult, status: string) => f.assertionResults.filter((a) => a.status === status).length;

/** How many story files run at once: `STORY_WORKERS` (1–4), default 1. */
function workers(): number {
  const n = Number(process.env.STORY_WORKERS ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
}

/**
 * Runs the failed story files of a `--json` run once more and folds their new results into
 * `outputFile`. A story page is now and then reloaded under a running play function on a busy
 * fresh machine (cause not found; see below), failing the rest of its file; a file that fails
 * again fails the run, and every rerun file is printed as FLAKY so it is never silent.
 * @returns the rerun's exit code, or `exit` when there is nothing to rerun.
 */
async function rerunFailedFiles(url: string, outputFile: string, exit: number): Promise<number> {
  let first: RunnerJson;
  try {
    first = JSON.parse(readFileSync(outputFile, 'utf8')) as RunnerJson;
  } catch {
    return exit; // no report: nothing ran (e.g. no story matched)
  }
  const failed = first.testResults.filter((f) => f.status === 'failed');
  if (failed.length === 0 || failed.length > 3) return exit;
  console.log(`\nFLAKY?: rerunning ${failed.length} failed story file(s) once: ${failed.map((f) => f.name).join(', ')}`);
  const again = `${outputFile}.rerun.json`;
  const code = await run(bin('test-storybook'), [
    '--url',
    url,
    '--config-dir',
    '.storybook',
    '--maxWorkers=1',
    '--ci',
    '--json',
    '--outputFile',
    again,
    ...failed.map((f) => f.name),
  ]);
  const second = JSON.parse(readFileSync(again, 'utf8')) as RunnerJson;
  const sum = (files: FileResult[], status: string) => files.reduce((n, f) => n + count(f, status), 0);
  const merged: RunnerJson = {
    ...first,
    numPassedTests: first.numPassedTests - sum(failed, 'passed') + second.numPassedTests,
    numFailedTests: first.numFailedTests - sum(failed, 'failed') + second.numFailedTests,
    numRuntimeErrorTestSuites: second.numRuntimeErrorTestSuites ?? 0,
    testResults: [...first.testResults.filter((f) => f.status !== 'failed'), ...second.testResults],
  };
  writeFileSync(outputFile, JSON.stringify(merged));
  console.log(code === 0 ? `FLAKY: ${failed.map((f) => f.name).join(', ')} failed, then passed on the rerun` : 'the rerun failed too');
  return code;
}

/**
 * `--url <server>/storybook/` (QA against the hosted build): runs the play functions
 * and accessibility checks against a Storybook someone else serves — e.g. the one `npm start`
 * hosts — instead of building one. Other arguments still go to the test-runner.
 */
async function againstHosted(url: string, args: string[]): Promise<number> {
  const base = url.endsWith('/') ? url : `${url}/`;
  await waitForUrl(`${base}index.json`, 30_000);
  const exit = await run(bin('test-storybook'), ['--url', base, '--config-dir', '.storybook', '--maxWorkers=1', ...snapshotArgs(args)]);
  const outputFile = args.includes('--outputFile') ? args[args.indexOf('--outputFile') + 1] : undefined;
  return staleBaselines(base, args, exit !== 0 && outputFile ? await rerunFailedFiles(base, outputFile, exit) : exit);
}

/**
 * Baselines no story has any more (a story renamed or removed): listed, and the run fails, so
 * tests/visual/baselines holds exactly one picture per story. Only after a run of every story
 * (no story files named), when the run itself passed.
 */
async function staleBaselines(url: string, args: string[], exit: number): Promise<number> {
  const named = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--outputFile');
  if (exit !== 0 || named.length > 0 || !existsSync(BASELINES)) return exit;
  const index = (await (await fetch(new URL('index.json', url.endsWith('/') ? url : `${url}/`))).json()) as {
    entries: Record<string, { id: string; type: string }>;
  };
  const ids = new Set(
    Object.values(index.entries)
      .filter((e) => e.type === 'story')
      .map((e) => e.id),
  );
  const stale = readdirSync(BASELINES).filter((f) => f.endsWith('.png') && !ids.has(f.slice(0, -'.png'.length)));
  if (stale.length === 0) return exit;
  console.log(`\nStale visual baselines (no story has them; delete them): ${stale.map((f) => join(BASELINES, f)).join(', ')}`);
  return 1;
}

/** Where the runner names each story whose picture passed only within the threshold (.storybook/test-runner.ts). */
const DRIFT_DIR = mkdtempSync(join(tmpdir(), 'story-drift-'));
const DRIFT_FILE = join(DRIFT_DIR, 'drift.txt');
process.env.STORY_DRIFT_FILE = DRIFT_FILE;

/**
 * Names the pictures that passed only within the anti-aliasing threshold: their baselines have
 * drifted from what Chromium draws now, and each costs a second screenshot, a wait and a pixel
 * comparison on every run, where a byte-equal one costs one screenshot. A rendering that is not
 * the same every run (an animation caught midway) shows here too.
 */
function reportDrift(updated: boolean): void {
  // A story the rerun ran again may be named twice.
  const ids = existsSync(DRIFT_FILE) ? [...new Set(readFileSync(DRIFT_FILE, 'utf8').split('\n').filter(Boolean))] : [];
  rmSync(DRIFT_DIR, { recursive: true, force: true });
  // Under --update those pictures were just rewritten.
  if (updated || !ids.length) return;
  const shown = ids.slice(0, 12).join(', ');
  console.log(
    `\n${ids.length} picture(s) matched their baselines only within the threshold, not byte for byte (slower on every run): ${shown}${ids.length > 12 ? ', …' : ''}.` +
      `\nIf the difference is expected, rewrite them: npm run test:visual -- --update <their story files>`,
  );
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--url');
  if (at >= 0) {
    const url = argv[at + 1];
    if (!url) throw new Error('--url needs the Storybook address, e.g. http://127.0.0.1:3000/storybook/');
    return againstHosted(url, [...argv.slice(0, at), ...argv.slice(at + 2)]);
  }
  // STORYBOOK_OUT lets two runs on one machine build side by side.
  const out = process.env.STORYBOOK_OUT ?? STORY_TEST_BUILD_DIR;
  // STORYBOOK_SKIP_BUILD=1: npm test built it already, beside its other gates.
  if (!process.env.STORYBOOK_SKIP_BUILD || !existsSync(join(out, 'index.json'))) {
    const built = await run(bin('storybook'), storybookTestBuildArgs(out));
    if (built !== 0) return built;
  }
  const port = await freePort();
  const server = start(bin('http-server'), [out, '-p', String(port), '-a', '127.0.0.1', '-s']);
  try {
    await waitForUrl(`http://127.0.0.1:${port}/index.json`);
    // STORY_WORKERS browsers side by side (default 1). The old reason for one — the first story of
    // a file finding its page reloaded under it — turned out to be DataTable remounting its cells
    // under a click (fixed in src/ui/DataTable.tsx); a failed file is still run once more alone and
    // reported as FLAKY when it then passes, and npm test's summary names every failed story.
    const url = `http://127.0.0.1:${port}`;
    const args = process.argv.slice(2);
    const first = await run(bin('test-storybook'), ['--url', url, '--config-dir', '.storybook', `--maxWorkers=${workers()}`, ...snapshotArgs(args)]);
    const outputFile = args.includes('--outputFile') ? args[args.indexOf('--outputFile') + 1] : undefined;
    const exit = first !== 0 && outputFile ? await rerunFailedFiles(url, outputFile, first) : first;
    // After the rerun: its stories write to the same drift file (removing it first failed them).
    reportDrift(args.includes('--update'));
    return await staleBaselines(url, args, exit);
  } finally {
    stop(server);
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
