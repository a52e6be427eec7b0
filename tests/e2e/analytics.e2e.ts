/**
 * The Analytics tab end to end (issue "Which page loses buyers"): a funnel with a 50/50 split is
 * set up and published through the API; 400 simulated visitors go through its published pages
 * with Playwright's request API, each sending its events to the site's own POST /e as the page
 * script does (text/plain JSON batches, the sticky branch the split page draws:
 * src/model/analytics.ts assignSplit), converting at 10 % on the next page's branch and 30 % on
 * the skip page's. The operator then sees the rates, the interval and the verdict on the tab
 * (axe clean), promotes the winner and saves (the Logs tab shows the change), undoes and saves,
 * and the split is back to 50/50.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext } from '@playwright/test';
import { assignSplit } from '../../src/model/analytics';
import { getToken } from '../../src/server/auth/headless-login';
import { expect, test } from './fixtures';
import { ACCOUNTS, signIn } from './helpers';

type Auth = Record<string, string>;

/** POSTs `body` as JSON and returns the answer's ID. @throws when the status is not 201. */
async function create(request: APIRequestContext, url: string, auth: Auth, body: Record<string, unknown>): Promise<number> {
  const r = await request.post(url, { headers: auth, data: body });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { ID: number }).ID;
}

/** Home → Split (50/50) → Presell A (next) or Presell B (skip) → Checkout → Thank You, published. */
async function splitFunnel(request: APIRequestContext, base: string, auth: Auth) {
  const demo = (await (await request.get(`${base}/api/v1/funnels/1`, { headers: auth })).json()) as { offer: number };
  const products = ((await (await request.get(`${base}/api/v1/pages/2`, { headers: auth })).json()) as { meta: { products: unknown[] } }).meta.products;
  const id = await create(request, `${base}/api/v1/funnels`, auth, {
    name: 'E2E Analytics split',
    offer: demo.offer,
    cs_number: '+1 555 0100',
    cs_email: 'help@split.example',
    details: { dl_offer_name: 'Split test' },
  });
  const template: Record<string, number> = { presell: 1, checkout: 2, thankyou: 5 };
  const page = (name: string, page_type: string, page_path: string, extra: Record<string, unknown> = {}) =>
    create(request, `${base}/api/v1/pages`, auth, { funnel_id: id, name, page_type, page_path, template_id: template[page_type] ?? null, ...extra });
  const thanks = await page('Thank You', 'thankyou', '/thank-you/');
  const checkout = await page('Checkout', 'checkout', '/checkout/', { page_id: thanks, meta: { products } });
  const a = await page('Presell A', 'presell', '/a/', { page_id: checkout });
  const b = await page('Presell B', 'presell', '/b/', { page_id: checkout });
  const split = await page('Split', 'split', '/split/', { page_id: a, page_alt_id: b, split: [{ type: 'percent', value: '50' }] });
  const home = await page('Home', 'presell', '/', { page_id: split });
  const version = ((await (await request.get(`${base}/api/v1/funnels/${id}`, { headers: auth })).json()) as { version: number }).version;
  const set = await request.patch(`${base}/api/v1/funnels/${id}`, {
    headers: { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version}"` },
    data: JSON.stringify([{ op: 'replace', path: '/page_id', value: home }]),
  });
  expect(set.status(), await set.text()).toBe(200);
  const pub = await request.put(`${base}/api/v1/funnels/${id}/publish`, { headers: auth, timeout: 60_000 });
  expect(await pub.text()).toContain('"progress":100');
  return { id, site: `${base}/sites/funnel-${id}.localhost`, home, split, a, b, checkout };
}

