import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { getToken } from '../../src/server/auth/headless-login';

/** Demo accounts seeded on first start (README). */
export const ACCOUNTS = {
  operator: { email: 'operator@example.com', password: 'Operator!2345' },
  admin: { email: 'admin@example.com', password: 'Admin!2345' },
  sticky: { email: 'sticky@example.com', password: 'Sticky!2345' },
} as const;

/** The app's localStorage after signing in as one account (the stored OIDC user), by app origin. */
type StoredSessions = Map<string, { name: string; value: string }[]>;

/** What this worker's sign-ins through the flow left in localStorage, by account (see {@link signIn}). */
const sessions = new Map<keyof typeof ACCOUNTS, StoredSessions>();

/**
 * Puts `who`'s stored session of the page's app into localStorage once, before the app's first
 * load: once only, so a sign-out later in the test stays signed out.
 */
async function restoreSession(page: Page, who: keyof typeof ACCOUNTS, stored: StoredSessions): Promise<void> {
  const mark = `${who}:${Math.random()}`;
  await page.addInitScript(
    ({ mark, byOrigin }) => {
      const done = (sessionStorage.getItem('e2e-restored') ?? '').split(' ');
      const items = byOrigin[location.origin];
      if (!items || done.includes(mark)) return;
      for (const { name, value } of items) localStorage.setItem(name, value);
      sessionStorage.setItem('e2e-restored', [...done, mark].join(' '));
    },
    { mark, byOrigin: Object.fromEntries(stored) },
  );
}

/**
 * Signs in as `who` and expects to land on `path` (`landing: false`: wherever the app sends the
 * account; always through the flow). The first time in a worker for an app and an account, through
 * the real flow: /login → Sign in → the issuer's login page → back. Afterwards the app finds the
 * session that flow stored, as a returning operator's browser has it (1 to 2 s less per test);
 * a session the app no longer takes is dropped and the flow runs again.
 */
export async function signIn(page: Page, path = '/funnels', who: keyof typeof ACCOUNTS = 'operator', landing = true) {
  const landed = new RegExp(`${path.replace(/\//g, '\\/')}$`);
  const stored = sessions.get(who);
  if (landing && stored) {
    await restoreSession(page, who, stored);
    await page.goto(path);
    const origin = new URL(page.url()).origin;
    if (stored.has(origin)) {
      try {
        await expect(page).toHaveURL(landed);
        return;
      } catch {
        stored.delete(origin);
        await page.evaluate(() => localStorage.clear());
        await page.goto(path);
      }
    }
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByLabel(/e-?mail/i).fill(ACCOUNTS[who].email);
  await page.getByLabel(/password/i).fill(ACCOUNTS[who].password);
  await page.getByRole('button', { name: /sign in/i }).click();
  if (!landing) return;
  await expect(page).toHaveURL(landed);
  const origin = new URL(page.url()).origin;
  const state = await page.context().storageState();
  const items = state.origins.find((o) => o.origin === origin)?.localStorage.filter((i) => i.name.startsWith('oidc.user:')) ?? [];
  if (items.length) sessions.set(who, new Map(sessions.get(who)).set(origin, items));
}

/** A page of a funnel as `GET /api/v1/funnels/{id}/pages` lists it (the members the tests read). */
export interface ListedPage {
  ID: number;
  name: string;
  page_type: string;
  page_path: string;
}

/**
 * Copies demo funnel `from` through the API (POST /funnels/{id}/clone) as `who`, so a test edits
 * a funnel of its own; a copy has no domain (published at /sites/funnel-<id>.localhost/).
 * @returns the copy's ID, its pages and the bearer header for more calls. @throws on a non-201.
 */
export async function cloneDemoFunnel(request: APIRequestContext, baseURL: string, from: number, name: string, who: keyof typeof ACCOUNTS = 'operator') {
  const token = await getToken(baseURL, ACCOUNTS[who].email, ACCOUNTS[who].password);
  const auth = { Authorization: `Bearer ${token}` };
  const clone = await request.post(`${baseURL}/api/v1/funnels/${from}/clone`, { headers: auth, data: { name } });
  expect(clone.status(), await clone.text()).toBe(201);
  const id = ((await clone.json()) as { ID: number }).ID;
  const pages = (await (await request.get(`${baseURL}/api/v1/funnels/${id}/pages`, { headers: auth })).json()) as ListedPage[];
  return { id, pages, auth };
}

/** The Products panel's fieldset of one package (e.g. 'Single'). */
export const packageGroup = (page: Page, name: string) => page.getByRole('group', { name: new RegExp(`^${name} — `) });

/** A 1×1 PNG, enough for the gallery's type check (bytes and extension must agree). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Publishes the open funnel through its Publish button and waits for 'Done'. Demo funnels that
 * other files add unlinked pages to get a pre-publish warning first: warnings ask, they do not
 * refuse, so 'Publish anyway' is pressed when asked.
 */
export async function publishFunnel(page: Page) {
  const button = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  const done = page.getByRole('dialog', { name: 'Done' });
  // Publish first shows what goes live (and any warnings), then asks.
  const asked = page.getByRole('alertdialog', { name: /^Publish (funnel|with warnings)\?$/ });
  await expect(done.or(asked)).toBeVisible({ timeout: 30_000 });
  if (await asked.isVisible()) await asked.getByRole('button', { name: /^Publish( anyway)?$/ }).click();
  await expect(done).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close' }).click();
}

/**
 * Fills the fields of `scope` (a dialog, a form, the page) labelled by `fields`' keys with their
 * values, one after the other in the object's order (a field a later one depends on first).
 */
export async function fillLabelled(scope: Page | Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label).fill(value);
}

