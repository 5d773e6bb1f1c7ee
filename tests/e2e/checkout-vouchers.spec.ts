/**
 * Vouchers and stock at checkout (spec §2 Checkout "voucher picker", Modals "out-of-stock"; §4
 * Checkout and Out-of-stock modal), in EN on a desktop and AR (right to left) on a phone:
 * - a voucher below its minimum spend is shown greyed with its reason and cannot be chosen;
 * - a pick-up order with the demo member's voucher shows the discount, and the placed order
 *   carries it;
 * - when another shopper buys the stock between cart and checkout (a second member ordering
 *   through the shop's API, as the mobile app does), the out-of-stock modal offers its three
 *   choices: cancel (back to the cart), change the quantities to what is available (the cart
 *   follows) and proceed with the remaining items.
 * The tests share the demo member and run in order: the voucher is used by the second test.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseDelivery, DEMO, expectAccessible, login } from './helpers';
import { formatAmount, formatExactPrice, formatPrice, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';

const API = '/api/mobile_ecom/xs_api.php';
const API_KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
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

type Session = { member: string; token: string };
type Product = { code: string; name: string; priceSen: number; stock: number };

async function apiLogin(request: APIRequestContext, mobile: string, password: string): Promise<Session> {
  const res = await request.post(`${API}/customer_login`, { headers: API_KEY, data: [{ mobile, password }] });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { token: string; member_code: string };
  return { member: json.member_code, token: json.token };
}
const auth = (s: Session) => ({ ...API_KEY, authorization: `Bearer ${s.token}` });

/** The store the delivery modal saved (localStorage `shipping`). */
async function chosenStore(page: Page): Promise<{ store_no: string; store_code: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('shipping') ?? 'null').store);
}

/**
 * `count` products from code P{from} on (the stock tests start further down the catalogue than the
 * other journeys, whose first pick they would otherwise sell out) with at least `minStock` units at the store, price (sen) and units accepted by `fits`, in product-code order. */
async function productsAt(request: APIRequestContext, storeNo: string, count: number, minStock: number, fits = (_priceSen: number, _stock: number) => true, from = 1): Promise<Product[]> {
  const found: Product[] = [];
  for (let i = from; i <= from + 60 && found.length < count; i++) {
    const code = `P${String(i).padStart(4, '0')}`;
    const res = await request.get(`${API}/product_detail/${code}?pickupstore=${storeNo}`, { headers: API_KEY });
    if (!res.ok()) continue;
    const { data } = (await res.json()) as { data: { product_name: string; final_price: string; product_quantity: number | null } };
    const stock = data.product_quantity ?? 0;
    const priceSen = toSen(data.final_price);
    if (stock >= minStock && fits(priceSen, stock)) found.push({ code, name: data.product_name, priceSen, stock });
  }
  expect(found.length).toBe(count);
  return found;
}

/** Empties the member's cart, then puts `lines` in it at the store (the cart API, as the cart page does). */
async function fillCart(request: APIRequestContext, me: Session, storeNo: string, lines: { code: string; quantity: number }[]) {
  expect((await request.post(`${API}/clear_cart/${me.member}`, { headers: auth(me), data: [] })).status()).toBe(200);
  for (const l of lines) {
    const res = await request.post(`${API}/add_cart/${me.member}?store=${storeNo}`, { headers: auth(me), data: [{ product_code: l.code, product_number: l.quantity }] });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The cart's quantity of a product at the store (0 when the line is gone). */
async function cartQuantity(request: APIRequestContext, me: Session, storeNo: string, code: string): Promise<number> {
  const res = await request.get(`${API}/get_cart/${me.member}?store=${storeNo}`, { headers: auth(me) });
  const { data } = (await res.json()) as { data: { items: { product_code: string; product_quantity: number }[] } };
  return data.items.find((i) => i.product_code === code)?.product_quantity ?? 0;
}

let shopperNo = 0;
/** Another shopper buys `quantity` units of a product at the store through the shop's API (a registered member ordering a pick-up). */
async function someoneBuys(request: APIRequestContext, store: { store_no: string }, product: Product, quantity: number) {
  const mobile = `011${String(Date.now()).slice(-7)}${++shopperNo % 10}`;
  const reg = await request.post(`${API}/insert_customer`, {
    headers: API_KEY,
    data: { customer_firstname: 'Other shopper', customer_mobile: mobile, password: 'secret12', confirm_password: 'secret12', customer_email: '', bill_platform: 'website' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const other = await apiLogin(request, mobile, 'secret12');
  const settings = ((await (await request.get(`${API}/self_pickup_min_time`, { headers: API_KEY })).json()) as { data: Parameters<typeof earliestPickupDate>[0] }).data;
  const now = new Date();
  const date = earliestPickupDate(settings, now)!;
  const amountSen = product.priceSen * quantity;
  const t = orderTotals({ subtotalSen: amountSen, deliverySen: 0 });
  const res = await request.post(`${API}/add_order/${other.member}`, {
    headers: auth(other),
    data: {
      idempotency_key: `e2e-other-${Date.now()}-${shopperNo}`, order_del_type: 'PICKUP', store: store.store_no,
      order_amount: formatAmount(t.totalSen), order_rounding: formatAmount(t.roundingSen), order_delivery_charges: '0.00', order_voucher_amount: '0.00',
      order_del_pickup_date: date, order_del_pickup_time: pickupTimeSlots(date, settings, now)[0],
      product: [{ product_code: product.code, product_quantity: quantity, product_price: formatAmount(product.priceSen), product_amount: formatAmount(amountSen) }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** From the cart page to the checkout with every line selected; waits for the total. */
async function toCheckout(page: Page, prefix = '') {
  await page.goto(`${prefix}/cart`);
  await page.locator('a[data-checkout]').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?items=`));
  await slow(page.locator('[data-order-total]')).toContainText('RM');
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a voucher below its minimum spend is greyed with the reason and cannot be chosen', async ({ page, request }) => {
    await login(page, '/ar');
    await chooseDelivery(page, 'PICKUP');
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
  await login(page);
  await chooseDelivery(page, 'PICKUP');
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
  const expectedTotal = formatPrice(orderTotals({ subtotalSen, deliverySen: 0, voucher: '5.00' }).totalSen);
  await expect(page.locator('[data-order-total]')).toHaveText(expectedTotal);

  // Removing it takes the discount away; choosing it again brings it back.
  await page.locator('[data-voucher-remove]').click();
  await expect(page.locator('[data-discount]')).toHaveCount(0);
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
});

test('out of stock at submit: cancel goes back to the cart; changing to the available quantity updates the cart and the order goes through', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page);
  await chooseDelivery(page, 'PICKUP');
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
    await login(page, '/ar');
    await chooseDelivery(page, 'PICKUP');
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
