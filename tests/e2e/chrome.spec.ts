/**
 * The shop's chrome (coverage.md §2, issue "a shop that looks real"): a guest's add to cart lands on the
 * login page with the reason, the footer's app-store badges are links, and the delivery step says
 * why Delivery is unavailable when the location is not a saved address.
 */
import { expect, test } from './test';
import { login } from './helpers';

test('a guest who adds to cart is told on the login page why they must log in', async ({ page }) => {
  await page.goto('/product/P0001');
  await page.locator('form[data-add-to-cart] button:not([type=button])').first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fproduct%2FP0001$/);
  await expect(page.getByText('Please log in to add items to your cart.').first()).toBeVisible();
  // Shown once: a reload of the login page does not repeat it.
  await page.reload();
  await expect(page.locator('[data-access-sent]')).toHaveCount(0);
});

test('footer: the three app-store badges are links', async ({ page }) => {
  await page.goto('/');
  const badges = page.locator('footer [data-app-store]');
  await expect(badges).toHaveText(['App Store', 'Google Play', 'AppGallery']);
  for (const badge of await badges.all()) await expect(badge).toHaveAttribute('href', /^https:\/\//);
});

test('the delivery step says Delivery needs a saved address when the current location is chosen', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 3.1478, longitude: 101.7045 });
  // A member without a delivery choice gets the modal by itself.
  await login(page);
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // Focus starts on the heading, not a ring around the whole body.
  await expect(dialog.locator('#modal-title')).toBeFocused();
  await dialog.locator('input[name="dm-address"][value="location"]').check();
  await dialog.locator('[data-continue]').click();
  await dialog.locator('[data-store]').first().click();
  const delivery = dialog.locator('[data-method="DELIVERY"]');
  await expect(delivery).toBeDisabled();
  await expect(delivery.locator('[data-method-reason]')).toHaveText('Delivery needs a saved address: choose one of your addresses in the first step.');
  await expect(dialog.locator('[data-method] svg')).toHaveCount(2);
});
