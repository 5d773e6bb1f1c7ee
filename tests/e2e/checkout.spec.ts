/**
 * Checkout behaviours beyond the happy journey (coverage.md §4 Checkout, §5 Checkout, §8): the remark
 * limit, a refused order (the server's message, submit enabled again, the retry succeeds), a
 * failed call (network, 500 `{}`, empty 502: 'Oops, Something went wrong on server.'), an
 * expired pick-up slot (toast, the delivery modal at the pick-up step, back to the cart), controls
 * disabled until the island's script has taken over, and an Arabic checkout that stays in Arabic.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, holdScript, loginWithDelivery } from './helpers';

/** Network-bound steps (store lookup, pick-up times) get more time: the server may be cold or busy. */
const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });


/** Adds the first product in stock on a category page to the cart, then opens the checkout from the cart. */
async function toCheckout(page: Page, prefix = '') {
  await page.goto(`${prefix}/category/PORK-CUTS`);
  await page.locator('[data-product-card] button[form="card-cart"]:not([disabled])').first().click();
  await slow(page.locator('[data-toast]').first()).toBeVisible();
  await page.goto(`${prefix}/cart`);
  await page.locator('a[data-checkout]').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?items=`));
  await slow(page.locator('[data-order-total]')).toContainText('RM');
  // Typed before the island hydrates, a remark would be the server's markup's, not the form's.
  await slow(page.locator('astro-island:has([data-place-order])')).not.toHaveAttribute('ssr');
}

test('a remark over 180 characters is refused with the spec message', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await toCheckout(page);
  await page.locator('#order-remark').fill('x'.repeat(181));
  await expect(page.locator('#remark-help')).toHaveText('remark should not exceed 180 characters');
  await expect(page.locator('[data-place-order]')).toBeDisabled();
  await page.locator('#order-remark').fill('x'.repeat(180));
  await expect(page.locator('#remark-help')).toHaveText('180/180');
  await expect(page.locator('[data-place-order]')).toBeEnabled();
});

test('the checkout\'s controls are disabled until its script has taken over, so a remark typed early is never lost', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await toCheckout(page);
  const checkoutUrl = page.url();
  // A slow phone: the checkout's script arrives after the page has been drawn.
  const release = await holdScript(page, '**/_astro/CheckoutIsland*.js');
  await page.goto(checkoutUrl, { waitUntil: 'domcontentloaded' });
  const remark = page.locator('#order-remark');
  const change = page.getByRole('button', { name: 'Change', exact: true });
  const voucher = page.locator('[data-voucher-open]');
  await expect(remark).toBeDisabled();
  await expect(change).toBeDisabled();
  await expect(voucher).toBeDisabled();
  release();
  await expect(remark).toBeEnabled();
  await expect(change).toBeEnabled();
  await expect(voucher).toBeEnabled();
  await remark.fill('Please pack the pork separately');
  await expect(page.locator('#remark-help')).toHaveText('31/180');
});

test('a refused order shows the server message, enables submit again, and a retry places it', async ({ page }) => {
  await loginWithDelivery(page, 'DELIVERY');
  await toCheckout(page);
  // The first submit claims a wrong total: the server re-prices the order and refuses it (409).
  const placeOrder = /\/_actions\/checkout(\.|%2E)placeOrder/;
  await page.route(placeOrder, (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, order_amount: '0.05' }) });
  });
  await page.locator('[data-place-order]').click();
  await slow(page.locator('[data-checkout-error]')).toContainText('The order total has changed');
  await expect(page.locator('[data-place-order]')).toBeEnabled();
  await page.unroute(placeOrder);
  await page.locator('[data-place-order]').click();
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
});

test('Place Order after a network failure, a 500 {} or an empty 502: the general message, and the button is usable again', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await toCheckout(page);
  const placeOrder = /\/_actions\/checkout(\.|%2E)placeOrder/;
  const answers: ((route: import('@playwright/test').Route) => Promise<void>)[] = [
    (route) => route.abort('failed'),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    (route) => route.fulfill({ status: 502, body: '' }),
  ];
  const button = page.locator('[data-place-order]');
  for (const answer of answers) {
    await page.unroute(placeOrder);
    await page.route(placeOrder, answer);
    await button.click();
    await expect(page.locator('[data-toast="error"]').last()).toHaveText('Oops, Something went wrong on server.');
    await expect(page.locator('[data-checkout-error]')).toHaveText('Oops, Something went wrong on server.');
    await expect(button).toHaveText('Place Order');
    await expect(button).toBeEnabled();
  }
  await expectAccessible(page);
  await page.unroute(placeOrder);
  await button.click();
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
});

test('an expired pick-up slot toasts, reopens the delivery modal at the pick-up step and goes to the cart', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await toCheckout(page);
  const checkoutUrl = page.url();
  await page.evaluate(() => {
    const shipping = JSON.parse(localStorage.getItem('shipping') ?? 'null');
    localStorage.setItem('shipping', JSON.stringify({ ...shipping, date: '2020-01-06', time: '10:00' }));
  });
  // The toast shows for 0.6 s before the shop leaves for the cart: every alert the pages show is
  // noted in sessionStorage as it appears, so a busy machine's slow polling cannot miss it.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const seen: string[] = JSON.parse(sessionStorage.getItem('alerts-seen') ?? '[]');
      for (const el of document.querySelectorAll('[role=alert]')) {
        const text = el.textContent?.trim() ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
      sessionStorage.setItem('alerts-seen', JSON.stringify(seen));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(checkoutUrl);
  await slow(page).toHaveURL(/\/cart$/);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('alerts-seen') ?? '[]'))).toContain('The delivery method date time is expired, please select a new one');
  await slow(page.locator('dialog[open] [data-save-pickup]')).toBeVisible();
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an Arabic checkout goes on to the Arabic order success page', async ({ page }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    await toCheckout(page, '/ar');
    await page.locator('[data-place-order]').click();
    await slow(page).toHaveURL(/\/ar\/order-success\?order=WEB\d+/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const refno = (await page.locator('[data-success-refno]').textContent())?.trim() ?? '';
    await page.goto('/ar/account/orders?tab=to_pay');
    await expect(page.locator(`[data-order="${refno}"]`)).toBeVisible();
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  });
});
