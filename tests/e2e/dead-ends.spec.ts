/**
 * Dead ends and doubts a shopper met (issue "A shopper trusts every step"): adding more than the
 * store has left says how many went into the cart, in the shopper's language, and the quantity
 * field shows where the keyboard is; short Chinese product names and the account pages' "Back to …"
 * links are targets of at least 24 px. Axe on each page touched. (The profile picture's preview under
 * the shop's own CSP: account-picture.spec.ts; a new review on its cached product page at once:
 * order-detail.spec.ts.)
 */
import { expect, test } from './test';
import { DEMO, expectAccessible, loginWithDelivery } from './helpers';
import { apiLogin, cartQuantity, chosenStore, fillCart, productsAt } from './shop-api';
import { measure } from './screen-checks';

test.describe.configure({ timeout: 120_000 });

test('adding beyond the stock left says how many were added, and the quantity field shows its focus, in EN and AR', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  const store = await chosenStore(page);
  const me = await apiLogin(page.request, DEMO.mobile, DEMO.password);
  // Far down the catalogue: the journeys' first picks keep their stock.
  const [product] = await productsAt(page.request, store.store_no, 1, 3, undefined, 90);
  const toasts = {
    '': `Only ${product!.stock} of "${product!.name}" left at this store: ${product!.stock} added to cart`,
    '/ar': new RegExp(`^لم يتبقَّ من ".+" في هذا المتجر سوى ${product!.stock}: تمت إضافة ${product!.stock} إلى السلة$`),
  };
  try {
    for (const [prefix, expected] of Object.entries(toasts)) {
      await fillCart(page.request, me, store.store_no, []);
      await page.goto(`${prefix}/product/${product!.code}`);
      const form = page.locator('main form[data-add-to-cart]').first();
      const input = form.locator(`#qty-${product!.code}`);
      // The stock left at the chosen store bounds the field once the page knows the store.
      await expect(input).toHaveAttribute('max', String(product!.stock));

      // From the keyboard: the box around the field is outlined while the field has the focus.
      await form.locator('[data-step="-1"]').focus();
      await page.keyboard.press('Tab');
      await expect(input).toBeFocused();
      const outline = await form.locator('[data-quantity]').evaluate((el) => getComputedStyle(el));
      expect(outline.outlineStyle).not.toBe('none');
      expect(Number.parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);

      await input.fill(String(product!.stock + 5));
      await form.locator('button:not([type="button"])').click();
      await expect(page.locator('[data-toast]').last()).toHaveText(expected);
      expect(await cartQuantity(page.request, me, store.store_no, product!.code)).toBe(product!.stock);
      await expectAccessible(page);

      // Within the stock, the usual toast.
      await fillCart(page.request, me, store.store_no, []);
      await page.reload();
      await expect(input).toHaveAttribute('max', String(product!.stock));
      await input.fill('1');
      await form.locator('button:not([type="button"])').click();
      await expect(page.locator('[data-toast]').last()).toHaveText(prefix ? /^تمت إضافة ".+" إلى السلة$/ : `"${product!.name}" added to cart`);
    }
  } finally {
    await fillCart(page.request, me, store.store_no, []);
  }
});

test('tap targets of at least 24 px: short Chinese product names, and the Back links of account pages in ZH and AR', async ({ page }) => {
  await loginWithDelivery(page, 'PICKUP');
  await page.setViewportSize({ width: 390, height: 844 });
  // The demo member's delivery on its way (seed), the points history and an address.
  for (const path of ['/zh/category/PORK-CUTS', '/zh/account/orders/WEB2611200001', '/ar/account/my-rewards/membership-points-history', '/ar/account/addresses/new']) {
    await page.goto(path);
    const { small } = await measure(page);
    expect(small, path).toEqual([]);
    if (path.includes('/account/')) expect((await page.locator('[data-back-link]').boundingBox())!.height, path).toBeGreaterThanOrEqual(24);
  }
  await expectAccessible(page);
});

/**
 * Toasts that neither repeat the page nor contradict each other (src/lib/ui/toast.ts): a refused
 * login's reason is under the form and the toast only points to it (coverage.md §8 "plus a generic error
 * toast"); a product added to and taken out of the favourites leaves one toast, the last word;
 * adding twice to the cart leaves one "added" toast.
 */
for (const [prefix, texts] of [
  ['', { wrong: 'The mobile number or password is incorrect.', generic: 'Not done: please see the message on the form.', removed: /removed from favourites/ }],
  ['/ar', { wrong: null, generic: 'لم يكتمل الطلب: يرجى الاطلاع على الرسالة في النموذج.', removed: /تمت إزالة/ }],
] as const) {
  test(`${prefix || '/'}: a toast never repeats the page's own message, and a newer toast replaces one on the same subject`, async ({ page }) => {
    await page.goto(`${prefix}/login`);
    await page.locator('#login-mobile').fill(DEMO.mobile);
    await page.locator('#login-password').fill('not-the-password');
    await page.locator('[data-login-form] button').click();
    const reason = page.locator('[data-login-error]');
    await expect(reason).toBeVisible();
    if (texts.wrong) await expect(reason).toHaveText(texts.wrong);
    const toasts = page.locator('[data-toast]');
    await expect(toasts).toHaveText([texts.generic]);
    await expectAccessible(page);

    await loginWithDelivery(page, 'PICKUP', prefix);
    await page.goto(`${prefix}/category/PORK-CUTS`);
    const card = page.locator('[data-product-card]').nth(3);
    const heart = card.locator('[data-favourite-button]');
    await heart.click();
    await expect(toasts.filter({ hasText: /"/ })).toHaveCount(1);
    await heart.click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveText(texts.removed);

    const add = page.locator('[data-product-card] button[form="card-cart"]:not([disabled])').first();
    await add.click();
    await expect(toasts.filter({ has: page.locator('a') })).toHaveCount(1);
    await add.click();
    await expect(page.locator('[data-toast-tag="cart"]')).toHaveCount(1);
  });
}
