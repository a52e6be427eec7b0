// Story interaction + a11y tests in Debian's Chromium (never a downloaded browser).
import { getJestConfig } from '@storybook/test-runner';

const testRunnerConfig = getJestConfig();

export default {
  ...testRunnerConfig,
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
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        // Fonts drawn without hinting, as in most visual-testing set-ups, for the same glyphs each run.
        args: [
          '--font-render-hinting=none',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
  },
};
