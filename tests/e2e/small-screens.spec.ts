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
 * One logged-in page per language; the widths change on that page (about 40 page loads a language); the
 * journey ends by placing the order and measuring its success page.
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

    const pages = ['/', '/category/PORK-CUTS', '/product/P0001', '/search-products?keyword=pork', '/cart', checkout.replace(/^\/ar/, ''),
      '/outlets', '/account/orders', '/account/profile'];
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
