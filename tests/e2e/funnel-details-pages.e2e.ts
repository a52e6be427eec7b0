/**
 * The funnel's Details sub-tabs Faq and Affiliate Banner Images, and the Pages tab's Settings
 * and Redirect dialogs, end to end: each edit is a command of the editor's log, saved with the
 * editor bar's Save, kept after a reload, and (FAQ, redirect) seen on the published site under
 * `/sites/funnel-<id>.localhost/…` (funnels 2 and 4 have no domain). Demo data only other files
 * leave alone: funnel 2's FAQ and its /special-offer/ page, funnel 4's banners and its
 * "Upsell – Silk Pillowcase" page.
 */
import { deflateSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickUp, publishFunnel, signIn } from './helpers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A grey PNG of `width` × `height` pixels (8-bit greyscale), built with node's zlib. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, filter 0, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x99)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const editing = (page: Page) => page.getByRole('toolbar', { name: 'Editing' });

/** Saves with the editor bar and returns the "Changes saved" dialog's text (its saved keys). */
async function save(page: Page): Promise<string> {
  await editing(page).getByRole('button', { name: 'Save', exact: true }).click();
  const proof = page.getByRole('dialog', { name: 'Changes saved' });
  await expect(proof).toBeVisible();
  const text = (await proof.textContent()) ?? '';
  await proof.getByRole('button', { name: 'OK' }).click();
  await expect(editing(page).getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  return text;
}

test('faq: add two questions with rich-text answers, reorder by keyboard, save, kept after reload, shown on the published checkout page', async ({ page }) => {
  await signIn(page, '/funnels/2/details');
  await page.getByRole('tab', { name: 'Faq', exact: true }).click();
  const faq = page.getByRole('group', { name: 'FAQ' });
  await expect(faq.getByText('No questions added')).toBeVisible();

  await faq.getByRole('button', { name: '+ Add question' }).first().click();
  await faq.getByLabel('Question 1', { exact: true }).fill('How long does the whitening last?');
  await faq.getByRole('textbox', { name: 'Answer 1', exact: true }).click();
  await page.keyboard.type('Results last up to ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('12 months');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' with a weekly touch-up.');
  await expect(faq.getByRole('textbox', { name: 'Answer 1', exact: true }).locator('strong')).toHaveText('12 months');

  await faq.getByRole('button', { name: '+ Add question' }).click();
  await faq.getByLabel('Question 2', { exact: true }).fill('Is it safe for enamel?');
  await faq.getByRole('textbox', { name: 'Answer 2', exact: true }).click();
  await page.keyboard.type('Yes, the gel is peroxide-free.');
  await expect(editing(page).getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // Keyboard reorder: Space picks the handle up, ArrowUp moves it, Space drops it.
  const name = 'question 2 “Is it safe for enamel?”';
  await faq.getByRole('button', { name: `Reorder ${name}` }).focus();
  const live = page.locator('[role="status"][aria-live="assertive"]');
  await pickUp(page, live, 2);
  await expect(live).toHaveText(`${name} moved to position 2 of 2.`);
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText(`${name} moved to position 1 of 2.`);
  await page.keyboard.press('Space');
  await expect(live).toHaveText(`${name} dropped at position 1 of 2.`);
  await expect(faq.getByLabel('Question 1', { exact: true })).toHaveValue('Is it safe for enamel?');
  await expect(faq.getByLabel('Question 2', { exact: true })).toHaveValue('How long does the whitening last?');

  expect(await save(page)).toContain('/details/faq');
  await page.reload();
  await page.getByRole('tab', { name: 'Faq', exact: true }).click();
  await expect(faq.getByLabel('Question 1', { exact: true })).toHaveValue('Is it safe for enamel?');
  await expect(faq.getByLabel('Question 2', { exact: true })).toHaveValue('How long does the whitening last?');
  await expect(faq.getByRole('textbox', { name: 'Answer 1', exact: true })).toHaveText('Yes, the gel is peroxide-free.');
  const answer2 = faq.getByRole('textbox', { name: 'Answer 2', exact: true });
  await expect(answer2).toHaveText('Results last up to 12 months with a weekly touch-up.');
  await expect(answer2.locator('strong')).toHaveText('12 months');

  await publishFunnel(page);
  await page.goto('/sites/funnel-2.localhost/order/');
  const section = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(section).toBeVisible();
  const questions = section.locator('details > summary');
  await expect(questions).toHaveText(['Is it safe for enamel?', 'How long does the whitening last?']);
  await questions.nth(1).click();
  const opened = section.locator('details').nth(1);
  await expect(opened).toContainText('Results last up to 12 months with a weekly touch-up.');
  await expect(opened.locator('strong')).toHaveText('12 months');
  await expect(opened.getByText('Results last up to')).toBeVisible();
});

test('affiliate banners: wrong-size upload refused in the browser, 422×97 upload fills the field, affiliate id required holds Save back, kept after reload', async ({
  page,
  baseURL,
}) => {
  await signIn(page, '/funnels/4/details');
  await page.getByRole('tab', { name: 'Affiliate Banner Images', exact: true }).click();
  const banners = page.getByRole('group', { name: 'Affiliate Banner Images' });
  await expect(banners.getByText('No banner images added')).toBeVisible();
  await banners.getByRole('button', { name: '+ Add banner' }).first().click();
  const affid = banners.getByLabel('Affiliate ID of banner 1', { exact: true });
  await affid.fill('7788');
  await expect(affid).toHaveValue('7788');

  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/images/')) uploads.push(r.url());
  });
  const mobileUpload = banners.getByLabel('Upload mobile banner 1', { exact: true });
  await mobileUpload.setInputFiles({ name: 'e2e-wrong-size.png', mimeType: 'image/png', buffer: png(400, 100) });
  await expect(banners.getByRole('alert').filter({ hasText: 'The mobile banner must be 422 x 97 px; this image is 400 x 100 px' })).toBeVisible();
  const mobileField = banners.getByRole('combobox', { name: 'Mobile banner 1 (422 × 97 px)', exact: true });
  await expect(mobileField).toHaveValue('');
  expect(uploads).toEqual([]);

  await mobileUpload.setInputFiles({ name: 'e2e-mobile-banner.png', mimeType: 'image/png', buffer: png(422, 97) });
  const url = `${baseURL}/uploads/4/e2e-mobile-banner.png`;
  await expect(mobileField).toHaveValue(url);
  await expect(banners.getByRole('alert').filter({ hasText: 'The mobile banner must be' })).toHaveCount(0);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toContain('banner=mobile');

  // An empty affiliate id: the field says so and the editor bar holds Save back, naming the funnel.
  await affid.fill('');
  await expect(banners.getByRole('alert').filter({ hasText: 'Affiliate id is required' })).toBeVisible();
  const bar = editing(page);
  await expect(bar.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  const problems = bar.locator('#unsaved-errors');
  await expect(problems).toContainText('Fix this field to save:');
  await expect(problems.getByRole('listitem')).toHaveText(['Funnel LumaHair Gummies – Every Feature: Affiliate id is required']);

  await affid.fill('7788');
  await expect(problems).toHaveCount(0);
  expect(await save(page)).toContain('/details/bannerImageAffid');
  await page.reload();
  await page.getByRole('tab', { name: 'Affiliate Banner Images', exact: true }).click();
  await expect(banners.getByLabel('Affiliate ID of banner 1', { exact: true })).toHaveValue('7788');
  await expect(banners.getByRole('combobox', { name: 'Mobile banner 1 (422 × 97 px)', exact: true })).toHaveValue(url);
  await expect(banners.getByRole('combobox', { name: 'Desktop banner 1 (2978 × 194 px)', exact: true })).toHaveValue('');

  // Only the right-sized file reached the gallery.
  await page.getByRole('tab', { name: 'Gallery', exact: true }).click();
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await expect(gallery.getByRole('button', { name: 'Preview e2e-mobile-banner.png' })).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Preview e2e-wrong-size.png' })).toHaveCount(0);
});

test('page settings: rename, a taken path refused, a free path and a skip page, shown in the table before saving, kept after save and reload', async ({
  page,
}) => {
  await signIn(page, '/funnels/4/pages');
  const pages = page.getByRole('region', { name: 'Pages' });
  const table = pages.getByRole('table', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Settings of Upsell – Silk Pillowcase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Page settings: / });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Upsell – Silk Pillowcase');
  await dialog.getByLabel('Name', { exact: true }).fill('Silk Pillowcase VIP');
  await expect(dialog.getByRole('heading', { name: 'Page settings: Silk Pillowcase VIP' })).toBeVisible();

  const path = dialog.getByLabel('Page path', { exact: true });
  await path.fill('/checkout/');
  await expect(dialog.getByText('Page path already exists')).toBeVisible();
  await expect(path).toHaveAttribute('aria-invalid', 'true');
  // A field showing an error holds Save back, naming the page.
  const bar = editing(page);
  await expect(bar.getByRole('button', { name: 'Save', exact: true })).toBeDisabled({ timeout: 2_000 });
  await expect(bar.locator('#unsaved-errors').getByRole('listitem')).toHaveText(['Page Silk Pillowcase VIP: Page path already exists'], { timeout: 2_000 });
  await path.fill('/pillowcase-vip/');
  await expect(dialog.getByText('Page path already exists')).toHaveCount(0);
  await dialog.getByLabel('Skip page', { exact: true }).selectOption({ label: 'Checkout – Every Feature (checkout) /checkout/' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The table shows the unsaved edit: name, path and skip page (cells: ID, Name, Type, Path, Next, Skip, Actions).
  const row = table.getByRole('row').filter({ hasText: 'Silk Pillowcase VIP' });
  await expect(row.getByRole('cell').nth(3)).toHaveText('/pillowcase-vip/');
  await expect(row.getByRole('cell').nth(5)).toHaveText('/checkout/');
  await expect(table.getByRole('row').filter({ hasText: 'Upsell – Silk Pillowcase' })).toHaveCount(0);
  await expect(editing(page).getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  const saved = await save(page);
  expect(saved).toContain('Page Silk Pillowcase VIP');
  for (const key of ['/name', '/page_path', '/page_alt_id']) expect(saved).toContain(key);

  await page.reload();
  const kept = table.getByRole('row').filter({ hasText: 'Silk Pillowcase VIP' });
  await expect(kept.getByRole('cell').nth(3)).toHaveText('/pillowcase-vip/');
  await expect(kept.getByRole('cell').nth(5)).toHaveText('/checkout/');
  // The upsell before it leads there by its new path.
  await expect(table.getByRole('row').filter({ hasText: 'Upsell – Scalp Serum' }).getByRole('cell').nth(4)).toHaveText('/pillowcase-vip/');
  await pages.getByRole('button', { name: 'Settings of Silk Pillowcase VIP', exact: true }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Silk Pillowcase VIP');
  await expect(dialog.getByLabel('Page path', { exact: true })).toHaveValue('/pillowcase-vip/');
  await dialog.getByRole('button', { name: 'Done' }).click();
});

test('redirect: a bad address holds Save back naming the page; a funnel path with the query string kept sends visitors of the published page on', async ({
  page,
  baseURL,
}) => {
  await signIn(page, '/funnels/2/pages');
  const pages = page.getByRole('region', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Redirect Upsell – Refill Pack', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Redirect Upsell – Refill Pack' });
  const to = dialog.getByLabel('Redirect to', { exact: true });

  await to.fill('thanks');
  await expect(dialog.getByText('Redirect to a page path such as /offer/ or a full http(s):// address')).toBeVisible();
  const bar = editing(page);
  await expect(bar.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(bar.locator('#unsaved-errors').getByRole('listitem')).toHaveText([
    'Page Upsell – Refill Pack: Redirect to a page path such as /offer/ or a full http(s):// address',
  ]);

  await to.fill('/thanks/');
  await dialog.getByRole('checkbox', { name: /^Keep the visitor's query string/ }).check();
  await expect(bar.locator('#unsaved-errors')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(pages.getByRole('button', { name: 'Redirect Upsell – Refill Pack', exact: true })).toHaveText('Redirect ↪');
  // Publishing waits for the save.
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  expect(await save(page)).toContain('/meta/redirect');
  await page.reload();
  await pages.getByRole('button', { name: 'Redirect Upsell – Refill Pack', exact: true }).click();
  await expect(dialog.getByLabel('Redirect to', { exact: true })).toHaveValue('/thanks/');
  await expect(dialog.getByRole('checkbox', { name: /^Keep the visitor's query string/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await publishFunnel(page);
  await page.goto('/sites/funnel-2.localhost/special-offer/?aff=1');
  await expect(page).toHaveURL(`${baseURL}/sites/funnel-2.localhost/thanks/?aff=1`);
  await expect(page.locator('body')).toHaveAttribute('data-page-id', '10');
});
