/**
 * Fixtures for the order tests: members with sessions, stock at an outlet, and add_order bodies
 * priced the way a client prices them (src/domain/totals.ts), for store pick-up.
 */
import { and, eq } from 'drizzle-orm';
import { DEMO_MEMBER, type Harness } from './harness';
import { customers, products, storeStock } from '../../src/server/xs-api/db/schema';
import { formatAmount } from '../../src/domain/money';
import { lineAmount, orderTotals, subtotal } from '../../src/domain/totals';

/** A product line of a test order: unit price in sen and quantity. */
export type Line = { code: string; priceSen: number; qty: number };

/** A logged-in member. */
export type Member = { member: string; token: string };

let keys = 0;

/** A fresh idempotency key. */
export function newKey(prefix = 'test-key'): string {
  return `${prefix}-${++keys}-${Date.now()}`;
}

/** Sets the units of a product at an outlet, creating the stock row when there is none. */
export async function setStock(h: Harness, storeCode: string, productCode: string, quantity: number): Promise<void> {
  await h.db
    .insert(storeStock)
    .values({ storeCode, productCode, quantity })
    .onConflictDoUpdate({ target: [storeStock.storeCode, storeStock.productCode], set: { quantity } });
}

/** `count` active products in product-code order from `offset`, as one-unit lines. */
export async function catalogueLines(h: Harness, offset: number, count: number): Promise<Line[]> {
  const rows = await h.db.select().from(products).where(eq(products.isActive, true)).orderBy(products.productCode).limit(count).offset(offset);
  if (rows.length < count) throw new Error(`only ${rows.length} products from offset ${offset}`);
  return rows.map((r) => ({ code: r.productCode, priceSen: r.finalPriceSen, qty: 1 }));
}

/**
 * Creates `count` members (codes T0001…, mobiles 0170000001…) with the demo member's password hash
 * (the service's argon2id hash of the demo password), then logs each in through customer_login.
 */
export async function createMembers(h: Harness, count: number, prefix = 'T'): Promise<Member[]> {
  const [demo] = await h.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.memberCode, DEMO_MEMBER.memberCode));
  const rows = Array.from({ length: count }, (_, i) => ({
    memberCode: `${prefix}${String(i + 1).padStart(4, '0')}`,
    firstName: `Shopper ${i + 1}`,
    mobile: `017${prefix.charCodeAt(0) % 10}${String(i + 1).padStart(6, '0')}`,
    passwordHash: demo!.hash,
  }));
  await h.db.insert(customers).values(rows);
  return Promise.all(rows.map(async (r) => ({ member: r.memberCode, token: (await h.login(r.mobile, DEMO_MEMBER.password)).token })));
}

/** Units of a product at an outlet (0 without a row). */
export async function stockAt(h: Harness, storeCode: string, productCode: string): Promise<number> {
  const [r] = await h.db
    .select({ q: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeCode, storeCode), eq(storeStock.productCode, productCode)));
  return r?.q ?? 0;
}

/** An add_order body for a store pick-up of `lines` at outlet `storeNo`, amounts as a client computes them. */
export function pickupOrderBody(lines: Line[], at: { storeNo: string; date: string; time: string }, extra: Record<string, unknown> = {}) {
  const t = orderTotals({ subtotalSen: subtotal(lines.map((l) => ({ priceSen: l.priceSen, quantity: l.qty }))), deliverySen: 0 });
  return {
    idempotency_key: newKey(),
    order_del_type: 'PICKUP',
    store: at.storeNo,
    order_amount: formatAmount(t.totalSen),
    order_rounding: formatAmount(t.roundingSen),
    order_delivery_charges: '0.00',
    order_voucher_amount: '0.00',
    order_del_pickup_date: at.date,
    order_del_pickup_time: at.time,
    product: lines.map((l) => ({ product_code: l.code, product_quantity: l.qty, product_price: formatAmount(l.priceSen), product_amount: formatAmount(lineAmount(l.priceSen, l.qty)) })),
    ...extra,
  };
}
