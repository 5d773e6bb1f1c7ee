/**
 * Vouchers and stock at checkout (coverage.md §2 Checkout "voucher picker", Modals "out-of-stock"; §4
 * Checkout and Out-of-stock modal), in EN on a desktop and AR (right to left) on a phone:
 * - a voucher below its minimum spend is shown greyed with its reason and cannot be chosen;
 * - a pick-up order with the demo member's voucher shows the discount, and the placed order
 *   carries it;
 * - when another shopper buys the stock between cart and checkout (a second member ordering
 *   through the shop's API, as the mobile app does), the out-of-stock modal offers its three
 *   choices: cancel (back to the cart), change the quantities to what is available (the cart
 *   follows) and proceed with the remaining items.
 * The tests share the demo member and run in order: the second test uses the voucher, then cancels
 * its order, which gives the voucher back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO, expectAccessible, loginWithDelivery } from './helpers';
import { API, apiLogin, apiPickupOrder, apiRegisterVerified, auth, cartQuantity, chosenStore, fillCart, productsAt, toCheckout, type Product } from './shop-api';
import { formatExactPrice, formatPrice } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';

/** The demo member's active voucher (seed): RM5OFF, RM 5.00 off from RM 30.00 of products. */
const VOUCHER = 'VM000001';
/** Where the stock tests pick their products: away from the first products other journeys buy. */
const OOS_FROM = 25;
const slow = expect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// The demo member's cart is shared with the other journeys: leave it empty.
test.afterAll(async ({ request }) => {
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  expect((await request.post(`${API}/clear_cart/${me.member}`, { headers: auth(me), data: [] })).status()).toBe(200);
});

let shopperNo = 0;
/** Another shopper buys `quantity` units of a product at the store through the shop's API (a registered member ordering a pick-up). */
async function someoneBuys(request: APIRequestContext, store: { store_no: string }, product: Product, quantity: number) {
  const mobile = `011${String(Date.now()).slice(-7)}${++shopperNo % 10}`;
  await apiRegisterVerified(request, mobile, 'secret12');
  const other = await apiLogin(request, mobile, 'secret12');
  await apiPickupOrder(request, other, store.store_no, [{ ...product, quantity }]);
}


async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a voucher below its minimum spend is greyed with the reason and cannot be chosen', async ({ page, request }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    const store = await chosenStore(page);
    const me = await apiLogin(request, DEMO.mobile, DEMO.password);
    const [cheap] = await productsAt(request, store.store_no, 1, 1, (sen) => sen < 3000);
    await fillCart(request, me, store.store_no, [{ code: cheap!.code, quantity: 1 }]);
    await toCheckout(page, '/ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('[data-voucher-open]').click();
    const option = page.locator(`dialog[open] [data-voucher-option="${VOUCHER}"]`);
    await expect(option).toBeVisible();
    await expect(option).toBeDisabled();
    await expect(option.locator('[data-voucher-reason]')).toHaveText(`أضف ${formatExactPrice(3000 - cheap!.priceSen)} أخرى لاستخدام هذه القسيمة`);
    await expect(option.locator('[data-voucher-value]')).toContainText('RM 5.00');
    await expectAccessible(page);
    await noSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(page.locator('[data-discount]')).toHaveCount(0);
  });
});

test('a pick-up order with the member voucher shows the discount, and the placed order carries it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'PICKUP');
  const store = await chosenStore(page);
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  // One product whose units on hand reach the voucher's RM 30.00 minimum spend.
  const [product] = await productsAt(request, store.store_no, 1, 1, (sen, stock) => sen * stock >= 3000);
  const quantity = Math.ceil(3000 / product!.priceSen);
  await fillCart(request, me, store.store_no, [{ code: product!.code, quantity }]);
  await toCheckout(page);
  const subtotalSen = product!.priceSen * quantity;

  await page.locator('[data-voucher-open]').click();
  const option = page.locator(`dialog[open] [data-voucher-option="${VOUCHER}"]`);
  await expect(option).toBeEnabled();
  await expect(option).toContainText('Min. spend RM 30.00');
  await option.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await slow(page.locator('[data-discount]')).toContainText('-RM 5.00');
  await expect(page.locator(`[data-voucher-chosen="${VOUCHER}"]`)).toContainText('RM5 off');
  // The focus is not lost with the modal: it is on Remove voucher, a target of at least 24 px.
  await expect(page.locator('[data-voucher-remove]')).toBeFocused();
  expect((await page.locator('[data-voucher-remove]').boundingBox())!.height).toBeGreaterThanOrEqual(24);
  const expectedTotal = formatPrice(orderTotals({ subtotalSen, deliverySen: 0, voucher: '5.00' }).totalSen);
  await expect(page.locator('[data-order-total]')).toHaveText(expectedTotal);

  // Removing it takes the discount away; choosing it again brings it back.
  await page.locator('[data-voucher-remove]').click();
  await expect(page.locator('[data-discount]')).toHaveCount(0);
  await expect(page.locator('[data-voucher-open]')).toBeFocused();
  expect((await page.locator('[data-voucher-open]').boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await page.locator('[data-voucher-open]').click();
  await page.locator(`dialog[open] [data-voucher-option="${VOUCHER}"]`).click();
  await slow(page.locator('[data-discount]')).toContainText('-RM 5.00');

  const placed = page.waitForRequest(/\/_actions\/checkout(\.|%2E)placeOrder/);
  await page.locator('[data-place-order]').click();
  const body = (await placed).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ order_voucher_no: VOUCHER, order_voucher_amount: '5.00' });
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
  await expect(page.getByText('-RM 5.00')).toBeVisible();
  const refno = (await page.locator('[data-success-refno]').textContent())!.trim();
  const order = (await (await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) })).json()) as { data: Record<string, unknown> };
  expect(order.data).toMatchObject({ order_voucher_no: VOUCHER, order_voucher_code: 'RM5OFF', order_voucher_amount: '5.00', order_amount: expectedTotal.replace('RM ', '') });
  // Used now: the picker no longer offers it.
  const vouchers = (await (await request.get(`${API}/member_voucher/${me.member}`, { headers: auth(me) })).json()) as { data: { vm_voucher_no: string }[] };
  expect(vouchers.data.map((v) => v.vm_voucher_no)).not.toContain(VOUCHER);
  // Cancelling the order gives the voucher back (and leaves the demo member's voucher for a retry).
  const cancelled = await request.post(`${API}/update_order_status_cancelled/${me.member}`, { headers: auth(me), data: { order_refno: refno } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const after = (await (await request.get(`${API}/member_voucher/${me.member}`, { headers: auth(me) })).json()) as { data: { vm_voucher_no: string }[] };
  expect(after.data.map((v) => v.vm_voucher_no)).toContain(VOUCHER);
});

