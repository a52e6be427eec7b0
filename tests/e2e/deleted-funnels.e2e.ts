/**
 * The record outlives a deleted funnel, end to end: an operator deletes a
 * copy of a demo funnel from the funnel list (the confirmation says its log is kept); the admin
 * opens Funnels → Deleted, finds it with who deleted it, and reads its log — the copy's creation
 * and the deletion — while the operator has no such link and is refused the page.
 */
import { expect, test } from './fixtures';
import { cloneDemoFunnel, signIn } from './helpers';

test('an operator deletes a funnel; the admin reads what it was and its whole log', async ({ browser, request, baseURL }) => {
  const name = 'E2E Deleted – PureBrite';
  await cloneDemoFunnel(request, baseURL!, 2, name);

  const operator = await browser.newPage();
  await signIn(operator, '/funnels');
  await expect(operator.getByRole('link', { name: 'Deleted', exact: true })).toHaveCount(0);
  await operator
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const ask = operator.getByRole('alertdialog', { name: 'Delete funnel' });
  await expect(ask).toContainText('Its log is kept for admins to read.');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(operator.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await operator.goto('/funnels/deleted');
  await expect(operator.getByText('You do not have access to this page')).toBeVisible();

  const admin = await browser.newPage();
  await signIn(admin, '/funnels', 'admin');
  await admin.getByRole('link', { name: 'Deleted', exact: true }).click();
  await expect(admin).toHaveURL(/\/funnels\/deleted$/);
  const row = admin.getByRole('table', { name: 'Deleted funnels' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Oscar Operator');
  await row.getByRole('button', { name: `Show log of ${name}` }).click();
  await expect(admin).toHaveURL(/\?funnel=\d+$/);
  const log = admin.getByRole('region', { name: `Log of ${name}` });
  await expect(log.getByRole('listitem').first()).toContainText('Funnel deleted');
  await expect(log).toContainText('Funnel cloned');
  await expect(log.getByRole('button', { name: /Delete|Revert/ })).toHaveCount(0);
});
