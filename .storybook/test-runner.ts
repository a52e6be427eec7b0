import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import type { Page } from 'playwright';
import { messagesIn } from './shown-messages';

/** Where committed visual baselines live (one PNG per story id) and where diffs are written. */
const BASELINES = join(process.cwd(), 'tests/visual/baselines');
const DIFFS = join(process.cwd(), 'tests/visual/diffs');

/**
 * Installs (once per document) an observer that keeps every text and tooltip a story puts on
 * screen, even for a moment (an error a play function fixes a step later), in
 * `window.__shownTexts`; `preVisit` empties it for each story.
 */
async function watchShownTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __shownTexts?: string[]; __shownObserver?: MutationObserver };
    w.__shownTexts = [];
    if (w.__shownObserver) return;
    const keep = (s: string | null | undefined) => {
      if (s && s.trim()) w.__shownTexts?.push(s);
    };
    w.__shownObserver = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') keep(r.target.textContent);
        else if (r.type === 'attributes') keep((r.target as Element).getAttribute(r.attributeName ?? ''));
        else
          r.addedNodes.forEach((n) => {
            keep(n.textContent);
            if (n instanceof Element)
              n.querySelectorAll('[title],[aria-label],[aria-description]').forEach((e) => {
                keep(e.getAttribute('title'));
                keep(e.getAttribute('aria-label'));
                keep(e.getAttribute('aria-description'));
              });
          });
      }
    });
    w.__shownObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['title', 'aria-label', 'aria-description'],
    });
  });
}

/**
 * The page's clock and randomness, fixed so a story draws the same pixels on every run and
 * machine (the visual baselines): each story starts at {@link FIXED_NOW} and its clock runs
 * from there (a frozen `Date` would stall CodeMirror's lint, which waits on `Date.now()`; the
 * app shows "now" only to the minute), and `Math.random`, `crypto.getRandomValues` and
 * `crypto.randomUUID` draw from a seeded generator (mulberry32) that `preVisit` reseeds from
 * the story id, so an item's uid is the same whether its story runs alone or after others.
 */
export const FIXED_NOW = new Date('2026-03-02T10:00:00Z');

function seededRandomScript() {
  const w = window as unknown as { __seedRandom?: (seed: number) => void };
  let state = 1;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  w.__seedRandom = (seed: number) => {
    state = seed | 0;
  };
  Math.random = next;
  const c = globalThis.crypto;
  c.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(next() * 256);
    }
    return array;
  };
  c.randomUUID = () => {
    const h = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    h[12] = '4';
    h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
}

/** A 32-bit FNV-1a hash of a story id: its random seed. */
function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A screenshot once the page has stopped changing: two pictures in a row alike (what
 * Playwright's own toHaveScreenshot waits for), so a layout that settles by script — React
 * Flow fitting its view, an iframe's page arriving — is taken when done. At most 10 tries.
 * A first picture byte for byte `expected` (the baseline) is returned at once: the page is then
 * in its settled state, and the second picture would only cost time.
 */
async function stableScreenshot(page: Page, options: Parameters<Page['screenshot']>[0], expected: Buffer | null): Promise<Buffer> {
  let last = await page.screenshot(options);
  if (expected?.equals(last)) return last;
  for (let i = 0; i < 10; i += 1) {
    await page.waitForTimeout(100);
    const next = await page.screenshot(options);
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

/** The texts seen since `preVisit`, plus what is on screen now (text and tooltips). */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = (window as unknown as { __shownTexts?: string[] }).__shownTexts ?? [];
    const titles = [...document.querySelectorAll('[title]')].map((e) => e.getAttribute('title') ?? '');
    return [...seen, document.body.innerText, ...titles];
  });
}

/**
 * Story interaction, accessibility, message-coverage and visual tests.
 *
 * The test-runner opens iframe.html once per story file. MSW reloads a page its service worker
 * does not control while a registration exists (msw's getWorkerInstance); a reload in the middle
 * of a play function fails that story and, after the runner's retry, the rest of its file. So a
 * page is handed to the stories only once the worker controls it and Storybook's preview has
 * made its own first selection (see below). (The first-story failures long blamed on a reload
 * were DataTable remounting its cells under a click: src/ui/DataTable.tsx.)
 *
 * After each story (its play function done): the catalogue messages it showed are appended to
 * `$STORY_MESSAGES_FILE` (one JSON line per story; tests/scripts/story-messages.ts checks that
 * every message has a story), and, unless `VISUAL=0`, its page is compared with its baseline
 * `tests/visual/baselines/<story id>.png` — any pixel beyond anti-aliasing noise fails with a
 * diff image in tests/visual/diffs (`npm run test:visual -- --update` rewrites the baselines,
 * also those that passed only within the threshold).
 */
