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
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    },
  },
};
