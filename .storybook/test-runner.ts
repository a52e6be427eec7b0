import type { TestRunnerConfig } from '@storybook/test-runner';

/**
 * The test-runner opens iframe.html once per story file. MSW reloads a page its service worker
 * does not control while a registration exists (msw's getWorkerInstance); a reload in the middle
 * of a play function fails that story and, after the runner's retry, the rest of its file. So a
 * page is handed to the stories only once the worker controls it and Storybook's preview has
 * made its own first selection (see below). (The first-story failures long blamed on a reload
 * were DataTable remounting its cells under a click: src/ui/DataTable.tsx.)
 */
const config: TestRunnerConfig = {
  async prepare({ page }) {
    const iframe = new URL('iframe.html', process.env.TARGET_URL).toString();
    await page.goto(iframe, { waitUntil: 'load' });
    for (let attempt = 1; ; attempt += 1) {
      try {
        await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 10_000 });
        // Storybook's preview, once its story index is loaded, renders what the address selects
        // (nothing here: 'no preview'). A story set before that would be rendered twice — by the
        // runner's setCurrentStory and again by that initial selection (PreviewWeb
        // selectSpecifiedStory, read in Storybook 10's code; not seen failing a story yet), so the
        // runner gets the page only after it.
        await page.waitForFunction(() => document.body.classList.contains('sb-show-nopreview')
          && (globalThis as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } }).__STORYBOOK_PREVIEW__?.storyStoreValue != null, undefined, { timeout: 15_000 });
        return;
      } catch (e) {
        // MSW's own reload destroys the context the wait ran in: wait again on the new document.
        if (attempt >= 3) throw new Error(`The MSW service worker never took control of ${iframe}: ${(e as Error).message}`);
        await page.waitForLoadState('load');
      }
    }
  },
};

export default config;