const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async prepare({ page }) {
    await page.clock.install({ time: FIXED_NOW });
    await page.addInitScript(seededRandomScript);
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
        await page.waitForFunction(
          () =>
            document.body.classList.contains('sb-show-nopreview') &&
            (globalThis as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } }).__STORYBOOK_PREVIEW__?.storyStoreValue != null,
          undefined,
          { timeout: 15_000 },
        );
        return;
      } catch (e) {
        // MSW's own reload destroys the context the wait ran in: wait again on the new document.
        if (attempt >= 3) throw new Error(`The MSW service worker never took control of ${iframe}: ${(e as Error).message}`);
        await page.waitForLoadState('load');
      }
    }
  },
  async preVisit(page, context) {
    await page.clock.setSystemTime(FIXED_NOW);
    await page.evaluate((seed) => (window as unknown as { __seedRandom?: (s: number) => void }).__seedRandom?.(seed), seedOf(context.id));
    await watchShownTexts(page);
  },
  async postVisit(page, context) {
    const file = process.env.STORY_MESSAGES_FILE;
    if (file) {
      const shown = messagesIn(await shownTexts(page));
      appendFileSync(file, `${JSON.stringify({ id: context.id, title: context.title, name: context.name, shown })}\n`);
    }
    // A play function that failed: the runner calls this hook before it rethrows the play's
    // error, and a picture taken mid-play would fail first and hide that error.
    if (process.env.VISUAL === '0' || context.hasFailure) return;
    // Timers a play function's last action started (a hover preview's 300 ms delay, a lint's
    // debounce) fire now, on the story's clock, not whenever the machine gets to them.
    await page.clock.runFor(1000);
    // A figure that says it is still loading (a template preview whose frame has not loaded its
    // page yet, opened by those timers) is waited for, up to 10 s: its picture is the loaded one.
    const busy = page.locator('figure[aria-busy="true"]');
    for (let waited = 0; waited < 10_000 && (await busy.count()) > 0; waited += 100) {
      await page.clock.runFor(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The bundled fonts (src/ui/fonts.ts) must be in before the picture is taken. A native
    // select keeps the sub-pixel place of its text from whenever it was first laid out (before or
    // after the font arrived, depending on the machine's load), so each is laid out once more now:
    // its text is then drawn the same way every run.
    await page.evaluate(async () => {
      await document.fonts.ready;
      for (const el of document.querySelectorAll('select')) {
        const display = el.style.display;
        el.style.display = 'none';
        void el.offsetWidth;
        el.style.display = display;
      }
    });
    mkdirSync(DIFFS, { recursive: true });
    // A picture byte for byte its baseline passes without a decode: Chromium encodes the same
    // pixels to the same PNG, and the baseline is the PNG it wrote. Anything else is decoded and
    // compared pixel by pixel, in this process (jest-image-snapshot's default spawns a Node
    // process per picture).
    const baselineFile = join(BASELINES, `${context.id}.png`);
    const baseline = existsSync(baselineFile) ? readFileSync(baselineFile) : null;
    const image = await stableScreenshot(
      page,
      {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        // Whether a focus ring shows after a play function depends on the browser's guess of the
        // last input (keyboard or pointer), which differs run to run: rings are left out. A toast
        // leaves on a 5 s timer, so whether it is still up depends on the machine's speed: toasts
        // are hidden in every story but the toast region's own.
        style: `*:focus, *:focus-visible { outline: none !important; }${context.title.includes('Toast') ? '' : ' [aria-label="Notifications"][role="region"] { visibility: hidden !important; }'}`,
      },
      baseline,
    );
    if (baseline?.equals(image)) return;
    expect(image).toMatchImageSnapshot({
      runInProcess: true,
      customSnapshotsDir: BASELINES,
      customSnapshotIdentifier: context.id,
      customDiffDir: DIFFS,
      storeReceivedOnFailure: true,
      customReceivedDir: DIFFS,
      // Per-pixel colour distance under 0.1 is anti-aliasing noise; any pixel past it fails.
      customDiffConfig: { threshold: 0.1 },
      failureThreshold: 0,
      failureThresholdType: 'pixel',
      // `--update` also rewrites a picture that passed only within the threshold, so it is byte-equal again.
      updatePassedSnapshot: true,
    });
    // Passed, but not byte for byte: named in the run's closing lines (tests/scripts/test-stories.ts),
    // since each such picture costs a second screenshot and a pixel comparison on every run.
    const drift = process.env.STORY_DRIFT_FILE;
    if (drift) appendFileSync(drift, `${context.id}\n`);
  },
};

export default config;
