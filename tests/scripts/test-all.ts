/**
 * `npm test`: the gates (tsc, ESLint, bundle budgets), then every suite — unit and API (vitest), the API suite again on a real PostgreSQL
 * server (issue 3; tests/api/run-on-postgres.ts starts a throwaway cluster), stories
 * (test-runner), end-to-end (Playwright) — then one closing line `N passed, N failed`
 * summing all of them, which CI reads. Exits non-zero when any suite failed or could not run.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, run } from './proc';

interface Tally { suite: string; passed: number; failed: number; skipped: number; exit: number }

const out = mkdtempSync(join(tmpdir(), 'funnel-admin-results-'));
const tallies: Tally[] = [];

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** vitest and jest (test-runner) share the same JSON summary fields. */
function jestLike(suite: string, file: string, exit: number): Tally {
  const j = readJson(file);
  if (!j) return { suite, passed: 0, failed: 1, skipped: 0, exit: exit || 1 };
  return { suite, passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), skipped: j.numPendingTests + (j.numTodoTests ?? 0), exit };
}

async function main() {
  // Gate: the whole project type-checks (tsconfig.json: src, stories, tests, .storybook).
  const tsc = await run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  tallies.push({ suite: 'typecheck (tsc)', passed: tsc === 0 ? 1 : 0, failed: tsc === 0 ? 0 : 1, skipped: 0, exit: tsc });

  // Gate: ESLint (type-aware rules, hooks, a11y, layer boundaries, no cycles), 0 errors and 0 warnings.
  const lint = await run(bin('eslint'), ['-c', 'tests/lint/eslint.config.js', '--max-warnings=0', 'src', 'tests', 'stories', '.storybook']);
  tallies.push({ suite: 'lint (eslint)', passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1, skipped: 0, exit: lint });

  // Gate: what each route's first visit loads stays within its budget (builds the SPA once).
  const budget = await run(bin('tsx'), ['tests/scripts/bundle-budget.ts', '--build']);
  tallies.push({ suite: 'bundle budgets', passed: budget === 0 ? 1 : 0, failed: budget === 0 ? 0 : 1, skipped: 0, exit: budget });

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

  const storiesJson = join(out, 'stories.json');
  const st = await run(bin('tsx'), ['tests/scripts/test-stories.ts', '--json', '--outputFile', storiesJson]);
  tallies.push(jestLike('stories (test-runner)', storiesJson, st));

  const e2eJson = join(out, 'e2e.json');
  const pw = await run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  });
  const pj = readJson(e2eJson);
  tallies.push(pj
    ? { suite: 'end-to-end (playwright)', passed: pj.stats.expected, failed: pj.stats.unexpected + pj.stats.flaky, skipped: pj.stats.skipped, exit: pw }
    : { suite: 'end-to-end (playwright)', passed: 0, failed: 1, skipped: 0, exit: pw || 1 });

  console.log('\nSummary');
  for (const t of tallies) console.log(`  ${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${t.exit ? ` (exit ${t.exit})` : ''}`);
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
