/**
 * The header's account menu (001 §2 "Menus and frame") loads its code on the first sign of
 * intent, behind a stand-in button. A mouse press that lands on the stand-in while that code is
 * still on its way opens the menu once it arrives, even when it arrives in the middle of the
 * press (the stand-in is then replaced between the button going down and coming up).
 */
import { expect, test } from './fixtures';
import { signIn } from './helpers';

test('a press on the account menu opens it when the menu’s code arrives in the middle of the press', async ({ page }) => {
  await signIn(page, '/funnels', 'operator');
  await expect(page.getByRole('table', { name: 'Funnels' })).toBeVisible();

  // The menu's chunk is held until the button is down (a slow network, made certain).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let requested = false;
  await page.route(/\/assets\/AccountMenu-[^/]*\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  const button = page.getByRole('button', { name: /: account menu$/ });
  const box = await button.boundingBox();
  if (!box) throw new Error('The account menu button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => requested).toBe(true);
  await page.mouse.down();
  release();
  // The real menu button has replaced the stand-in under the pointer (it has aria-expanded).
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('dialog', { name: /Profile/ })).toBeVisible();
});
