/**
 * The headless Chromium every browser run of the tests starts (the e2e suite, the screenshots
 * script, the Lighthouse bench): its executable and the flags proven on these machines.
 */

/** Chromium's executable: CHROMIUM_PATH, else /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags: no sandbox, GPU, QUIC, first-run screens, background networking, updates or sync. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for that Chromium (`launchOptions`, `chromium.launch`). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
