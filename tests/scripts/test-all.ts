/**
 * `npm test`: the gates (tsc, ESLint, bundle budgets, the benchmarks' smoke run), then every suite — unit and API (vitest), the API suite again on a real PostgreSQL
 * server (issue 3; tests/api/run-on-postgres.ts starts a throwaway cluster), stories
 * (test-runner), end-to-end (Playwright) — then one closing line `N passed, N failed`
 * summing all of them, which CI reads. Exits non-zero when any suite failed or could not run.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, run } from './proc';

interface Tally { suite: string; passed: number; failed: number; skipped: number; exit: number; failures?: string[] }

const out = mkdtempSync(join(tmpdir(), 'funnel-admin-results-'));
const tallies: Tally[] = [];

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** The first line of a failure message, without ANSI colours, at most 240 characters. */
function firstLine(message: unknown): string {
  const raw = typeof message === 'string' ? message : message == null ? '' : JSON.stringify(message);
  const text = raw.replace(/\u001b\[[0-9;]*m/g, '');
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
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
  return { suite, passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), skipped: j.numPendingTests + (j.numTodoTests ?? 0), exit, failures };
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
  // Gate: the whole project type-checks (tsconfig.json: src, stories, tests, .storybook).
  const tsc = await run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  tallies.push({ suite: 'typecheck (tsc)', passed: tsc === 0 ? 1 : 0, failed: tsc === 0 ? 0 : 1, skipped: 0, exit: tsc });

  // Gate: ESLint (type-aware rules, hooks, a11y, layer boundaries, no cycles), 0 errors and 0 warnings.
  const lint = await run(bin('tsx'), ['tests/lint/run.ts']); // ESLint, plus the unsafe-assertion ratchet
  tallies.push({ suite: 'lint (eslint)', passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1, skipped: 0, exit: lint });

  // Gate: what each route's first visit loads stays within its budget (builds the SPA once).
  const budget = await run(bin('tsx'), ['tests/scripts/bundle-budget.ts', '--build']);
  tallies.push({ suite: 'bundle budgets', passed: budget === 0 ? 1 : 0, failed: budget === 0 ? 0 : 1, skipped: 0, exit: budget });

  // Every benchmark once at a small size (issue 33: a bench that cannot run fails here, a slow one never does).
  // Reuses the SPA the bundle budget just built; builds its own when that gate failed.
  const benchJson = join(out, 'bench-smoke.json');
  const bs = await run(bin('tsx'), ['tests/bench/run.ts', '--smoke'], {
    env: { ...process.env, BENCH_SMOKE: '1', BENCH_REPORT: benchJson, ...(budget === 0 ? { BENCH_SKIP_BUILD: '1' } : {}) },
  });
  const benches = (readJson(benchJson) ?? []) as { file: string; error?: string }[];
  const benchFailures = benches.filter((b) => b.error).map((b) => `${b.file}: ${b.error}`);
  tallies.push({
    suite: 'bench smoke', passed: benches.length - benchFailures.length, failed: benchFailures.length || (bs === 0 ? 0 : 1), skipped: 0, exit: bs,
    failures: benchFailures.length ? benchFailures : bs === 0 ? [] : [`tests/bench/run.ts --smoke exited ${bs}`],
  });

  const vitestJson = join(out, 'vitest.json');
  const v = await run(bin('vitest'), ['run', '--project', 'unit', '--project', 'dom', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
  tallies.push(jestLike('unit + api (vitest)', vitestJson, v));

  // Alone, so that its restart-time limit measures the server, not the other suites.
  const crashJson = join(out, 'crash.json');
  const cr = await run(bin('vitest'), ['run', '--project', 'crash', '--reporter=default', '--reporter=json', `--outputFile.json=${crashJson}`]);
  tallies.push(jestLike('kill -9 harness (vitest)', crashJson, cr));

  const pgJson = join(out, 'api-postgres.json');
  const pg = await run(bin('tsx'), ['tests/api/run-on-postgres.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${pgJson}`]);
  tallies.push(jestLike('api on PostgreSQL (vitest)', pgJson, pg));

  // Play functions, axe and the visual baselines of every story (one run: .storybook/test-runner.ts).
  const storiesJson = join(out, 'stories.json');
  const messagesFile = join(out, 'story-messages.jsonl');
  const st = await run(bin('tsx'), ['tests/scripts/test-stories.ts', '--json', '--outputFile', storiesJson], {
    env: { ...process.env, STORY_MESSAGES_FILE: messagesFile },
  });
  tallies.push(jestLike('stories + visual (test-runner)', storiesJson, st));

  // Gate: every catalogue message a component can show is shown by a story (issue 16).
  const sm = await run(bin('tsx'), ['tests/scripts/story-messages.ts', messagesFile]);
  tallies.push({ suite: 'story message coverage', passed: sm === 0 ? 1 : 0, failed: sm === 0 ? 0 : 1, skipped: 0, exit: sm });

  const e2eJson = join(out, 'e2e.json');
  const pw = await run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  });
  const pj = readJson(e2eJson);
  tallies.push(pj
    ? { suite: 'end-to-end (playwright)', passed: pj.stats.expected, failed: pj.stats.unexpected + pj.stats.flaky, skipped: pj.stats.skipped, exit: pw, failures: playwrightFailures(pj) }
    : { suite: 'end-to-end (playwright)', passed: 0, failed: 1, skipped: 0, exit: pw || 1 });

  console.log('\nSummary');
  for (const t of tallies) console.log(`  ${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${t.exit ? ` (exit ${t.exit})` : ''}`);
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

main().catch((e) => { console.error(e); console.log('0 passed, 1 failed'); process.exit(1); });
