/**
 * Small screens (spec §9 breakpoints 576, 992 and 1330 px; WCAG 2.2 SC 2.5.8): the shopper's pages at
 * 320, 390, 768 and 1366 px wide, in English and in Arabic (right to left), with a member logged in and an
 * item in the cart. On every page:
 * - nothing overflows sideways (documentElement.scrollWidth ≤ innerWidth);
 * - every visible target (link, button, field, select, a tick box's label) is at least 24 × 24 CSS px,
 *   or keeps the spacing exception (a 24 px circle on its centre touches no other target), or is a
 *   link inside a sentence (the inline exception);
 * - at the bottom of the page, no floating button (WhatsApp, back to top) covers a price, a link or a
 *   button.
 * One logged-in journey per language: home (the member's header), cart, checkout, orders and profile at
 * each width (the public pages are measured for a visitor in every-route.spec.ts); the journey ends by
 * placing the order and measuring its success page.
 */
import { expect, test } from './test';
import { chooseDelivery, login } from './helpers';
import { failuresOf, measure } from './screen-checks';

const WIDTHS = [320, 390, 768, 1366];
const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

for (const prefix of ['', '/ar']) {
  test(`${prefix || '/'}: the shopper's pages fit 320, 390, 768 and 1366 px, with targets of 24 px and nothing covered`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, prefix);
    await chooseDelivery(page, 'PICKUP');
    await page.goto(`${prefix}/category/PORK-CUTS`);
    await page.locator('[data-product-card] button[form="card-cart"]:not([disabled])').first().click();
    await slow(page.locator('[data-toast]').first()).toBeVisible();
    await page.goto(`${prefix}/cart`);
    await page.locator('a[data-checkout]').click();
    await slow(page).toHaveURL(/\/checkout\?items=/);
    const checkout = new URL(page.url()).pathname + new URL(page.url()).search;

    // The member's pages; the public ones are measured at the same widths for a visitor in
    // every-route.spec.ts, and the home page here once more for the member's header.
    const pages = ['/', '/cart', checkout.replace(/^\/ar/, ''), '/account/orders', '/account/profile'];
    const failures: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        await page.goto(`${prefix}${path}`);
        if (path.startsWith('/checkout')) await slow(page.locator('[data-order-total]')).toContainText('RM');
        if (path === '/cart') await slow(page.locator('a[data-checkout]')).toBeVisible();
        failures.push(...failuresOf(`${width}px ${prefix}${path.split('?')[0]}`, await measure(page)));
      }
    }
    // The journey's last page: the order is placed, and its success page is measured at every width.
    await page.goto(`${prefix}${checkout.replace(/^\/ar/, '')}`);
    await slow(page.locator('[data-order-total]')).toContainText('RM');
    await page.locator('[data-place-order]').click();
    await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      failures.push(...failuresOf(`${width}px ${prefix}/order-success`, await measure(page)));
    }
    expect(failures).toEqual([]);
  });
}
