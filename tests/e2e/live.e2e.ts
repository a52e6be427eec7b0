/**
 * Presence and live changes: two operators in two browsers on one page see each
 * other, and one's save reaches the other's open editor without a reload — rebased under the
 * other's unsaved edit, which is kept and saved on top. The funnel is a fresh clone of demo
 * funnel 2, so no other test's edits meet these.
 *
 * The same journey runs twice: on the one `npm start` process with its embedded database
 * (PGlite's listen), and with each operator on an API process of their own on one PostgreSQL
 * (LISTEN/NOTIFY between the processes; both processes started together on the empty database).
 * Two more: a save announced while a tab is offline is read once it is back, and one a process
 * did not hear (its LISTEN cut) reaches the open editor when LISTEN returns (`resync`).
 */
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getToken } from '../../src/server/auth/headless-login';
import { pgQuery, startPgCluster, type PgCluster } from '../scripts/postgres';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';
import { ACCOUNTS, cloneDemoFunnel, packageGroup, signIn } from './helpers';

/** The price field of a package of the Products panel ('Single', 'Studio'). */
const price = (page: Page, pkg: string) => packageGroup(page, pkg).getByLabel('Price', { exact: true });

async function operatorIn(browser: Browser, baseURL: string, path: string, who: 'admin' | 'operator'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, path, who);
  return page;
}

/** A new copy of demo funnel 2 made by the admin at `baseURL`: its id, its checkout page and the admin's auth header. */
async function cloneForAda(request: APIRequestContext, baseURL: string, name: string) {
  const { id, pages, auth } = await cloneDemoFunnel(request, baseURL, 2, `${name} ${Date.now()}`, 'admin');
  const checkout = pages.find((p) => p.page_type === 'checkout');
  if (!checkout) throw new Error('the copy has no checkout page');
  return { funnelId: id, checkout, auth };
}

/**
 * Ada (admin) signs in at `adaURL`, Oscar (operator) at `oscarURL` — one server or two — and
 * both open the checkout page of a new copy of demo funnel 2; then the journey above.
 */
async function twoOperatorsOnOnePage(browser: Browser, request: APIRequestContext, adaURL: string, oscarURL: string) {
  const { funnelId, checkout, auth } = await cloneForAda(request, adaURL, 'E2E live');
  const path = `/funnels/${funnelId}/pages/${checkout.ID}`;

  const ada = await operatorIn(browser, adaURL, path, 'admin');
  const oscar = await operatorIn(browser, oscarURL, path, 'operator');
  // Each sees the other, on this page.
  await expect(ada.getByRole('list', { name: 'Also here' }).getByRole('listitem')).toHaveAttribute('aria-label', 'Oscar Operator — on this page');
  await expect(oscar.getByRole('list', { name: 'Also here' }).getByRole('listitem')).toHaveAttribute('aria-label', 'Ada Admin — on this page');

  // Ada edits Single's price and does not save; Oscar edits Studio's and saves.
  await price(ada, 'Single').fill('31.5');
  await price(oscar, 'Studio').fill('77.7');
  await oscar.getByRole('toolbar', { name: 'Editing' }).getByRole('button', { name: 'Save', exact: true }).click();
  await oscar.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();

  // Ada's editor shows Oscar's price, says who saved what, and keeps her unsaved edit.
  await expect(price(ada, 'Studio')).toHaveValue('77.7');
  await expect(ada.getByText(/Oscar Operator saved Page .*Your unsaved changes are kept on top\./)).toBeVisible();
  await expect(price(ada, 'Single')).toHaveValue('31.5');
  await expect(ada.getByRole('toolbar', { name: 'Editing' }).getByRole('status')).toHaveText('Unsaved changes');

  // Her save goes on top of his (no conflict question), and both prices are stored.
  await ada.getByRole('toolbar', { name: 'Editing' }).getByRole('button', { name: 'Save', exact: true }).click();
  await ada.getByRole('dialog', { name: 'Changes saved' }).getByRole('button', { name: 'OK' }).click();
  await expect(price(oscar, 'Single')).toHaveValue('31.5');
  const stored = (await (await request.get(`${adaURL}/api/v1/pages/${checkout.ID}`, { headers: auth })).json()) as {
    meta: { products: { _package_name: string; _price: number }[] };
  };
  const priceOf = (name: string) => stored.meta.products.find((p) => p._package_name === name)?._price;
  expect([priceOf('Single'), priceOf('Studio')]).toEqual([31.5, 77.7]);

  // Oscar leaves: Ada no longer sees him.
  await oscar.context().close();
  await expect(ada.getByRole('list', { name: 'Also here' })).toHaveCount(0);
  await ada.context().close();
}

test("two operators on one page see each other and receive each other's saves without a reload", async ({ browser, request, baseURL }) => {
  await twoOperatorsOnOnePage(browser, request, baseURL!, baseURL!);
});

