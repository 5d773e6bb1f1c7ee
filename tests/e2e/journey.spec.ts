/**
 * The shop's main journey (issue: end to end on the embedded database): browse, search, open a
 * product, log in, choose pick-up or delivery, add to cart, select, check out, see the order success page and the
 * order under /account/orders — with an axe check on every page of the way.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { chooseDelivery, expectAccessible, login } from './helpers';
import { emptyCart } from './shop-api';

async function addFirstInStockFromCategory(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();
  await expectAccessible(page);
  await page.locator('a[href^="/category/"]').first().click();
  await expect(page).toHaveURL(/\/category\//);
  await expectAccessible(page);
  await page.locator('[data-product-card]:has(button[form="card-cart"]:not([disabled])) a').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expectAccessible(page);
  const name = (await page.locator('h1').textContent())?.trim() ?? '';
  // Once add-to-cart.ts has taken the form over: a tap before would post it without JavaScript and leave the page.
  await expect(page.locator('form[data-add-to-cart][data-enhanced]').first()).toBeAttached();
  await page.locator('form[data-add-to-cart] button:not([type=button])').first().click();
  await expect(page.getByRole('status').filter({ hasText: `"${name}" added to cart` })).toBeVisible();
  return name;
}

async function checkout(page: Page, name: string, prefix = '') {
  await page.goto(`${prefix}/cart`);
  await expect(page.locator('[data-cart-line]').filter({ hasText: name })).toBeVisible();
  await expectAccessible(page);
  await page.locator('a[data-checkout]').click();
  await expect(page).toHaveURL(/\/checkout\?items=/);
  await expect(page.locator('[data-order-total]')).toContainText('RM');
  // Judged as the shopper sees it once the delivery fee is known: Place Order enabled, not fading in.
  await expect(page.locator('[data-place-order]')).toBeEnabled();
  await expectAccessible(page);
  await page.locator('[data-place-order]').click();
  await expect(page).toHaveURL(/\/order-success\?order=/);
  const refno = (await page.locator('[data-success-refno]').textContent())?.trim() ?? '';
  expect(refno).toMatch(/^WEB\d+/);
  await expectAccessible(page);
  await page.goto(`${prefix}/account/orders`);
  await expect(page.locator(`[data-order="${refno}"]`)).toBeVisible();
  await expectAccessible(page);
  return refno;
}

test('a guest is sent from /account/orders to /', async ({ page }) => {
  const res = await page.request.get('/account/orders', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/');
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/$/);
});

// The two whole journeys run an axe check on each of their seven pages, about 8–10 s each on the
// 2-core CI machine beside another worker: more than the default 60 s in all, so three times that.
test('journey with store pick-up', async ({ page }) => {
  test.slow();
  await login(page);
  await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toBeVisible();
  await chooseDelivery(page, 'PICKUP');
  await expect(page.locator('[data-delivery-label]')).toContainText('Store Pick-up');
  await emptyCart(page.request);
  // The header's search, as a shopper types it.
  await page.locator('#site-search').fill('pork');
  await page.locator('#site-search').press('Enter');
  await expect(page).toHaveURL(/\/search-products\?keyword=pork/);
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  const name = await addFirstInStockFromCategory(page);
  await checkout(page, name);
});

test('journey with home delivery', async ({ page }) => {
  test.slow();
  await login(page);
  await chooseDelivery(page, 'DELIVERY');
  await expect(page.locator('[data-delivery-label]')).toContainText('Delivery');
  await emptyCart(page.request);
  const name = await addFirstInStockFromCategory(page);
  await page.goto('/cart');
  await checkout(page, name);
});

test('journey with search in Arabic on a phone: pick-up, cart, checkout and the order in the account', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, '/ar');
  await chooseDelivery(page, 'PICKUP');
  await emptyCart(page.request);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // "Pork" in Arabic, typed in the header's search box as a shopper would.
  await page.locator('#site-search').fill('خنزير');
  await page.locator('#site-search').press('Enter');
  await expect(page).toHaveURL(/\/ar\/search-products\?keyword=/);
  await expectAccessible(page);
  await page.locator('[data-product-card]:has(button[form="card-cart"]:not([disabled])) a').first().click();
  await expect(page).toHaveURL(/\/ar\/product\//);
  const name = (await page.locator('h1').textContent())?.trim() ?? '';
  expect(name).toMatch(/[\u0600-\u06ff]/);
  // Once add-to-cart.ts has taken the form over: a tap before would post it without JavaScript and leave the page.
  await expect(page.locator('form[data-add-to-cart][data-enhanced]').first()).toBeAttached();
  await page.locator('form[data-add-to-cart] button:not([type=button])').first().click();
  await expect(page.locator('[data-cart-count]')).toHaveText(/[1-9]/);
  await checkout(page, name, '/ar');
});

test('a revoked session sends the shopper home with the expired-session message', async ({ page, context }) => {
  await page.goto('/login');
  await page.locator('#login-mobile').fill('0123456789');
  await page.locator('#login-password').fill('demo1234');
  await page.locator('[data-login-form] button').click();
  await expect(page).toHaveURL(/\/$/);
  // Log out in another tab: the session row is revoked, this tab's cookie copy is now stale.
  const cookies = await context.cookies();
  const other = await context.browser()!.newContext();
  await other.addCookies(cookies);
  const tab = await other.newPage();
  await tab.goto('/');
  expect(await tab.evaluate(() => fetch('/_actions/access.logout', { method: 'POST', body: new FormData() }).then((r) => r.status))).toBe(200);
  await other.close();
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, your login session has expired. Please login again.' })).toBeVisible();
});
