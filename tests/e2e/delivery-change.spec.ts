/**
 * Changing the delivery method or store with items in the cart (coverage.md §4 "Changing the method or the
 * store clears the cart"; issue 9): the modal asks first. Cancel (or Escape) keeps the cart and the
 * method; Continue empties the cart and a notice says why. An old "added to cart" toast goes when
 * the modal opens. The stock state shown follows the chosen store.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, expectAccessible, login } from './helpers';
import { API, API_KEY, apiLogin, cartQuantity, chosenStore, fillCart, productsAt } from './shop-api';

// A cold server resizes the home page's pictures first (seconds each on a busy machine): the
// modal's reads may wait behind them.
const slow = expect.configure({ timeout: 60_000 });
// Each test runs the delivery modal two or three times on a shared, busy machine.
test.describe.configure({ timeout: 150_000 });

// A fresh server answers its first pick-up reads slowly: ask them once before the modal does.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await request.get(`${API}/self_pickup_min_time`, { headers: API_KEY });
  await request.get(`${API}/pickup_store_listing?latitude=3.1478&longitude=101.711`, { headers: API_KEY, timeout: 110_000 });
  await request.get('/');
});

/** Logs in, chooses a pick-up and puts one unit of a product in stock there into the cart. */
async function shopperWithCart(page: Page, prefix = '') {
  await login(page, prefix);
  await slow(page.locator('dialog[open] [data-continue]')).toBeEnabled();
  await pickAnotherStore(page, '', false);
  const store = await chosenStore(page);
  const me = await apiLogin(page.request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(page.request, store.store_no, 1, 3, undefined, 40);
  await fillCart(page.request, me, store.store_no, [{ code: product!.code, quantity: 1 }]);
  await page.reload();
  await slow(page.locator('[data-cart-count]')).toHaveText('1');
  return { store, me, product: product! };
}

/** Opens the modal from the header and picks another store offering pick-up, up to saving its first time. */
async function pickAnotherStore(page: Page, current: string, viaHeader = true) {
  if (viaHeader) await page.locator('[data-delivery-button]').click();
  const dialog = page.locator('dialog[open]');
  await slow(dialog.locator('[data-continue]')).toBeVisible();
  await dialog.locator('[data-continue]').click();
  const stores = dialog.locator('[data-store]');
  await slow(stores.first()).toBeVisible();
  const count = await stores.count();
  for (let i = 0; i < count; i++) {
    if ((await stores.nth(i).getAttribute('data-store')) === current) continue;
    await stores.nth(i).click();
    const pickup = dialog.locator('[data-method="PICKUP"]');
    if (await pickup.isEnabled()) {
      await pickup.click();
      const time = dialog.locator('input[name="pickup-time"]').first();
      await slow(time).toBeAttached();
      await time.check({ force: true });
      await dialog.locator('[data-save-pickup]').click();
      if (!viaHeader) await slow(dialog).toBeHidden();
      return;
    }
    await dialog.getByRole('button', { name: /Back|返回|رجوع/ }).click();
  }
  throw new Error('no other store offers pick-up');
}

test('Cancel (and Escape) on the confirm step keeps the cart and the delivery method', async ({ page }) => {
  const { store, me, product } = await shopperWithCart(page);
  const before = await page.evaluate(() => localStorage.getItem('shipping'));

  // An "added to cart" toast still showing goes away when the modal opens.
  await page.goto(`/product/${product.code}`);
  const form = page.locator('main [data-buy-box] form[data-add-to-cart]');
  await slow(form).toHaveAttribute('data-enhanced', '1');
  await slow(form.locator('button:not([type=button])')).toBeEnabled();
  await form.locator('button:not([type=button])').click();
  const added = page.getByRole('status').filter({ hasText: 'added to cart' });
  await slow(added).toBeVisible();
  await pickAnotherStore(page, store.store_no);
  await expect(added).toHaveCount(0);

  const dialog = page.locator('dialog[open]');
  const confirm = dialog.locator('[data-confirm-change="store"]');
  await slow(confirm).toBeVisible();
  await expect(confirm).toContainText('Changing the store empties your cart.');
  await expect(dialog.locator('[data-confirm-cancel]')).toBeFocused();
  await expectAccessible(page);
  await dialog.locator('[data-confirm-cancel]').click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Escape on the confirm step cancels too, and leaves the modal open.
  await dialog.locator('[data-save-pickup]').click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  expect(await page.evaluate(() => localStorage.getItem('shipping'))).toBe(before);
  await slow(page.locator('[data-cart-count]')).toHaveText('1');
  expect(await cartQuantity(page.request, me, store.store_no, product.code)).toBe(2);
});

test('Continue empties the cart, saves the new store and says why, in EN and AR', async ({ page }) => {
  const { store, me, product } = await shopperWithCart(page);
  await pickAnotherStore(page, store.store_no);
  const dialog = page.locator('dialog[open]');
  await dialog.locator('[data-confirm-continue]').click();
  await slow(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your cart has been emptied because you changed the store.' })).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  expect((await chosenStore(page)).store_no).not.toBe(store.store_no);
  expect(await cartQuantity(page.request, me, store.store_no, product.code)).toBe(0);

  // Arabic, back to the first store.
  const now = await chosenStore(page);
  await fillCart(page.request, me, now.store_no, [{ code: (await productsAt(page.request, now.store_no, 1, 3, undefined, 40))[0]!.code, quantity: 1 }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/');
  await slow(page.locator('[data-cart-count]')).toHaveText('1');
  await pickAnotherStore(page, now.store_no);
  await slow(dialog.locator('[data-confirm-change="store"]')).toContainText('تغيير المتجر يفرغ سلتك');
  await page.screenshot({ path: test.info().outputPath('confirm-ar-390.png') });
  await dialog.locator('[data-confirm-continue]').click();
  await expect(page.getByRole('status').filter({ hasText: 'تم إفراغ سلتك لأنك غيّرت المتجر.' })).toBeVisible();
});

test('no question when the cart is empty: the new store is saved at once', async ({ page }) => {
  const { store, me } = await shopperWithCart(page);
  await fillCart(page.request, me, store.store_no, []);
  await page.reload();
  await slow(page.locator('[data-cart-count]')).toBeHidden();
  await pickAnotherStore(page, store.store_no);
  await slow(page.locator('dialog[open]')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'emptied' })).toHaveCount(0);
  expect((await chosenStore(page)).store_no).not.toBe(store.store_no);
});

test('stock follows the chosen store: none there shows the store, and Add to cart is disabled with that reason', async ({ page }) => {
  await login(page);
  await slow(page.locator('dialog[open] [data-continue]')).toBeEnabled();
  await pickAnotherStore(page, '', false);
  const store = await chosenStore(page);
  const name = await page.evaluate(() => JSON.parse(localStorage.getItem('shipping') ?? 'null').store.store_name as string);
  // A product in stock somewhere (the general state says "In stock") but with none at this store.
  let code = '';
  for (let i = 1; i <= 80 && !code; i++) {
    const c = `P${String(i).padStart(4, '0')}`;
    const here = await page.request.get(`${API}/product_detail/${c}?pickupstore=${store.store_no}`, { headers: API_KEY });
    const anywhere = await page.request.get(`${API}/product_detail/${c}`, { headers: API_KEY });
    if (!here.ok() || !anywhere.ok()) continue;
    if ((await here.json()).data.product_quantity === 0 && (await anywhere.json()).data.product_has_balance === 1) code = c;
  }
  expect(code, 'a product with none at the chosen store').not.toBe('');
  await page.goto(`/product/${code}`);
  const box = page.locator('main [data-buy-box]');
  const pill = box.locator(`[data-stock-state="${code}"]`);
  await slow(pill).toHaveText(`Not available at ${name}`);
  await expect(pill).not.toHaveText('In stock');
  const button = box.locator('form[data-add-to-cart] button:not([type=button])');
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('Out of stock');
  await expect(button).toHaveAttribute('aria-describedby', (await pill.getAttribute('id'))!);
  await expect(box.locator('input[name="quantity"]')).toBeDisabled();
  await expect(page.locator('[data-availability]')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('store-stock-en.png') });

  // The same product's card on its line page says so too.
  const card = page.locator(`[data-product-card="${code}"]`).first();
  await page.goto((await box.locator('p.text-sm a').last().getAttribute('href')) ?? '/');
  if (await card.count()) {
    await slow(card.locator(`[data-stock-state="${code}"]`)).toHaveText(`Not available at ${name}`);
    await expect(card.locator('button[form="card-cart"]')).toBeDisabled();
  }
});
