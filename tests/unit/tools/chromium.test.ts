/**
 * The Chromium the tests launch (tests/chromium.mjs): Playwright's own disabled features kept,
 * and no omnibox popup page beside each new context's page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH, EXTRA_DISABLED_FEATURES, playwrightDisabledFeatures } from '../../chromium.mjs';

describe('the tests’ Chromium', () => {
  it('passes one --disable-features holding Playwright’s list and ours (Chromium keeps only the last one)', () => {
    const lists = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const names = lists[0]!.slice('--disable-features='.length).split(',');
    expect(playwrightDisabledFeatures()).toContain('PaintHolding');
    expect(names).toEqual([...playwrightDisabledFeatures(), ...EXTRA_DISABLED_FEATURES]);
  });

  it('opens a new context with its page only: no omnibox popup WebUI, and PaintHolding still off', async () => {
    // A browser server, for its process's command line (the CDP command for it wants --enable-automation).
    const server = await chromium.launchServer(CHROMIUM_LAUNCH);
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const context = await browser.newContext();
      await (await context.newPage()).goto('about:blank');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.url.includes('omnibox'))).toEqual([]);
      expect(targetInfos.filter((t) => t.type === 'page')).toHaveLength(1);
      const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = args.filter((a) => a.startsWith('--disable-features='));
      // Playwright's own list comes first; Chromium reads the last one, ours.
      expect(lists.at(-1)!.split(',')).toContain('PaintHolding');
      expect(lists.at(-1)).toContain('WebUIOmniboxPopup');
    } finally {
      await browser.close();
      await server.close();
    }
  }, 30_000);
});
