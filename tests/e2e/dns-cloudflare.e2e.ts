/**
 * DNS at Cloudflare end to end ("Playwright": DNS_PROVIDER=cloudflare pointed at the
 * fake): a second server, its own process, talks to the schema-checking Cloudflare fake
 * (tests/fakes/cloudflare.ts) started by this test. In the browser an operator adds a domain
 * and five DNS records, edits two of them and saves — the fake received exactly those two, in
 * one batch call (000 §7 "patch, which sends only changed records") — turns under-attack mode
 * on and off (the zone's security_level), and deletes the domain (its zone goes). At the end
 * the fake saw no request its schema refuses.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, serverWithFake, test } from './fixtures';
import { startFakeCloudflare } from '../fakes/cloudflare';
import { openSignedIn, writesSince } from './helpers';

const TOKEN = 'E2e-Cloudflare-Token_0123456789abcdefghij';
const ACCOUNT = '0123456789abcdef0123456789abcdef';
const NAME = `cf-e2e-${Date.now().toString(36)}.com`;

const at = serverWithFake(
  () => startFakeCloudflare({ token: TOKEN, accountId: ACCOUNT }),
  (fake) => ({ DNS_PROVIDER: 'cloudflare', CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: ACCOUNT, CLOUDFLARE_API_URL: fake.url }),
);

async function openDomains(browser: Browser): Promise<Page> {
  const page = await openSignedIn(browser, at.server.url, '/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  return page;
}

const domainRow = (page: Page) =>
  page
    .getByRole('table', { name: 'Domains' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: NAME, exact: true }) });
const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('DNS at Cloudflare: add a domain and five records, edit two (only they are sent), under attack on and off, delete', async ({ browser }) => {
  const { fake } = at;
  const page = await openDomains(browser);

  // The domain, set up in DNS: its zone is created at Cloudflare.
  await page.getByRole('button', { name: 'Add domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add domain' });
  await add.getByLabel('Domain name').fill(NAME);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(domainRow(page)).toContainText('In DNS');
  expect(fake.requests).toContain('POST /zones');

  // Five records through the Add record form.
  await page.getByRole('button', { name: `DNS records of ${NAME}` }).click();
  const panel = page.getByRole('region', { name: `DNS records of ${NAME}` });
  const records = [
    { type: 'A', name: 'shop', content: '203.0.113.10', proxied: true },
    { type: 'A', name: 'api', content: '203.0.113.11', proxied: false },
    { type: 'CNAME', name: 'www', content: NAME, proxied: true },
    { type: 'MX', name: '@', content: `mail.${NAME}`, proxied: false },
    { type: 'TXT', name: '@', content: 'v=spf1 -all', proxied: false },
  ];
  for (const r of records) {
    await panel.getByRole('button', { name: 'Add record' }).click();
    const form = page.getByRole('dialog', { name: `Add DNS record to ${NAME}` });
    await form.getByLabel('Type').selectOption(r.type);
    await form.getByLabel('Name', { exact: true }).fill(r.name);
    await form.getByLabel('Content', { exact: true }).fill(r.content);
    if (r.proxied) await form.getByLabel(/^Proxied/).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const full = r.name === '@' ? NAME : `${r.name}.${NAME}`;
    await expect(panel.getByRole('rowheader', { name: new RegExp(`^\\d+\\. ${r.type} ${esc(full)}$`) })).toBeVisible();
  }
  const table = panel.getByRole('table', { name: `DNS records of ${NAME}` });
  await expect(table.locator('tbody tr')).toHaveCount(5);

  // Edit two of the five and save: one batch call carrying exactly those two.
  const content = (label: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^\\d+\\. ${esc(label)}`) }) })
      .getByRole('textbox', { name: /^Content of record/ });
  await content(`A shop.${NAME}`).fill('203.0.113.99');
  await content(`TXT ${NAME}`).fill('v=spf1 include:_spf.example.com -all');
  await expect(panel.getByRole('status')).toHaveText('2 records changed: Save sends only them');
  const before = fake.requests.length;
  const batchesBefore = fake.batches.length;
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByRole('status')).toHaveText('No changes to save');
  await expect(content(`A shop.${NAME}`)).toHaveValue('203.0.113.99');
  expect(writesSince(fake, before)).toEqual([expect.stringMatching(/^POST \/zones\/[a-f0-9]{32}\/dns_records\/batch$/)]);
  expect(fake.batches.length).toBe(batchesBefore + 1);
  const batch = fake.batches.at(-1)!.body;
  expect(Object.keys(batch)).toEqual(['puts']);
  expect(batch.puts!.map((p) => `${String(p.type)} ${String(p.name)} ${String(p.content)}`).sort()).toEqual([
    `A shop.${NAME} 203.0.113.99`,
    `TXT ${NAME} v=spf1 include:_spf.example.com -all`,
  ]);
  const zone = fake.batches.at(-1)!.zone_id;
  expect(
    fake
      .records(zone)
      .map((r) => `${r.type} ${r.name} ${r.content}`)
      .sort(),
  ).toEqual([
    `A api.${NAME} 203.0.113.11`,
    `A shop.${NAME} 203.0.113.99`,
    `CNAME www.${NAME} ${NAME}`,
    `MX ${NAME} mail.${NAME}`,
    `TXT ${NAME} v=spf1 include:_spf.example.com -all`,
  ]);
  await panel.getByRole('button', { name: `Close DNS records of ${NAME}` }).click();

  // Under attack on, then off: the zone's security level at Cloudflare.
  for (const on of [true, false]) {
    const sent = fake.requests.length;
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
    await edit.getByLabel('Under attack mode').setChecked(on);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    if (on) await expect(domainRow(page)).toContainText('Under attack');
    else await expect(domainRow(page)).not.toContainText('Under attack');
    expect(writesSince(fake, sent)).toContain(`PATCH /zones/${zone}/settings/security_level`);
  }

  // Delete: the zone goes at Cloudflare.
  await page.getByRole('button', { name: `Delete ${NAME}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete domain' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(domainRow(page)).toHaveCount(0);
  expect(fake.requests).toContain(`DELETE /zones/${zone}`);
  expect(fake.records(zone)).toEqual([]);

  // Every request the server sent matched Cloudflare's schema, and so did every answer.
  expect(fake.invalid).toEqual([]);
  await page.context().close();
});