test("a save announced while an operator's tab is offline is taken in when it is back, unsaved edits kept", async ({ browser, request, baseURL }) => {
  const { funnelId, checkout, auth } = await cloneForAda(request, baseURL!, 'E2E offline');
  const editor = `/funnels/${funnelId}/pages/${checkout.ID}`;
  const ada = await operatorIn(browser, baseURL!, editor, 'admin');
  await expect(ada.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
  // Her live stream is up before her network goes: she sees Oscar arrive (on a loaded machine
  // the stream can connect after the first edit; a save announced before it would go unheard).
  const oscar = await operatorIn(browser, baseURL!, editor, 'operator');
  await expect(ada.getByRole('list', { name: 'Also here' })).toBeVisible();
  await oscar.context().close();
  await price(ada, 'Single').fill('31.5');
  await expect(ada.getByRole('toolbar', { name: 'Editing' }).getByRole('status').last()).toHaveText('Unsaved changes');

  // Her network goes; the open stream still hears of a save (from another tab, through the API),
  // but reading the newer copy fails.
  await ada.context().setOffline(true);
  const failedRead = ada.waitForEvent('requestfailed', (r) => r.url().endsWith(`/api/v1/pages/${checkout.ID}`));
  await patchStudioPrice(request, baseURL!, checkout.ID, auth, 77.7);
  await failedRead;
  await expect(price(ada, 'Studio')).not.toHaveValue('77.7');

  // Back online: the read is tried again and the save is taken in under her edit.
  await ada.context().setOffline(false);
  await expect(price(ada, 'Studio')).toHaveValue('77.7', { timeout: 20_000 });
  await expect(ada.getByText(/Ada Admin saved Page .*: Set product price\. Your unsaved changes are kept on top\./)).toBeVisible();
  await expect(price(ada, 'Single')).toHaveValue('31.5');
  await ada.context().close();
});

/** Sets the Studio package's price of page `pageId` through the API (another tab's save), labelled 'Set product price'. */
async function patchStudioPrice(request: APIRequestContext, baseURL: string, pageId: number, auth: Record<string, string>, value: number) {
  const page = (await (await request.get(`${baseURL}/api/v1/pages/${pageId}`, { headers: auth })).json()) as {
    version: number;
    meta: { products: { _package_name: string }[] };
  };
  const studio = page.meta.products.findIndex((p) => p._package_name === 'Studio');
  const saved = await request.patch(`${baseURL}/api/v1/pages/${pageId}`, {
    headers: { ...auth, 'Content-Type': 'application/json-patch+json', 'If-Match': `"${page.version}"`, 'X-Change-Label': 'Set product price' },
    data: JSON.stringify([{ op: 'replace', path: `/meta/products/${studio}/_price`, value }]),
  });
  expect(saved.status()).toBe(200);
}

test.describe('on two API processes sharing one PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startPgCluster();
    // Started together on the empty database: one migrates and seeds, the other waits for it.
    const env = { DATABASE_URL: cluster.url, DEMO_ORDERS: '100', STATIC_DIR: path.resolve(import.meta.dirname, '../../dist') };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cluster?.stop();
  });

  test('each operator on their own process: presence and saves go between them through LISTEN/NOTIFY', async ({ browser, request }) => {
    const [a, b] = servers;
    expect(a!.url).not.toBe(b!.url);
    await twoOperatorsOnOnePage(browser, request, a!.url, b!.url);
  });

  test('a save its process did not hear (its LISTEN connection was cut) reaches the open editor once LISTEN is back', async ({ browser, request }) => {
    const [a, b] = servers;
    const onB = { Authorization: `Bearer ${await getToken(b!.url, ACCOUNTS.operator.email, ACCOUNTS.operator.password)}` };
    const { funnelId, checkout } = await cloneForAda(request, a!.url, 'E2E resync');
    const ada = await operatorIn(browser, a!.url, `/funnels/${funnelId}/pages/${checkout.ID}`, 'admin');
    await expect(ada.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
    await price(ada, 'Single').fill('31.5');

    // Every LISTEN connection is cut (an admin, a failover); a save on B goes out before they are back.
    await pgQuery(cluster!.url, "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%'");
    await patchStudioPrice(request, b!.url, checkout.ID, onB, 77.7);

    // A's LISTEN is back a second later and tells the open stream to read again: Ada gets the price.
    await expect(price(ada, 'Studio')).toHaveValue('77.7', { timeout: 15_000 });
    await expect(
      ada.getByText(/Page .* was saved by another operator while this tab was not connected\. Your unsaved changes are kept on top\./),
    ).toBeVisible();
    await expect(price(ada, 'Single')).toHaveValue('31.5');
    await ada.context().close();
  });
});
