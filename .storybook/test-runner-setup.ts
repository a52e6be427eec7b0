/**
 * The story test files' setup, run by jest in each file's fresh module registry. It does what
 * `@storybook/test-runner/playwright/jest-setup.js` does — the hooks of `./test-runner.ts` become
 * the runner's `__sbPreVisit` / `__sbPostVisit` — without importing the runner's main module,
 * which pulls Storybook's node-side internals and Babel into every file again (about 1.3 CPU-s
 * per story file, 134 files). `__sbSetupPage`, which the generated tests call to set up a page
 * again after a navigation, comes from `./test-runner-environment.js`, loaded once per worker.
 */
import config from './test-runner';

config.setup?.();
const g = globalThis as { __sbPreVisit?: unknown; __sbPostVisit?: unknown; __sbCollectCoverage?: boolean };
if (config.preVisit) g.__sbPreVisit = config.preVisit;
if (config.postVisit) g.__sbPostVisit = config.postVisit;
g.__sbCollectCoverage = process.env.STORYBOOK_COLLECT_COVERAGE === 'true';
