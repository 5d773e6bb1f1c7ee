/**
 * Places a store pick-up order through the API (as tests/api/orders.test.ts does), for tests that
 * need a purchase first: reviews need one (coverage.md §7 add_review), received (`receivePickupOrder`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { TEST_PAYMENT_SECRET, type Harness } from './harness';
import { chooseSandboxOutcome } from '../../src/server/payment-sandbox/page';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { products, stores, storeStock } from '../../src/server/xs-api/db/schema';
import { formatAmount } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { addDays } from '../../src/domain/shop-time';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';
import { clock } from '../../src/server/clock';

let n = 0;

/**
 * A pick-up slot still bookable minutes from now, whatever the time of day: the first time on the
 * first bookable date after the earliest one (the earliest date's first slot expires on the next
 * half hour, and a file that keeps a slot from its beforeAll may run past that).
 */
export function lastingPickupSlot(settings: Parameters<typeof earliestPickupDate>[0], now = clock.now()): { date: string; time: string } {
  let date = earliestPickupDate(settings, now)!;
  do date = addDays(date, 1);
  while (pickupTimeSlots(date, settings, now).length === 0);
  return { date, time: pickupTimeSlots(date, settings, now)[0]! };
}

/**
 * Orders one unit of each product at outlet S001 (stock there set to 20 first) for the logged-in
 * member; returns the order_refno. Throws with the API's answer when the order is refused.
 */
export async function placePickupOrder(h: Harness, token: string, member: string, codes: string[]): Promise<string> {
  const [store] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
  await h.db.update(storeStock).set({ quantity: 20 }).where(and(eq(storeStock.storeCode, 'S001'), inArray(storeStock.productCode, codes)));
  const rows = await h.db.select().from(products).where(inArray(products.productCode, codes));
  const settings = (await h.call('self_pickup_min_time')).json.data;
  const now = clock.now();
  const date = earliestPickupDate(settings, now)!;
  const lines = codes.map((code) => rows.find((r) => r.productCode === code)!);
  const totals = orderTotals({ subtotalSen: lines.reduce((s, l) => s + l.finalPriceSen, 0), deliverySen: 0 });
  const r = await h.call(`add_order/${member}`, {
    token,
    body: {
      idempotency_key: `review-test-${++n}-${clock.ms()}`,
      order_del_type: 'PICKUP',
      store: store!.storeNo,
      order_amount: formatAmount(totals.totalSen),
      order_rounding: formatAmount(totals.roundingSen),
      order_delivery_charges: '0.00',
      order_voucher_amount: '0.00',
      order_del_pickup_date: date,
      order_del_pickup_time: pickupTimeSlots(date, settings, now)[0],
      product: lines.map((l) => ({ product_code: l.productCode, product_quantity: 1, product_price: formatAmount(l.finalPriceSen), product_amount: formatAmount(l.finalPriceSen) })),
    },
  });
  if (r.status !== 200) throw new Error(`order refused: ${JSON.stringify(r.json)}`);
  return r.json.order_refno as string;
}

/**
 * Moves a Pending pick-up order to Waiting Comment as its life would (src/domain/order-status.ts):
 * paid (the system confirms it), ready at the store and collected (staff). Reviews need it there.
 */
export async function receivePickupOrder(h: Harness, refno: string): Promise<void> {
  await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system', reason: 'test: paid' });
  await changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Ready To Pickup', actor: 'operator' });
  await changeOrderStatus(h.db, { orderRefno: refno, from: 'Ready To Pickup', to: 'Waiting Comment', actor: 'operator', reason: 'collected' });
}

/**
 * Pays order `refno` in the sandbox as its member would: Pay Now, then Approve on the hosted page,
 * whose signed callback reaches the app. Returns the sandbox payment's id.
 */
export async function payInSandbox(h: Harness, as: { member: string; token: string }, refno: string): Promise<string> {
  const r = await h.call(`get_update_order_status_paid_sandbox_url/${as.member}/${refno}`, { token: as.token });
  const id = new URL(r.json.url).pathname.split('/').pop()!;
  const deps = { db: async () => h.db, secret: TEST_PAYMENT_SECRET, webhookUrl: `http://x${API_BASE}/payment_webhook_sandbox`, send: async (q: Request) => h.app.fetch(q) };
  await chooseSandboxOutcome(deps, id, new Request(r.json.url, { method: 'POST', body: new URLSearchParams({ outcome: 'approve' }) }));
  return id;
}
