/**
 * Buy again (docs/coverage.md "Buy again"): from the order page (English, desktop) and the orders
 * list (Arabic, phone) the order's items go back in the cart at the chosen store and /cart says
 * what did not go in whole; without JavaScript too; another member's order is refused and changes
 * nothing; a guest cannot. Axe on the order page, the orders list and the cart with its notes.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';
import { API, apiLogin, apiPickupOrder, auth, cartQuantity, chosenStore, fillCart, productsAt, type Session } from './shop-api';

const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** Another member's seeded order (src/server/xs-api/db/seed/orders.ts). */
const OTHERS_ORDER = 'WEB2610050001';
/** Products this file orders, from this code on: other browser tests do not count their stock. */
const FROM = 70;

/** The member's cart lines at the store, sorted: [code, quantity]. */
async function cartLines(page: import('@playwright/test').Page, me: Session, storeNo: string): Promise<[string, number][]> {
  const res = await page.request.get(`${API}/get_cart/${me.member}?store=${storeNo}`, { headers: auth(me) });
  const { data } = (await res.json()) as { data: { items: { product_code: string; product_quantity: number }[] } };
  return data.items.map((i): [string, number] => [i.product_code, i.product_quantity]).sort();
}

test.describe('English, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('from the order page: the items in the cart, a line short of stock noted on /cart', async ({ page }) => {
    await loginWithDelivery(page, 'PICKUP');
    const store = await chosenStore(page);
    const me = await apiLogin(page.request, '0123456789', 'demo1234');
    const [a, b] = await productsAt(page.request, store.store_no, 2, 6, undefined, FROM);
    const refno = await apiPickupOrder(page.request, me, store.store_no, [{ code: a!.code, priceSen: a!.priceSen, quantity: 1 }, { code: b!.code, priceSen: b!.priceSen, quantity: 2 }]);
    // The order took 2 of b; the cart already holds all but one of what is left.
    const leftOfB = b!.stock - 2;
    await fillCart(page.request, me, store.store_no, [{ code: b!.code, quantity: leftOfB - 1 }]);

    await page.goto(`/account/orders/${refno}`);
    const button = page.locator('[data-buy-again]');
    await expect(button).toHaveText('Buy again');
    await expect(button).toHaveAccessibleName(`Buy order ${refno} again`);
    await expectAccessible(page);
    await button.click();
    await slow(page).toHaveURL(/\/cart$/);
    const notes = page.locator('[data-buy-again-notes]');
    await expect(notes.locator('[data-buy-again-done]')).toHaveText(`The items of order \u2068${refno}\u2069 are in your cart at today's prices.`);
    await expect(notes.locator('[data-buy-again-note]')).toHaveCount(1);
    await expect(notes.locator(`[data-buy-again-note="short"][data-code="${b!.code}"]`)).toContainText(`1 of 2 added; your cart now holds all this store has.`);
    expect(await cartQuantity(page.request, me, store.store_no, a!.code)).toBe(1);
    expect(await cartQuantity(page.request, me, store.store_no, b!.code)).toBe(leftOfB);
    await expect(page.locator('main').getByText(a!.name).first()).toBeVisible();
    await expectAccessible(page);
    // Taken once: a reload shows the cart without the notes.
    await page.reload();
    await expect(page.locator('[data-buy-again-notes]')).toHaveCount(0);
  });

  test('works without JavaScript: the form posts, /cart shows what went in', async ({ page, browser }) => {
    await loginWithDelivery(page, 'PICKUP');
    const store = await chosenStore(page);
    const me = await apiLogin(page.request, '0123456789', 'demo1234');
    const [a] = await productsAt(page.request, store.store_no, 1, 3, undefined, FROM + 10);
    const refno = await apiPickupOrder(page.request, me, store.store_no, [{ code: a!.code, priceSen: a!.priceSen, quantity: 1 }]);
    await fillCart(page.request, me, store.store_no, []);
    const noJs = await (browser as Browser).newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: new URL(page.url()).origin });
    const plain = await noJs.newPage();
    await plain.goto('/account/orders');
    await plain.locator(`[data-order="${refno}"] [data-buy-again]`).click();
    await expect(plain).toHaveURL(/\/cart$/);
    await expect(plain.locator('[data-buy-again-done]')).toContainText(refno);
    await expect(plain.locator('[data-buy-again-note]')).toHaveCount(0);
    expect(await cartQuantity(page.request, me, store.store_no, a!.code)).toBe(1);
    await noJs.close();
  });

  test("another member's order is refused as unknown and no cart changes; a guest cannot", async ({ page, request }) => {
    await loginWithDelivery(page, 'PICKUP');
    const store = await chosenStore(page);
    const me = await apiLogin(page.request, '0123456789', 'demo1234');
    const before = await cartLines(page, me, store.store_no);
    await page.goto('/account/orders');
    // A form changed by hand to name someone else's order.
    const form = page.locator('[data-buy-again-form]').first();
    await form.locator('input[name="order_refno"]').evaluate((el, refno) => ((el as HTMLInputElement).value = refno), OTHERS_ORDER);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.locator('button').click();
    expect((await answer).status()).toBe(404);
    await expect(page.locator('[data-buy-again-refusal]')).toBeVisible();
    expect(await cartLines(page, me, store.store_no)).toEqual(before);

    const origin = new URL(page.url()).origin;
    // The `request` fixture carries no session: a guest.
    const guest = await request.fetch(`${origin}/account/orders?_action=cart.buyAgain`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      data: `order_refno=${OTHERS_ORDER}`,
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(guest.status());
    expect(guest.headers().location ?? '').not.toContain('/cart');
  });
});

test.describe('Arabic, phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('from the orders list: the items in the cart, the notes in Arabic', async ({ page }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    const store = await chosenStore(page);
    const me = await apiLogin(page.request, '0123456789', 'demo1234');
    const [a] = await productsAt(page.request, store.store_no, 1, 3, undefined, FROM + 20);
    const refno = await apiPickupOrder(page.request, me, store.store_no, [{ code: a!.code, priceSen: a!.priceSen, quantity: 1 }]);
    await fillCart(page.request, me, store.store_no, []);
    await page.goto('/ar/account/orders');
    const button = page.locator(`[data-order="${refno}"] [data-buy-again]`);
    await expect(button).toHaveText('اشترِ مجددًا');
    await expectAccessible(page);
    await button.click();
    await slow(page).toHaveURL(/\/ar\/cart$/);
    await expect(page.locator('[data-buy-again-done]')).toHaveText(`أُضيفت منتجات الطلب \u2068${refno}\u2069 إلى سلتك بأسعار اليوم.`);
    expect(await cartQuantity(page.request, me, store.store_no, a!.code)).toBe(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);
  });
});
