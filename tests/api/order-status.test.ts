/**
 * Applying the order's life (src/server/xs-api/services/orders/status.ts; ADR 9): a change follows
 * the table of src/domain/order-status.ts, names the status it expects so racing actors cannot both
 * win, and leaves an order_events row and a member notification. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the races are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { memberVouchers, notifications, orders } from '../../src/server/xs-api/db/schema';
import { stockAt } from './order-fixtures';
import { changeOrderStatus, orderHistory } from '../../src/server/xs-api/services/orders';
import { ApiError } from '../../src/server/xs-api/errors';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
});
afterAll(() => h.close());

async function statusOf(refno: string) {
  const [o] = await h.db.select({ status: orders.status }).from(orders).where(eq(orders.orderRefno, refno));
  return o!.status;
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('changeOrderStatus', () => {
  it('moves a pick-up order along its life, recording each change and notifying the member', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0001']);
    expect(await statusOf(refno)).toBe('Pending');
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'provider', reason: 'evt_1' });
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Ready To Pickup', actor: 'operator' });
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Ready To Pickup', to: 'Waiting Comment', actor: 'operator', reason: 'collected' });
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Waiting Comment', to: 'Completed', actor: 'member', memberCode: M });
    expect(await statusOf(refno)).toBe('Completed');
    const history = await orderHistory(h.db, refno);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.actor, e.reason])).toEqual([
      ['Pending', 'Paid', 'provider', 'evt_1'],
      ['Paid', 'Ready To Pickup', 'operator', ''],
      ['Ready To Pickup', 'Waiting Comment', 'operator', 'collected'],
      ['Waiting Comment', 'Completed', 'member', ''],
    ]);
    const notes = await h.db.select().from(notifications).where(eq(notifications.memberCode, M));
    const mine = notes.filter((n) => (n.params as { order_refno?: string } | null)?.order_refno === refno);
    expect(mine).toHaveLength(4);
    expect(mine.map((n) => n.kind)).toEqual(['order_status', 'order_status', 'order_status', 'order_status']);
    expect(mine.at(-1)!.body).toBe(`Your order ${refno} is now Completed.`);
  });

  it('refuses a change the table does not allow, or a delivery step for a pick-up, and changes nothing', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0002']);
    expect((await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'member', memberCode: M }))).key).toBe('order_status_refused');
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'provider' });
    expect((await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Delivering', actor: 'operator' }))).key).toBe('order_status_refused');
    expect((await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Pending', actor: 'operator' }))).key).toBe('order_status_refused');
    expect(await statusOf(refno)).toBe('Paid');
    expect(await orderHistory(h.db, refno)).toHaveLength(1);
  });

  it("answers 404 for another member's order and 409 when the order has moved on", async () => {
    const refno = await placePickupOrder(h, token, M, ['P0003']);
    const other = await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: 'SOMEONE-ELSE' }));
    expect([other.status, other.key]).toEqual([404, 'order_not_found']);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: M });
    const late = await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'provider' }));
    expect([late.status, late.key]).toEqual([409, 'order_status_moved']);
    expect(await statusOf(refno)).toBe('Cancelled');
  });

  it('lets exactly one of many racing actors change an order: a cancel and payments at the same moment', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0004']);
    const attempts = [
      ...Array.from({ length: 10 }, () => changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'provider', reason: 'evt_same' })),
      ...Array.from({ length: 10 }, () => changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'system', reason: 'expired' })),
    ];
    const results = await Promise.allSettled(attempts);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ApiError).key).toBe('order_status_moved');
    const history = await orderHistory(h.db, refno);
    expect(history).toHaveLength(1);
    expect(await statusOf(refno)).toBe(history[0]!.toStatus);
    // The stock came back exactly once if the cancel won, not at all if the payment did.
    expect(await stockAt(h, 'S001', 'P0004')).toBe(history[0]!.toStatus === 'Cancelled' ? 20 : 19);
  });

  it('gives the stock and the voucher of a cancelled order back, once', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0005', 'P0006']);
    expect(await stockAt(h, 'S001', 'P0005')).toBe(19);
    const [voucher] = await h.db.select().from(memberVouchers).where(eq(memberVouchers.memberCode, M)).limit(1);
    await h.db.update(memberVouchers).set({ usedAt: clock.now(), usedOrderRefno: refno }).where(eq(memberVouchers.vmVoucherNo, voucher!.vmVoucherNo));
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: M });
    expect([await stockAt(h, 'S001', 'P0005'), await stockAt(h, 'S001', 'P0006')]).toEqual([20, 20]);
    const [freed] = await h.db.select().from(memberVouchers).where(eq(memberVouchers.vmVoucherNo, voucher!.vmVoucherNo));
    expect([freed!.usedAt, freed!.usedOrderRefno]).toEqual([null, null]);
    await refusal(changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: M }));
    expect(await stockAt(h, 'S001', 'P0005')).toBe(20);
  });
});
