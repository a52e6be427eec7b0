/**
 * `npm test`: every gate and suite, in two lanes side by side so both cores stay busy — tsc and
 * the API suite on PGlite in one; the bundle budgets, ESLint, the benchmarks' smoke run, the unit
 * and component tests, Storybook's test build and Prettier in the other — then the stories
 * (test-runner) with their message coverage, then end-to-end (Playwright) and the kill -9
 * harness beside the API suite again on a real PostgreSQL server (tests/api/run-on-postgres.ts
 * starts a throwaway cluster); then each suite's minutes and one closing line `N passed, N failed`
 * summing all of them, which CI reads. Every server process they start runs one production build
 * of the server made first (./server-entry.ts). Exits non-zero when any suite failed or could not
 * run.
 */
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, run, runQuiet } from './proc';
import { buildServerBundle } from './server-entry';
import { STORY_TEST_BUILD_DIR, storybookTestBuildArgs } from './storybook-test-build';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  exit: number;
  failures?: string[];
  seconds?: number;
}

const out = mkdtempSync(join(tmpdir(), 'funnel-admin-results-'));
/** Where the gates build the static Storybook that the story run serves (its test build: ./storybook-test-build.ts). */
const storybookOut = process.env.STORYBOOK_OUT ?? STORY_TEST_BUILD_DIR;
const tallies: Tally[] = [];

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** The first line of a failure message, without ANSI colours, at most 240 characters. */
function firstLine(message: unknown): string {
  const raw = typeof message === 'string' ? message : message == null ? '' : JSON.stringify(message);
  const text = raw.replace(/\u001b\[[0-9;]*m/g, '');
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

/** vitest and jest (test-runner) share the same JSON summary fields. */
function jestLike(suite: string, file: string, exit: number): Tally {
  const j = readJson(file);
  if (!j) return { suite, passed: 0, failed: 1, skipped: 0, exit: exit || 1 };
  const failures: string[] = [];
  for (const f of j.testResults ?? []) {
    const failedTests = (f.assertionResults ?? []).filter((a: any) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${f.name}: ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed without a failed test (it did not load) is named too.
    if (f.status === 'failed' && failedTests.length === 0) failures.push(`${f.name}: ${firstLine(f.message)}`);
  }
  return {
    suite,
    passed: j.numPassedTests,
    failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
    skipped: j.numPendingTests + (j.numTodoTests ?? 0),
    exit,
    failures,
  };
}

/** Playwright's JSON report: the title path and first error line of every test that was not as expected. */
function playwrightFailures(report: any): string[] {
  const failures: string[] = [];
  const walk = (suite: any, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = (t.results ?? []).map((r: any) => r.error?.message).find(Boolean);
          failures.push(`${[...path, spec.title].join(' › ')} (${t.status}) — ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const s of report.suites ?? []) walk(s, [s.title]);
  return failures;
}

/**
 * One command of the run: its tally (`tally(exit)`, by default a gate's — passed when it exits 0)
 * and whether its output is kept and printed whole when it ends (`quiet`, for commands run side
 * by side) or shown as it comes.
 */
interface Step {
  suite: string;
  cmd: string;
  args: string[];
  /** The environment, from the exit codes of the steps that have ended (by suite); default this process's. */
  env?: (exits: Map<string, number>) => NodeJS.ProcessEnv;
  quiet?: boolean;
  tally?: (exit: number) => Omit<Tally, 'seconds'>;
}

/** The exit codes of the steps that have ended, by suite (a later step's environment reads them). */
const exits = new Map<string, number>();

/** A gate's tally: one check, passed when it exits 0. */
const gate = (suite: string) => (exit: number) => ({ suite, passed: exit === 0 ? 1 : 0, failed: exit === 0 ? 0 : 1, skipped: 0, exit });

/** Runs `steps` one after another and adds each one's tally, with its own minutes. */
async function lane(steps: Step[]): Promise<void> {
  for (const step of steps) {
    const begun = Date.now();
    const env = step.env?.(exits) ?? process.env;
    let exit: number;
    if (step.quiet) {
      const r = await runQuiet(step.cmd, step.args, { env });
      console.log(`\n=== ${step.suite} (exit ${r.code}, ${Math.round((Date.now() - begun) / 1000)} s) ===\n${r.output}`);
      exit = r.code;
    } else {
      exit = await run(step.cmd, step.args, { env });
    }
    exits.set(step.suite, exit);
    tallies.push({ ...(step.tally ?? gate(step.suite))(exit), seconds: (Date.now() - begun) / 1000 });
  }
}

/** `vitest run` of `projects`, its JSON report in `json`. */
function vitest(suite: string, projects: string[], json: string): Step {
  return {
    suite,
    cmd: bin('vitest'),
    args: ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    quiet: true,
    tally: (exit) => jestLike(suite, json, exit),
  };
}

async function main() {
  const started = Date.now();
  // Every server process the suites and benches start runs this one production build of the
  // server instead of the sources through tsx (./server-entry.ts); the suites inherit it.
  const bundle = buildServerBundle();
  process.env.SERVER_BUNDLE = bundle;
  const BUDGET = 'bundle budgets';
  const STORYBOOK = 'storybook build';
  const benchJson = join(out, 'bench-smoke.json');
  const benchSmoke: Step = {
    suite: 'bench smoke',
    cmd: bin('tsx'),
    args: ['tests/bench/run.ts', '--smoke'],
    quiet: true,
    // Reuses the SPA the bundle budget built; builds its own when that gate failed.
    env: (done) => ({ ...process.env, BENCH_SMOKE: '1', BENCH_REPORT: benchJson, ...(done.get(BUDGET) === 0 ? { BENCH_SKIP_BUILD: '1' } : {}) }),
    tally: (exit) => {
      const benches = (readJson(benchJson) ?? []) as { file: string; error?: string }[];
      const failures = benches.filter((b) => b.error).map((b) => `${b.file}: ${b.error}`);
      return {
        suite: 'bench smoke',
        passed: benches.length - failures.length,
        failed: failures.length || (exit === 0 ? 0 : 1),
        skipped: 0,
        exit,
        failures: failures.length ? failures : exit === 0 ? [] : [`tests/bench/run.ts --smoke exited ${exit}`],
      };
    },
  };

  // Two lanes side by side, each one command at a time, so that both cores work until both end
  // (gates, then suites, left a core idle while the slowest of each finished alone). The benches'
  // smoke run stays in a lane: beside the two lanes (niced) it made the first phase 13 min
  // instead of 10.5 — the cores were already busy, and the Chromium it starts raises its own
  // threads' priority.
  await Promise.all([
    lane([
      // The whole project type-checks (tsconfig.json: src, stories, tests, .storybook).
      { suite: 'typecheck (tsc)', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'], quiet: true },
      // The API suite on the real server, in-memory PGlite, one file at a time.
      vitest('api on PGlite (vitest)', ['api'], join(out, 'api.json')),
    ]),
    lane([
      // What each route's first visit loads stays within its budget (builds the SPA once, for the benches and the e2e server too).
      { suite: BUDGET, cmd: bin('tsx'), args: ['tests/scripts/bundle-budget.ts', '--build'], quiet: true },
      // ESLint (type-aware rules, hooks, a11y, layer boundaries, no cycles), 0 errors and 0 warnings, plus the unsafe-assertion ratchet.
      { suite: 'lint (eslint)', cmd: bin('tsx'), args: ['tests/lint/run.ts'], quiet: true },
      // Every benchmark once at a small size: a bench that cannot run fails here, a slow one never does.
      benchSmoke,
      vitest('unit + components (vitest)', ['unit', 'dom'], join(out, 'unit.json')),
      // Storybook's test build, which the story run serves.
      { suite: STORYBOOK, cmd: bin('storybook'), args: storybookTestBuildArgs(storybookOut), quiet: true },
      // Every source file is as Prettier writes it (.prettierrc.json; `npm run format` fixes it).
      // In this lane: the other (tsc and the PGlite suite) ends about a minute later on a quiet run.
      { suite: 'format (prettier)', cmd: 'npm', args: ['run', '-s', 'format:check'], quiet: true },
    ]),
  ]);

  // Play functions, axe and the visual baselines of every story (one run: .storybook/test-runner.ts),
  // two story files at once; then the gate that every catalogue message a component can show is
  // shown by a story.
  const storiesJson = join(out, 'stories.json');
  const messagesFile = join(out, 'story-messages.jsonl');
  await lane([
    {
      suite: 'stories + visual (test-runner)',
      cmd: bin('tsx'),
      args: ['tests/scripts/test-stories.ts', '--json', '--outputFile', storiesJson],
      env: (done) => ({
        ...process.env,
        STORY_MESSAGES_FILE: messagesFile,
        STORY_WORKERS: process.env.STORY_WORKERS ?? '2',
        STORYBOOK_OUT: storybookOut,
        ...(done.get(STORYBOOK) === 0 ? { STORYBOOK_SKIP_BUILD: '1' } : {}),
      }),
      tally: (exit) => jestLike('stories + visual (test-runner)', storiesJson, exit),
    },
    { suite: 'story message coverage', cmd: bin('tsx'), args: ['tests/scripts/story-messages.ts', messagesFile] },
  ]);

  // The end-to-end run (two browser workers, each with its own server, mostly waiting on pages)
  // beside the API suite on PostgreSQL (printed whole when it ends). The e2e server serves the
  // SPA the bundle budget built (when that gate could build it) instead of building it again.
  const e2eJson = join(out, 'e2e.json');
  const pgJson = join(out, 'api-postgres.json');
  await Promise.all([
    lane([
      {
        suite: 'end-to-end (playwright)',
        cmd: bin('playwright'),
        args: ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
        // No traces: they would land in a temporary directory a CI run never keeps (`npm run test:e2e` records them).
        env: (done) => ({ ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, E2E_TRACE: 'off', ...(done.get(BUDGET) === 0 ? { E2E_SKIP_BUILD: '1' } : {}) }),
        tally: (exit) => {
          const pj = readJson(e2eJson);
          return pj
            ? {
                suite: 'end-to-end (playwright)',
                passed: pj.stats.expected,
                failed: pj.stats.unexpected + pj.stats.flaky,
                skipped: pj.stats.skipped,
                exit,
                failures: playwrightFailures(pj),
              }
            : { suite: 'end-to-end (playwright)', passed: 0, failed: 1, skipped: 0, exit: exit || 1 };
        },
      },
      // kill -9 during concurrent saves, 20 restarts: nothing acknowledged is lost (no timing is
      // judged). Here, not beside the PGlite suite: the end-to-end run ends about 1.5 min before
      // the PostgreSQL one, which then ran alone on one of the two cores.
      vitest('kill -9 harness (vitest)', ['crash'], join(out, 'crash.json')),
    ]),
    lane([
      {
        suite: 'api on PostgreSQL (vitest)',
        cmd: bin('tsx'),
        args: ['tests/api/run-on-postgres.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${pgJson}`],
        quiet: true,
        tally: (exit) => jestLike('api on PostgreSQL (vitest)', pgJson, exit),
      },
    ]),
  ]);

  rmSync(bundle, { recursive: true, force: true });
  console.log('\nSummary');
  for (const t of tallies) {
    const time = t.seconds === undefined ? '' : `  ${(t.seconds / 60).toFixed(1)} min`;
    console.log(`  ${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${t.exit ? ` (exit ${t.exit})` : ''}${time}`);
  }
  console.log(`  total ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  // CI keeps only the tail of the log: name what failed here, not only above.
  const failures = tallies.flatMap((t) => (t.failures ?? []).map((f) => `  [${t.suite}] ${f}`));
  if (failures.length > 0) console.log(`\nFailed\n${failures.slice(0, 30).join('\n')}${failures.length > 30 ? `\n  … and ${failures.length - 30} more` : ''}`);
  const passed = tallies.reduce((n, t) => n + t.passed, 0);
  const failed = tallies.reduce((n, t) => n + t.failed, 0);
  const skipped = tallies.reduce((n, t) => n + t.skipped, 0);
  const anyExit = tallies.some((t) => t.exit !== 0);
  // A suite that exited non-zero with no failed test still fails the run.
  const shownFailed = failed === 0 && anyExit ? 1 : failed;
  console.log(`${passed} passed, ${shownFailed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(shownFailed > 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
