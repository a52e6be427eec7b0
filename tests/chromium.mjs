/**
 * The headless Chromium every browser run of the tests starts (the story runner, the e2e suite,
 * the benches, the screenshots script): its executable and the flags proven on these machines.
 * Plain JavaScript, so that the story runner's jest configuration (.storybook/test-runner-jest.config.js)
 * reads the same flags as the TypeScript that imports it (types in chromium.d.mts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Chromium's executable: CHROMIUM_PATH, else /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser features turned off on top of Playwright's own list. Headless Chromium 156 is the
 * whole browser: every new context opens a window whose omnibox popup is a WebUI page with its own
 * renderer, about 0.85 CPU-s and 0.7 s of a page's first load each time — and the story runner
 * and the e2e suite open a context per story file or test.
 */
export const EXTRA_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright itself turns off (PaintHolding among them, which the screenshots rely
 * on), read from playwright-core: Chromium keeps only the last `--disable-features` of a command
 * line, so ours must repeat them. @throws Error when playwright-core no longer carries the list
 * where it did (1.65: lib/coreBundle.js), rather than silently dropping it.
 */
export function playwrightDisabledFeatures() {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1];
  const names = list ? [...list.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]) : [];
  if (!names.includes('PaintHolding')) throw new Error(`Playwright's default --disable-features list was not found in ${file}: update tests/chromium.mjs`);
  return names;
}

/** The switches: no sandbox, GPU, QUIC, first-run screens, background networking, updates or sync. */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The flags for a Chromium Playwright launches: the switches, and its disabled features plus ours. */
export const CHROMIUM_ARGS = [...CHROMIUM_SWITCHES, `--disable-features=${[...playwrightDisabledFeatures(), ...EXTRA_DISABLED_FEATURES].join(',')}`];

/** Playwright's launch options for that Chromium (`launchOptions`, `chromium.launch`). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
