/**
 * Accessibility on every route, not only in stories: each route of 001 §2 — every
 * funnel tab, the page editor, the template editor, both wizards, the flow diagram — opened
 * as each role that may open it, checked with axe (WCAG 2.1 A and AA rules): no violations.
 * A role without the right sees "You do not have access to this page" (checked with axe too).
 * One test per route group and role, so each stays short (its limit grows with its routes).
 */
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FUNNEL_TABS } from '../../src/model/constants';
import { signIn } from './helpers';

/** axe's WCAG 2.1 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The routes of 001 §2 with demo data that exists in every e2e database, by group. */
const GROUPS: Record<string, readonly string[]> = {
  lists: ['/', '/funnels', '/funnels?archived=true', '/templates', '/categories', '/products'],
  'more lists': ['/domains', '/shipping', '/orders', '/status', '/sticky', '/no-such-screen'],
  offers: ['/offers', '/offers/1/funnels', '/offers/1/products', '/offers/1/campaign', '/campaigns/1', '/scrubs/1'],
  'funnel tabs (first half)': FUNNEL_TABS.slice(0, 6).map((t) => `/funnels/1/${t}`),
  'funnel tabs (second half)': [...FUNNEL_TABS.slice(6).map((t) => `/funnels/1/${t}`), '/funnels/1/pages?view=flow'],
  editors: ['/funnels/1/pages/2', '/template-editor/2'],
  wizards: ['/funnels/build', '/funnels/quick'],
  admin: ['/users'],
};

/**
 * Waits until the screen has loaded — no busy loading status left, matched on its accessible
 * name or aria-busy rather than visible text (skeletons keep role="status") — then runs axe on
 * the whole page (`legacy`: axe's legacy mode, one run in the page and its same-origin frames; a page
 * without frames always gets it). Returns one line per violation: path, rule, impact, help and up to 3 targets.
 */
async function violations(page: Page, path: string, legacy = false): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // Without frames, legacy mode's one axe.run checks exactly what runPartial + finishRun would,
  // without the blank page and second axe injection finishRun costs on every route.
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode(legacy || page.frames().length === 1)
    .analyze();
  return result.violations.map(
    (v) =>
      `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Routes a role may not open (001 §2: users are the admin's; the sticky account has its own page). */
const NO_ACCESS: Record<string, readonly string[]> = { operator: ['/users'], sticky: ['/funnels'] };

test("axe finds nothing signed out: /login and the issuer's sign-in form", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const found = (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `/login: ${v.id} ${v.help}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel(/password/i)).toBeVisible();
  found.push(...(await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `issuer form: ${v.id} ${v.help}`));
  expect(found, found.join('\n')).toEqual([]);
});

const PLAN: [role: 'admin' | 'operator' | 'sticky', groups: Record<string, readonly string[]>][] = [
  ['admin', GROUPS],
  ['operator', GROUPS],
  ['sticky', { 'sticky screens': ['/sticky', '/funnels'] }],
];

for (const [who, groups] of PLAN) {
  for (const [group, routes] of Object.entries(groups)) {
    test(`axe finds nothing as ${who}: ${group}`, async ({ page }) => {
      // About 3 s a route on a quiet machine; CI runs the other suites beside this one.
      test.setTimeout(30_000 + routes.length * 15_000);
      await signIn(page, who === 'sticky' ? '/sticky' : '/funnels', who);
      const found: string[] = [];
      // On the editors axe's default mode hung past a minute in finishRun's extra blank page
      // (as admin and as operator); legacy mode checks the same page and frames in ~3 s.
      for (const path of routes) {
        found.push(...(await violations(page, path, group === 'editors')));
        const refused = NO_ACCESS[who]?.includes(path) ?? false;
        await expect(page.getByText('You do not have access to this page')).toHaveCount(refused ? 1 : 0);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
