/**
 * A new funnel made with "Add funnel" opens without red errors and says what to do next
 *: nothing is wrong yet, only unfinished.
 */
import { expect, test } from './fixtures';
import { signIn } from './helpers';

test('a funnel just added opens its details calmly, with its next steps', async ({ page }) => {
  await signIn(page, '/funnels');
  await page.getByRole('button', { name: 'Add funnel', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add funnel' });
  await add.getByLabel('Name', { exact: true }).fill('E2E Fresh Funnel');
  await add.getByLabel('Offer', { exact: true }).selectOption({ index: 1 });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/funnels\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Fresh Funnel' })).toBeVisible();
  const main = page.getByRole('main');
  const next = main.getByRole('status', { name: 'Next steps' });
  await expect(next).toContainText("Add the funnel's pages in the Pages tab, then select the index page here.");
  await expect(next).toContainText('Fill in Support number, Support email, Offer name (dl_offer_name)');
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect(main.getByText('Please input the support number')).toHaveCount(0);

  // Typing and then clearing a field is an error again, in the seeds' words, and the step is done.
  const number = main.getByRole('textbox', { name: 'Support number' });
  await number.fill('1');
  await number.fill('');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Please input the support number', { exact: true })).toBeVisible();
  await expect(next).toContainText('Fill in Support email, Offer name (dl_offer_name)');
  await page.screenshot({ path: '/tmp/new-funnel.png' });
});
