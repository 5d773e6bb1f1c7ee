/**
 * Points an online order earns and gives back (coverage.md §1 points; src/domain/points.ts
 * `orderPointsEffect`; src/server/xs-api/services/orders/points.ts): earned once when the order
 * becomes Paid, whichever path (a provider's callback, the zero-amount confirmation), reversed when
 * staff cancel a paid order (never below 0), nothing for an unpaid order cancelled; replays and
 * concurrent notifications never earn or reverse twice. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the races are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_PAYMENT_SECRET, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { customers, orders, payments, pointTransactions } from '../../src/server/xs-api/db/schema';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';
import { applyOrderPoints } from '../../src/server/xs-api/services/orders/points';
import { signCallback, SANDBOX_SIGNATURE_HEADER } from '../../src/server/xs-api/adapters/payment/signature';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { pointsEarned } from '../../src/domain/points';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;
const WEBHOOK = `http://in-process${API_BASE}/payment_webhook_sandbox`;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
});
afterAll(() => h.close());

async function balance() {
  const [c] = await h.db.select({ points: customers.points }).from(customers).where(eq(customers.memberCode, M));
  return c!.points;
}
async function entries(refno: string) {
  return h.db.select().from(pointTransactions).where(eq(pointTransactions.orderRefno, refno)).orderBy(pointTransactions.createdAt);
}
async function subtotalOf(refno: string) {
  const [o] = await h.db.select({ subtotalSen: orders.subtotalSen }).from(orders).where(eq(orders.orderRefno, refno));
  return o!.subtotalSen;
}
/** A signed sandbox 'payment.approved' callback for attempt `ref` of `amount` sen, event id `id`. */
function approved(id: string, ref: string, amount: number) {
  const at = clock.now();
  const body = JSON.stringify({ id, type: 'payment.approved', created: Math.floor(at.getTime() / 1000), data: { id: ref, reference: 'x', amount, currency: 'MYR', status: 'approved' } });
  return h.app.fetch(new Request(WEBHOOK, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signCallback(body, TEST_PAYMENT_SECRET, at) } }));
}
/** Pay Now: the attempt the provider will call back about. */
async function startPayment(refno: string) {
  const r = await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}?return_origin=${encodeURIComponent('https://shop.example.my')}`, { token });
  expect(r.status).toBe(200);
  const [p] = await h.db.select().from(payments).where(eq(payments.paymentId, r.json.payment_id));
  return p!;
}

describe('points earned when an order is paid', () => {
  it('earns 1 point per whole RM1 of the product subtotal once, in the history and the balance', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0001', 'P0002']);
    const before = await balance();
    expect(await entries(refno)).toEqual([]);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system', reason: 'zero amount' });
    const earned = pointsEarned(await subtotalOf(refno));
    expect(earned).toBeGreaterThan(0);
    expect(await balance()).toBe(before + earned);
    const rows = await entries(refno);
    expect(rows.map((r) => [r.kind, r.points, r.description])).toEqual([['earn', earned, `Order ${refno}`]]);
    const history = await h.call(`points_history/${M}`, { token });
    expect(history.json.customer_point).toBe(before + earned);
    expect(history.json.data[0]).toMatchObject({ transno: rows[0]!.transNo, points: earned, balance_after: before + earned });
  });

  it('earns once when ten different paid notifications for one order race (webhook)', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0003']);
    const attempt = await startPayment(refno);
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approved(`evt_points_${i}`, attempt.providerRef!, attempt.amountSen)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [o] = await h.db.select({ status: orders.status }).from(orders).where(eq(orders.orderRefno, refno));
    expect(o!.status).toBe('Paid');
    const earned = pointsEarned(await subtotalOf(refno));
    expect(await entries(refno)).toHaveLength(1);
    expect(await balance()).toBe(before + earned);
  });

  it('earns once when the same order is confirmed paid ×10 concurrently', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0004']);
    const before = await balance();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await entries(refno)).toHaveLength(1);
    expect(await balance()).toBe(before + pointsEarned(await subtotalOf(refno)));
  });

  it('a replayed earn (the unique order and kind) changes nothing', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0005']);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' });
    const before = await balance();
    const again = await applyOrderPoints(h.db, { orderRefno: refno, memberCode: M, from: 'Pending', to: 'Paid', now: clock.now() });
    expect(again).toBeNull();
    expect(await balance()).toBe(before);
    expect(await entries(refno)).toHaveLength(1);
  });
});

describe('points reversed when a paid order is cancelled', () => {
  it('reverses what the order earned, once, in the same change as the cancel', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0006', 'P0007']);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' });
    const earned = pointsEarned(await subtotalOf(refno));
    const before = await balance();
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Cancelled', actor: 'operator', reason: 'out of stock' });
    expect(await balance()).toBe(before - earned);
    expect((await entries(refno)).map((r) => [r.kind, r.points])).toEqual([['earn', earned], ['reverse', -earned]]);
    // A second cancel is refused by the order's life, and a replayed reversal changes nothing.
    await expect(changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Cancelled', actor: 'operator' })).rejects.toThrow();
    expect(await applyOrderPoints(h.db, { orderRefno: refno, memberCode: M, from: 'Paid', to: 'Cancelled', now: clock.now() })).toBeNull();
    expect(await balance()).toBe(before - earned);
    expect(await entries(refno)).toHaveLength(2);
  });

  it('never takes the balance below 0: takes what is left and records the shortfall', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0008', 'P0009']);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' });
    const earned = pointsEarned(await subtotalOf(refno));
    expect(earned).toBeGreaterThan(3);
    // The member spends nearly everything first.
    await h.db.update(customers).set({ points: 3 }).where(eq(customers.memberCode, M));
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Cancelled', actor: 'operator' });
    expect(await balance()).toBe(0);
    const [reverse] = await h.db.select().from(pointTransactions).where(and(eq(pointTransactions.orderRefno, refno), eq(pointTransactions.kind, 'reverse')));
    expect(reverse!.points).toBe(-3);
    expect(reverse!.description).toBe(`Reversed: order ${refno} cancelled (${earned - 3} points already spent)`);
    await h.db.update(customers).set({ points: 1000 }).where(eq(customers.memberCode, M));
  });

  it('an unpaid order cancelled earns nothing and reverses nothing', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0010']);
    const before = await balance();
    const r = await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: refno } });
    expect(r.status).toBe(200);
    expect(await entries(refno)).toEqual([]);
    expect(await balance()).toBe(before);
  });
});
