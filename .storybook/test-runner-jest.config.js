// Story interaction + a11y tests in Debian's Chromium (never a downloaded browser).
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.mjs';

const testRunnerConfig = getJestConfig();

export default {
  ...testRunnerConfig,
  // The runner's environment and per-file setup, lighter (test-runner-setup.ts says why).
  testEnvironment: '<rootDir>/.storybook/test-runner-environment.js',
  setupFilesAfterEnv: testRunnerConfig.setupFilesAfterEnv.map((f) =>
    f.endsWith('playwright/jest-setup.js') ? '<rootDir>/.storybook/test-runner-setup.ts' : f,
  ),
  testTimeout: 30000,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      // A fixed viewport for every story (the visual baselines are taken at it).
      // Dates and numbers are formatted alike on every machine.
      contextOptions: { viewport: { width: 1280, height: 720 }, timezoneId: 'UTC', locale: 'en-US' },
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        // Fonts drawn without hinting, as in most visual-testing set-ups, for the same glyphs each run.
        args: ['--font-render-hinting=none', ...CHROMIUM_ARGS],
      },
    },
  },
};
