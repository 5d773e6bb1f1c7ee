/**
 * Small screens (coverage.md §9 breakpoints 576, 992 and 1330 px; WCAG 2.2 SC 2.5.8): the shopper's pages at
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
import { loginWithDelivery } from './helpers';
import { failuresOf, measure } from './screen-checks';

const WIDTHS = [320, 390, 768, 1366];
const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

for (const prefix of ['', '/ar']) {
  test(`${prefix || '/'}: the shopper's pages fit 320, 390, 768 and 1366 px, with targets of 24 px and nothing covered`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginWithDelivery(page, 'PICKUP', prefix);
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

/**
 * The phone header with a delivery method shown (issue "A shopper trusts every step"): whatever the
 * outlet's name, the logo keeps its 32 px and the brand is not cut; the delivery button moves to a
 * row of its own when the row is too narrow. The account area's ten entries are all in view on a
 * phone (none hidden in a sideways scroll without a hint).
 */
for (const prefix of ['', '/ar']) {
  test(`${prefix || '/'}: the phone header keeps the logo and brand whole; every account entry in view`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginWithDelivery(page, 'DELIVERY', prefix);
    const failures: string[] = [];
    for (const storeName of ['XS Ampang', 'XS Fresh Mart Setapak Jaya', 'XS Fresh Mart Bandar Baru Sri Petaling Utama']) {
      await page.evaluate((name) => {
        const choice = JSON.parse(localStorage.getItem('shipping')!);
        localStorage.setItem('shipping', JSON.stringify({ ...choice, store: { ...choice.store, store_name: name } }));
      }, storeName);
      for (const width of [320, 360, 390, 430]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${prefix}/`);
        // The chain's part of an outlet's name is the brand as the page writes it (src/i18n/outlet-name.ts).
        await expect(page.locator('[data-header] [data-delivery-store]')).toHaveText(prefix === '/ar' ? storeName.replace(/^XS Fresh Mart /, 'إكس إس فريش مارت ') : storeName);
        const logo = await page.locator('[data-header] a:has(> img[src="/favicon.svg"])').evaluate((a) => {
          const img = a.querySelector('img')!.getBoundingClientRect();
          const brand = a.querySelector('span')!;
          return { img: Math.round(img.width), cut: brand.scrollWidth > brand.clientWidth + 1 };
        });
        if (logo.img < 32 || logo.cut) failures.push(`${width}px "${storeName}": logo ${logo.img}px${logo.cut ? ', brand cut' : ''}`);
      }
    }
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${prefix}/account/profile`);
      const hidden = await page.locator('aside nav').evaluate((nav) => {
        const box = nav.getBoundingClientRect();
        return [...nav.querySelectorAll('a, button')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1;
        }).map((el) => el.textContent!.trim());
      });
      if (hidden.length) failures.push(`${width}px account entries out of view: ${hidden.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
}
