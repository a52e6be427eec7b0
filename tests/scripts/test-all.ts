/**
 * `npm test`: the gates side by side (tsc, ESLint, Prettier, the bundle budgets), then every
 * suite — the API suite on PGlite (vitest) beside the benchmarks' smoke run, the unit and
 * component tests and the Storybook build, one after another; the kill -9 harness alone; stories (test-runner), then end-to-end (Playwright) beside the API suite again on
 * a real PostgreSQL server (tests/api/run-on-postgres.ts starts a throwaway cluster) — then each
 * suite's time and one closing line `N passed, N failed` summing all of them, which CI reads.
 * Exits non-zero when any suite failed or could not run.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, run, runQuiet } from './proc';

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
/** Where the gates build the static Storybook that the story run serves. */
const storybookOut = process.env.STORYBOOK_OUT ?? 'storybook-static';
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

async function main() {
  const started = Date.now();
  // The gates run side by side (tsc, ESLint and Prettier are one thread each, the build is mostly
  // another), each printed whole when it ends: about two minutes less than one after another.
  const gates = [
    // The whole project type-checks (tsconfig.json: src, stories, tests, .storybook).
    { suite: 'typecheck (tsc)', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
    // ESLint (type-aware rules, hooks, a11y, layer boundaries, no cycles), 0 errors and 0 warnings, plus the unsafe-assertion ratchet.
    { suite: 'lint (eslint)', cmd: bin('tsx'), args: ['tests/lint/run.ts'] },
    // What each route's first visit loads stays within its budget (builds the SPA once, for the benches and the e2e server too).
    { suite: 'bundle budgets', cmd: bin('tsx'), args: ['tests/scripts/bundle-budget.ts', '--build'] },
    // Every source file is as Prettier writes it (.prettierrc.json; `npm run format` fixes it).
    { suite: 'format (prettier)', cmd: 'npm', args: ['run', '-s', 'format:check'] },
  ];
  const gateStart = Date.now();
  const gateRuns = await Promise.all(
    gates.map(async (g) => {
      const r = await runQuiet(g.cmd, g.args, { env: process.env });
      const seconds = (Date.now() - gateStart) / 1000;
      console.log(`\n=== ${g.suite} (exit ${r.code}, ${Math.round(seconds)} s) ===\n${r.output}`);
      return { exit: r.code, seconds };
    }),
  );
  gates.forEach((g, i) => {
    const { exit, seconds } = gateRuns[i] ?? { exit: 1, seconds: 0 };
    tallies.push({ suite: g.suite, passed: exit === 0 ? 1 : 0, failed: exit === 0 ? 0 : 1, skipped: 0, exit, seconds });
  });
  const budget = gateRuns[2]?.exit ?? 1;
  let mark = Date.now();
  /** Adds a suite's tally with the time since the previous one ended. */
  const record = (t: Tally) => {
    tallies.push({ ...t, seconds: (Date.now() - mark) / 1000 });
    mark = Date.now();
  };

  // Two lanes side by side, each about seven minutes on this machine. One: the API suite on PGlite
  // (vitest, one file at a time). The other: every benchmark once at a small size (a bench that
  // cannot run fails here, a slow one never does; it reuses the SPA the bundle budget built, or
  // builds its own when that gate failed), then the unit and component tests, then the static
  // Storybook the story run serves. Run in one vitest process, the unit tests waited for the API
  // suite's single worker while a core stood idle. Quiet commands are printed whole when they end.
  const benchJson = join(out, 'bench-smoke.json');
  const apiJson = join(out, 'api.json');
  const unitJson = join(out, 'unit.json');
  const laneStart = Date.now();
  const since = () => (Date.now() - laneStart) / 1000;
  const vitest = (projects: string[], json: string) =>
    run(bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  const [v, [bs, u, sb]] = await Promise.all([
    vitest(['api'], apiJson).then((code) => ({ code, seconds: since() })),
    (async () => {
      const b = await runQuiet(bin('tsx'), ['tests/bench/run.ts', '--smoke'], {
        env: { ...process.env, BENCH_SMOKE: '1', BENCH_REPORT: benchJson, ...(budget === 0 ? { BENCH_SKIP_BUILD: '1' } : {}) },
      });
      console.log(`\n=== bench smoke (exit ${b.code}) ===\n${b.output}`);
      const benchDone = { code: b.code, seconds: since() };
      const unitCode = await vitest(['unit', 'dom'], unitJson);
      const unitDone = { code: unitCode, seconds: since() - benchDone.seconds };
      const build = await runQuiet(bin('storybook'), ['build', '-o', storybookOut, '--quiet'], { env: process.env });
      console.log(`\n=== storybook build (exit ${build.code}) ===\n${build.output}`);
      return [benchDone, unitDone, { code: build.code, seconds: since() - benchDone.seconds - unitDone.seconds }] as const;
    })(),
  ]);
  const storybookBuilt = sb.code === 0;
  tallies.push({ suite: 'storybook build', passed: storybookBuilt ? 1 : 0, failed: storybookBuilt ? 0 : 1, skipped: 0, exit: sb.code, seconds: sb.seconds });
  const benches = (readJson(benchJson) ?? []) as { file: string; error?: string }[];
  const benchFailures = benches.filter((b) => b.error).map((b) => `${b.file}: ${b.error}`);
  tallies.push({
    suite: 'bench smoke',
    passed: benches.length - benchFailures.length,
    failed: benchFailures.length || (bs.code === 0 ? 0 : 1),
    skipped: 0,
    exit: bs.code,
    failures: benchFailures.length ? benchFailures : bs.code === 0 ? [] : [`tests/bench/run.ts --smoke exited ${bs.code}`],
    seconds: bs.seconds,
  });
  tallies.push({ ...jestLike('unit + components (vitest)', unitJson, u.code), seconds: u.seconds });
  tallies.push({ ...jestLike('api on PGlite (vitest)', apiJson, v.code), seconds: v.seconds });
  mark = Date.now();

  // Alone, so that its restart-time limit measures the server, not the other suites.
  const crashJson = join(out, 'crash.json');
  const cr = await run(bin('vitest'), ['run', '--project', 'crash', '--reporter=default', '--reporter=json', `--outputFile.json=${crashJson}`]);
  record(jestLike('kill -9 harness (vitest)', crashJson, cr));

  // Play functions, axe and the visual baselines of every story (one run: .storybook/test-runner.ts).
  const storiesJson = join(out, 'stories.json');
  const messagesFile = join(out, 'story-messages.jsonl');
  // Two story files at once: 684 stories in 7.7 min instead of about 12 on this 2-core machine.
  const st = await run(bin('tsx'), ['tests/scripts/test-stories.ts', '--json', '--outputFile', storiesJson], {
    env: {
      ...process.env,
      STORY_MESSAGES_FILE: messagesFile,
      STORY_WORKERS: process.env.STORY_WORKERS ?? '2',
      STORYBOOK_OUT: storybookOut,
      ...(storybookBuilt ? { STORYBOOK_SKIP_BUILD: '1' } : {}),
    },
  });
  record(jestLike('stories + visual (test-runner)', storiesJson, st));

  // Gate: every catalogue message a component can show is shown by a story.
  const sm = await run(bin('tsx'), ['tests/scripts/story-messages.ts', messagesFile]);
  record({ suite: 'story message coverage', passed: sm === 0 ? 1 : 0, failed: sm === 0 ? 0 : 1, skipped: 0, exit: sm });

  // The end-to-end run (two browser workers, each with its own server, mostly waiting on pages)
  // and the API suite on PostgreSQL run side by side. The PostgreSQL run's output is printed
  // whole when it ends. The e2e server serves the SPA the bundle budget built (when that gate
  // could build it) instead of building it again.
  const e2eJson = join(out, 'e2e.json');
  const pgJson = join(out, 'api-postgres.json');
  const lastStart = Date.now();
  const [pw, pg] = await Promise.all([
    run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
      // No traces: they would land in a temporary directory a CI run never keeps (`npm run test:e2e` records them).
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, E2E_TRACE: 'off', ...(budget === 0 ? { E2E_SKIP_BUILD: '1' } : {}) },
    }).then((code) => ({ code, seconds: (Date.now() - lastStart) / 1000 })),
    runQuiet(bin('tsx'), ['tests/api/run-on-postgres.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${pgJson}`], { env: process.env }).then(
      (r) => {
        console.log(`\n=== api on PostgreSQL (exit ${r.code}) ===\n${r.output}`);
        return { code: r.code, seconds: (Date.now() - lastStart) / 1000 };
      },
    ),
  ]);
  const pj = readJson(e2eJson);
  tallies.push({
    ...(pj
      ? {
          suite: 'end-to-end (playwright)',
          passed: pj.stats.expected,
          failed: pj.stats.unexpected + pj.stats.flaky,
          skipped: pj.stats.skipped,
          exit: pw.code,
          failures: playwrightFailures(pj),
        }
      : { suite: 'end-to-end (playwright)', passed: 0, failed: 1, skipped: 0, exit: pw.code || 1 }),
    seconds: pw.seconds,
  });
  tallies.push({ ...jestLike('api on PostgreSQL (vitest)', pgJson, pg.code), seconds: pg.seconds });

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