/** A list screen's locators: its table named `name`, the row of that table holding `text`, and the notifications region. */
export function listScreen(name: string) {
  const table = (page: Page) => page.getByRole('table', { name });
  return {
    table,
    rowOf: (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text }),
    toasts: (page: Page) => page.getByRole('region', { name: 'Notifications' }),
  };
}

/**
 * Fills the "Create campaigns from offer" dialog: the `regions` (their exact labels) ticked,
 * fulfillment Ecomm and the Klaviyo suffix chosen; then presses its `submit` button.
 */
export async function createCampaignsFromOffer(dialog: Locator, regions: string[], submit = 'Save') {
  for (const region of regions) await dialog.getByLabel(region, { exact: true }).check();
  await dialog.getByLabel('Fulfillment').selectOption('Ecomm');
  await dialog.getByLabel('Suffix').selectOption('Klaviyo');
  await dialog.getByRole('button', { name: submit }).click();
}

/**
 * Signs in at `path`, a funnel's tab ('/funnels/1/scrubs'), and returns the tab's region named
 * `region` once its table named `table[0]` shows `table[1]` (the rows have loaded).
 */
export async function openTab(page: Page, path: string, region: string, table: [name: string, shows: string]): Promise<Locator> {
  await signIn(page, path);
  const tab = page.getByRole('region', { name: region });
  await expect(tab.getByRole('table', { name: table[0] })).toContainText(table[1]);
  return tab;
}

/** Signs in at `path` and returns its table named `name` once it shows `shows` (the rows have loaded). */
export async function openTable(page: Page, path: string, name: string, shows: string): Promise<Locator> {
  await signIn(page, path);
  const table = page.getByRole('table', { name });
  await expect(table).toContainText(shows);
  return table;
}

/**
 * Opens the form dialog of `button` ({@link openDialog}) and saves it empty: the seed's
 * `messages` for what the form requires show in it (000 §5). Gives the dialog.
 */
export async function openRequiring(page: Page, button: string, messages: string[], o: { in?: Locator } = {}): Promise<Locator> {
  const dialog = await openDialog(page, button, o);
  await pressExpecting(dialog, messages);
  return dialog;
}

/**
 * Presses `button` (in `o.in`, a tab's region or a table, when given; else anywhere on the page)
 * and gives the dialog it opens, named `o.name` (by default as the button).
 */
export async function openDialog(page: Page, button: string, o: { in?: Locator; name?: string | RegExp } = {}): Promise<Locator> {
  await (o.in ?? page).getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: o.name ?? button });
}

/**
 * Presses the dialog's `button` (Save by default) and expects each of `messages` to show in
 * `where`: the dialog for its field messages, the page for the toast of a save or a refusal.
 */
export async function pressExpecting(dialog: Locator, messages: string[], where: Page | Locator = dialog, button = 'Save') {
  await dialog.getByRole('button', { name: button }).click();
  for (const message of messages) await expect(where.getByText(message)).toBeVisible();
}

/** Presses the dialog's `button` (Save by default) and expects the dialog to close: the save went through. */
export async function saveClosed(dialog: Locator, button = 'Save') {
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** Presses `button` (in `o.in` when given, as {@link openDialog}), then Delete in the confirmation named `confirm`. */
export async function deleteConfirmed(page: Page, button: string | RegExp, confirm: string, o: { in?: Locator } = {}) {
  await (o.in ?? page).getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog', { name: confirm }).getByRole('button', { name: 'Delete' }).click();
}

/**
 * Picks up the focused drag handle with Space and returns once the next key would move it:
 * dnd-kit has measured the rows (it announces the handle over its own place, position `at`,
 * 1-based, in `live`) and its keyboard sensor listens. The sensor adds its keydown listener in a
 * zero `setTimeout`, and Chromium runs queued input before timers, so on a loaded machine an
 * arrow sent at once could arrive first and be lost; a zero timeout queued now fires after it.
 */
export async function pickUp(page: Page, live: Locator, at: number) {
  await page.keyboard.press('Space');
  await expect(live).toContainText(`moved to position ${at} of`);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
}

/** A new browser context on `baseURL` signed in as `who` at `where`: a test of its own server (one with a provider fake). */
export async function openSignedIn(browser: Browser, baseURL: string, where: string, who: keyof typeof ACCOUNTS = 'operator'): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, where, who);
  return page;
}

/** The writes a provider fake received since `from` (an index of its request log, `METHOD /path` lines). */
export const writesSince = (fake: { requests: string[] }, from: number) => fake.requests.slice(from).filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r));
