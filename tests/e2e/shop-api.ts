/**
 * Steps the checkout and payment journeys share: the shop's own API (as the mobile app calls it)
 * to log in, fill the cart and find products with stock, the store the delivery modal saved, and
 * the way from the cart to the checkout.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatAmount, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { E2E_OPS_TOKEN } from '../../playwright.config';

export const API = '/api/mobile_ecom/xs_api.php';
export const API_KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
const slow = expect.configure({ timeout: 20_000 });

export type Session = { member: string; token: string };
export type Product = { code: string; name: string; priceSen: number; stock: number };

/** Logs in through customer_login: the member code and session token. */
export async function apiLogin(request: APIRequestContext, mobile: string, password: string): Promise<Session> {
  const res = await request.post(`${API}/customer_login`, { headers: API_KEY, data: [{ mobile, password }] });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { token: string; member_code: string };
  return { member: json.member_code, token: json.token };
}
export const auth = (s: Session) => ({ ...API_KEY, authorization: `Bearer ${s.token}` });

/** The store the delivery modal saved (localStorage `shipping`). */
export async function chosenStore(page: Page): Promise<{ store_no: string; store_code: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('shipping') ?? 'null').store);
}

/**
 * `count` products from code P{from} on (the stock tests start further down the catalogue than the
 * other journeys, whose first pick they would otherwise sell out) with at least `minStock` units at the store, price (sen) and units accepted by `fits`, in product-code order. */
export async function productsAt(request: APIRequestContext, storeNo: string, count: number, minStock: number, fits = (_priceSen: number, _stock: number) => true, from = 1): Promise<Product[]> {
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
export async function fillCart(request: APIRequestContext, me: Session, storeNo: string, lines: { code: string; quantity: number }[]) {
  expect((await request.post(`${API}/clear_cart/${me.member}`, { headers: auth(me), data: [] })).status()).toBe(200);
  for (const l of lines) {
    const res = await request.post(`${API}/add_cart/${me.member}?store=${storeNo}`, { headers: auth(me), data: [{ product_code: l.code, product_number: l.quantity }] });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * Empties a member's cart (the demo member's by default). Files share the demo member and their
 * worker's shop: a line another file left, up to the stock left, would change what adding gives.
 */
export async function emptyCart(request: APIRequestContext, mobile = '0123456789', password = 'demo1234') {
  const me = await apiLogin(request, mobile, password);
  expect((await request.post(`${API}/clear_cart/${me.member}`, { headers: auth(me), data: [] })).status()).toBe(200);
}

/** The cart's quantity of a product at the store (0 when the line is gone). */
export async function cartQuantity(request: APIRequestContext, me: Session, storeNo: string, code: string): Promise<number> {
  const res = await request.get(`${API}/get_cart/${me.member}?store=${storeNo}`, { headers: auth(me) });
  const { data } = (await res.json()) as { data: { items: { product_code: string; product_quantity: number }[] } };
  return data.items.find((i) => i.product_code === code)?.product_quantity ?? 0;
}


/** From the cart page to the checkout with every line selected; waits for the total. */
export async function toCheckout(page: Page, prefix = '') {
  await page.goto(`${prefix}/cart`);
  // Clicked once the cart island has hydrated: a click while it hydrates could be lost on a busy machine.
  await slow(page.locator('astro-island:has([data-checkout])')).not.toHaveAttribute('ssr');
  await page.locator('a[data-checkout]').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?items=`));
  await slow(page.locator('[data-order-total]')).toContainText('RM');
  // Its buttons (the voucher picker's among them) answer once the checkout island has hydrated.
  await slow(page.locator('astro-island:has([data-place-order])')).not.toHaveAttribute('ssr');
}


let orders = 0;
/**
 * A member orders `lines` for pick-up at the store through the shop's API (the earliest slot), as
 * the mobile app does; its order number. Priced the way a client prices it (domain/totals).
 */
export async function apiPickupOrder(request: APIRequestContext, member: Session, storeNo: string, lines: { code: string; priceSen: number; quantity: number }[]): Promise<string> {
  const settings = ((await (await request.get(`${API}/self_pickup_min_time`, { headers: API_KEY })).json()) as { data: Parameters<typeof earliestPickupDate>[0] }).data;
  const now = new Date();
  const date = earliestPickupDate(settings, now)!;
  const t = orderTotals({ subtotalSen: lines.reduce((s, l) => s + l.priceSen * l.quantity, 0), deliverySen: 0 });
  const res = await request.post(`${API}/add_order/${member.member}`, {
    headers: auth(member),
    data: {
      idempotency_key: `e2e-api-order-${Date.now()}-${++orders}`, order_del_type: 'PICKUP', store: storeNo,
      order_amount: formatAmount(t.totalSen), order_rounding: formatAmount(t.roundingSen), order_delivery_charges: '0.00', order_voucher_amount: '0.00',
      order_del_pickup_date: date, order_del_pickup_time: pickupTimeSlots(date, settings, now)[0],
      product: lines.map((l) => ({ product_code: l.code, product_quantity: l.quantity, product_price: formatAmount(l.priceSen), product_amount: formatAmount(l.priceSen * l.quantity) })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { order_refno: string }).order_refno;
}

/**
 * The latest 6-digit code texted to `mobile` ('0112345678'), read from the shop's SMS outbox as
 * staff do (ops_sms_outbox, `npm run ops -- sms`) with the test server's operator token.
 */
export async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get(`${API}/ops/sms_outbox?to=${mobile}`, { headers: { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { message: string }[] };
  const code = /\b(\d{6})\b/.exec(data[0]?.message ?? '')?.[1];
  expect(code, JSON.stringify(data[0])).toBeTruthy();
  return code!;
}

/** Registers a member through insert_customer and verifies the number with the code from the outbox (a new member must, before ordering). */
export async function apiRegisterVerified(request: APIRequestContext, mobile: string, password: string, name = 'Other shopper'): Promise<void> {
  const reg = await request.post(`${API}/insert_customer`, {
    headers: API_KEY,
    data: { customer_firstname: name, customer_mobile: mobile, password, confirm_password: password, customer_email: '', bill_platform: 'website' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const verified = await request.post(`${API}/verify_phone`, { headers: API_KEY, data: { mobile, code: await smsCode(request, mobile) } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The first product line's code, as HQ reads the catalogue's structure (`token`: a staff or the operators' token). */
export async function firstLine(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`${API}/ops/catalogue/structure`, { headers: { ...API_KEY, authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { lines: { line_code: string }[] }[] }).data.flatMap((g) => g.lines)[0]!.line_code;
}
