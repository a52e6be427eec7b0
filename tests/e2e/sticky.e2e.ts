/**
 * The Sticky page end to end (001 §2 "/sticky", §6 "One specific account sees only
 * the Sticky page menu entry", §8; 000 §7 campaign fulfilment upload), against `npm start` on
 * fresh demo data: the sticky account lands on /sticky with only the Sticky entry, sees the
 * products upload wait for a funnel, uploads a valid fulfilment CSV (the seeded values, so
 * the data stays as it was) and sees the seed's message and the result row, then a bad one
 * and sees each refused row by line with nothing written.
 */
import { expect, test } from './fixtures';
import { RMSG } from '../../src/model/fields';
import { MSG } from '../../src/model/messages';
import { signIn } from './helpers';

const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('sticky: lands on /sticky with only its entry; a fulfilment CSV uploaded with its result, a bad one refused row by row', async ({ page }) => {
  await signIn(page, '/sticky', 'sticky');
  await expect(page.getByRole('heading', { level: 1, name: 'Sticky' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Sticky']);

  // Products: the sticky account reads the funnel list; the zone waits for a funnel.
  const products = page.getByRole('region', { name: 'Products CSV upload' });
  await expect(products.getByLabel(/^Products CSV file/)).toBeDisabled();
  await products.getByRole('combobox', { name: 'Funnel' }).selectOption('1');
  await expect(products.getByLabel(/^Products CSV file/)).toBeEnabled();

  // A valid fulfilment file: the campaigns' seeded values, so nothing else sees a change.
  const fulfil = page.getByRole('region', { name: 'Campaign fulfilment CSV upload' });
  await fulfil.getByLabel(/^Campaign fulfilment CSV file/).setInputFiles(file('fulfil.csv', 'campaign_id,fulfillment\n12001,New Jersey\n12101,Ecomm\n'));
  await expect(fulfil.getByRole('status')).toHaveText(MSG.uploadOk('fulfil.csv'));
  const uploads = page.getByRole('table', { name: 'Uploads this session' });
  await expect(uploads.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    'fulfil.csv',
    'Campaign fulfilment',
    'Uploaded',
    '2',
    '—',
    '—',
    MSG.uploadOk('fulfil.csv'),
  ]);

  // A bad file: every refused row by its line, the session keeps both uploads (newest first).
  await fulfil.getByLabel(/^Campaign fulfilment CSV file/).setInputFiles(file('bad.csv', 'campaign_id,fulfillment\n12001,Ecomm\n12a,Ecomm\n12101,Moon\n'));
  await expect(fulfil.getByRole('alert')).toHaveText('bad.csv file upload failed. 2 invalid rows');
  const refused = page.getByRole('table', { name: 'Rows refused in bad.csv' });
  await expect(refused.getByRole('row').nth(1).getByRole('cell')).toHaveText(['3', MSG.onlyNumbers]);
  await expect(refused.getByRole('row').nth(2).getByRole('cell')).toHaveText(['4', RMSG.fulfillment]);
  await expect(uploads.getByRole('row')).toHaveCount(3);
  await expect(uploads.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('Refused');
  await expect(uploads.getByRole('row').nth(2).getByRole('cell').nth(0)).toHaveText('fulfil.csv');
});