test('400 visitors through a 50/50 split: the tab reports rates, interval and verdict; promote the winner, see it logged, undo', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const auth = { Authorization: `Bearer ${await getToken(base, ACCOUNTS.operator.email, ACCOUNTS.operator.password)}` };
  const f = await splitFunnel(request, base, auth);

  // The visitors: each sends its events one beacon each, as the page script does.
  const send = async (event: Record<string, unknown>) => {
    const r = await request.post(`${f.site}/e`, { headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, data: JSON.stringify({ events: [event] }) });
    expect(r.status(), await r.text()).toBe(204);
  };
  const rules = [{ type: 'percent' as const, value: '50' }];
  const seen = { next: { visitors: 0, conversions: 0 }, skip: { visitors: 0, conversions: 0 } };
  expect(await (await request.get(`${f.site}/split/`)).text()).toContain('id="split-rules"');
  for (let i = 0; i < 400; i++) {
    const visitor = `e2e-visitor-${String(i).padStart(5, '0')}`;
    const branch = assignSplit(rules, new URLSearchParams(), visitor, f.split);
    if (branch === 'match') throw new Error('no match condition here');
    const e = (kind: string, pageId: number) => ({ kind, page: pageId, visitor, branch: `${f.split}:${branch}`, id: `${visitor}-${kind}-${pageId}` });
    await send(e('view', f.split));
    const n = seen[branch].visitors++;
    expect((await request.get(`${f.site}/${branch === 'next' ? 'a' : 'b'}/`)).status()).toBe(200);
    await send(e('view', branch === 'next' ? f.a : f.b));
    // 10 % of the next branch's visitors submit the checkout, 30 % of the skip branch's.
    if (n % 10 < (branch === 'next' ? 1 : 3)) {
      seen[branch].conversions++;
      await send(e('view', f.checkout));
      await send(e('checkout_submit', f.checkout));
    }
  }
  const rate = (x: { visitors: number; conversions: number }) => `${((x.conversions / x.visitors) * 100).toFixed(1)} %`;

  await signIn(page, `/funnels/${f.id}/analytics`);
  const card = page.getByRole('region', { name: 'Split test: Split' });
  await expect(card.getByText('Clear winner')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('row', { name: /^Next page \(A\): Presell A/ })).toContainText(`${seen.next.visitors}${seen.next.conversions}${rate(seen.next)}`);
  await expect(card.getByRole('row', { name: /^Skip page \(B\): Presell B/ })).toContainText(`${seen.skip.visitors}${seen.skip.conversions}${rate(seen.skip)}`);
  await expect(card.getByTestId('difference')).toContainText(/Difference B − A: \+\d+\.\d points, 95 % interval \+\d+\.\d points to \+\d+\.\d points; p [=<] /);
  await expect(card.getByRole('img', { name: /^Difference B − A: \+/ })).toBeVisible();
  await expect(card.getByTestId('verdict')).toHaveText(/^The skip page converts better: /);
  await expect(page.getByRole('table', { name: 'Visitors, conversion and drop-off per step' }).getByRole('row', { name: /^Split/ })).toContainText('400');

  // axe: the tab with its charts and tables.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Promote the winner: one command on the split page, saved like any edit.
  await card.getByRole('button', { name: 'Promote the winner' }).click();
  await expect(card.getByRole('status')).toContainText('Promoted: every visitor not matched goes to Skip page (B): Presell B.');
  const bar = page.getByRole('toolbar', { name: 'Editing' });
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toContainText('/split/');
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const splitOf = async () =>
    ((await (await request.get(`${base}/api/v1/pages/${f.split}`, { headers: auth })).json()) as { split: { value: string }[] }).split;
  expect((await splitOf()).map((c) => c.value)).toEqual(['100']);

  // The Logs tab shows the change.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('list', { name: 'Changes of Promote the winner of Split' })).toBeVisible();

  // Undo (the editor bar's Undo) and save: the split is 50/50 again.
  await bar.getByRole('button', { name: 'Undo Promote the winner of Split' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await bar.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  expect((await splitOf()).map((c) => c.value)).toEqual(['50']);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('region', { name: 'Split test: Split' }).getByRole('button', { name: 'Promote the winner' })).toBeVisible();
});
