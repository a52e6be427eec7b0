/**
 * Presence and live changes (issue 14): two operators in two browsers on one page see each
 * other, and one's save reaches the other's open editor without a reload — rebased under the
 * other's unsaved edit, which is kept and saved on top. The funnel is a fresh clone of demo
 * funnel 2, so no other test's edits meet these.
 *
 * The same journey runs twice: on the one `npm start` process with its embedded database
 * (PGlite's listen), and with each operator on an API process of their own on one PostgreSQL
 * (LISTEN/NOTIFY between the processes; both processes started together on the empty database).
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { getToken } from '../../src/server/auth/headless-login';
import { startPgCluster, type PgCluster } from '../scripts/postgres';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';
import { ACCOUNTS, packageGroup, signIn } from './helpers';

/** The price field of a package of the Products panel ('Single', 'Studio'). */
const price = (page: Page, pkg: string) => packageGroup(page, pkg).getByLabel('Price', { exact: true });

async function operatorIn(browser: Browser, baseURL: string, path: string, who: 'admin' | 'operator'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, path, who);
  return page;
}

/**
 * Ada (admin) signs in at `adaURL`, Oscar (operator) at `oscarURL` — one server or two — and
 * both open the checkout page of a new copy of demo funnel 2; then the journey above.
 */
async function twoOperatorsOnOnePage(browser: Browser, request: APIRequestContext, adaURL: string, oscarURL: string) {
  const token = await getToken(adaURL, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const auth = { Authorization: `Bearer ${token}` };
  const clone = await request.post(`${adaURL}/api/v1/funnels/2/clone`, { headers: auth, data: { name: `E2E live ${Date.now()}` } });
  expect(clone.status()).toBe(201);
  const funnelId = (await clone.json() as { ID: number }).ID;
  const pages = await (await request.get(`${adaURL}/api/v1/funnels/${funnelId}/pages`, { headers: auth })).json() as { ID: number; page_type: string }[];
  const checkout = pages.find((p) => p.page_type === 'checkout')!;
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
  const stored = await (await request.get(`${adaURL}/api/v1/pages/${checkout.ID}`, { headers: auth })).json() as { meta: { products: { _package_name: string; _price: number }[] } };
  const priceOf = (name: string) => stored.meta.products.find((p) => p._package_name === name)?._price;
  expect([priceOf('Single'), priceOf('Studio')]).toEqual([31.5, 77.7]);

  // Oscar leaves: Ada no longer sees him.
  await oscar.context().close();
  await expect(ada.getByRole('list', { name: 'Also here' })).toHaveCount(0);
  await ada.context().close();
}

test('two operators on one page see each other and receive each other\'s saves without a reload', async ({ browser, request, baseURL }) => {
  await twoOperatorsOnOnePage(browser, request, baseURL!, baseURL!);
});

test.describe('on two API processes sharing one PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startPgCluster();
    // Started together on the empty database: one migrates and seeds, the other waits for it.
    const env = { DATABASE_URL: cluster.url, DEMO_ORDERS: '100', STATIC_DIR: path.resolve(import.meta.dirname, '../../dist') };
    servers.push(...await Promise.all([startServerProcess(env), startServerProcess(env)]));
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
});
