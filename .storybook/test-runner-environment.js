// The runner's test environment (a browser page per story file, set up by its `setupPage`), which
// also hands that `setupPage` to the tests as `__sbSetupPage`: the runner's own per-file setup
// imports it, and with it the runner's whole main module, into every file (see test-runner-setup.ts).
import { setupPage } from '@storybook/test-runner';
import CustomEnvironment from '@storybook/test-runner/playwright/custom-environment.js';

export default class StoryEnvironment extends CustomEnvironment {
  async setup() {
    await super.setup();
    this.global.__sbSetupPage = setupPage;
  }
}