test('out of stock at submit: cancel goes back to the cart; changing to the available quantity updates the cart and the order goes through', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginWithDelivery(page, 'PICKUP');
  const store = await chosenStore(page);
  const me = await apiLogin(request, DEMO.mobile, DEMO.password);
  const [product] = await productsAt(request, store.store_no, 1, 6, undefined, OOS_FROM);
  await fillCart(request, me, store.store_no, [{ code: product!.code, quantity: product!.stock }]);
  await toCheckout(page);
  await someoneBuys(request, store, product!, 2);

  await page.locator('[data-place-order]').click();
  const modal = page.locator('dialog[open] [data-oos-modal]');
  await slow(modal).toBeVisible();
  const line = modal.locator(`[data-oos-line="${product!.code}"]`);
  await expect(line).toContainText(product!.name);
  await expect(line.locator('[data-oos-asked]')).toHaveText(`Ordered ${product!.stock}`);
  await expect(line.locator('[data-oos-available]')).toHaveText(`Available ${product!.stock - 2}`);
  // The only line is short: nothing would remain, so proceeding is not offered.
  await expect(modal.locator('[data-oos-proceed]')).toBeDisabled();
  await expectAccessible(page);
  await modal.locator('[data-oos-cancel]').click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await cartQuantity(request, me, store.store_no, product!.code)).toBe(product!.stock);

  await toCheckout(page);
  await page.locator('[data-place-order]').click();
  await slow(modal).toBeVisible();
  await modal.locator('[data-oos-change]').click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await slow.poll(() => cartQuantity(request, me, store.store_no, product!.code)).toBe(product!.stock - 2);
  await expect(page.locator('aside li').filter({ hasText: product!.name })).toContainText(`× ${product!.stock - 2}`);
  await expect(page.locator('[data-order-total]')).toHaveText(formatPrice(orderTotals({ subtotalSen: product!.priceSen * (product!.stock - 2), deliverySen: 0 }).totalSen));
  await page.locator('[data-place-order]').click();
  await slow(page).toHaveURL(/\/order-success\?order=WEB\d+/);
});

test.describe('in Arabic on a phone, with two lines', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('proceeding with the remaining items places the order without the line that ran out', async ({ page, request }) => {
    await loginWithDelivery(page, 'PICKUP', '/ar');
    const store = await chosenStore(page);
    const me = await apiLogin(request, DEMO.mobile, DEMO.password);
    const [gone, kept] = await productsAt(request, store.store_no, 2, 2, undefined, OOS_FROM);
    await fillCart(request, me, store.store_no, [{ code: gone!.code, quantity: gone!.stock }, { code: kept!.code, quantity: 1 }]);
    await toCheckout(page, '/ar');
    await someoneBuys(request, store, gone!, gone!.stock);

    await page.locator('[data-place-order]').click();
    const modal = page.locator('dialog[open] [data-oos-modal]');
    await slow(modal).toBeVisible();
    await expect(modal.locator(`[data-oos-line="${gone!.code}"] [data-oos-available]`)).toHaveText('المتوفر 0');
    await expect(modal.locator(`[data-oos-line="${kept!.code}"]`)).toHaveCount(0);
    await noSidewaysScroll(page);
    await modal.locator('[data-oos-proceed]').click();
    await slow(page).toHaveURL(/\/ar\/order-success\?order=WEB\d+/);
    const refno = (await page.locator('[data-success-refno]').textContent())!.trim();
    const order = (await (await request.get(`${API}/order_detail/${me.member}/${refno}`, { headers: auth(me) })).json()) as { data: { product: { product_code: string }[] } };
    expect(order.data.product.map((p) => p.product_code)).toEqual([kept!.code]);
    // The line that could not be filled stays in the cart.
    expect(await cartQuantity(request, me, store.store_no, gone!.code)).toBe(gone!.stock);
  });
});
