/**
 * The operators' operations behind the console and `npm run ops` (contract/ops.ts): a staff session
 * is required (the bootstrap token only for HQ's own operations), lists filter by status, outlet
 * and date, a day's pick-ups come per outlet, staff moves follow the order rules, a staff cancel of
 * a paid order refunds it through the provider (here the sandbox), expiry and reconciliation run on
 * demand. Outlet scoping and the staff's own moves: staff-orders.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_OPS_TOKEN, type Harness } from './harness';
import { placePickupOrder, payInSandbox as payInSandboxAs } from './place-order';
import { stockAt } from './order-fixtures';
import { orders, payments, sandboxPayments } from '../../src/server/xs-api/db/schema';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
let hq: string;
const M = DEMO_MEMBER.memberCode;
const ops = (path: string, body?: unknown, auth = hq) => h.call(`ops/${path}`, { token: auth, body });

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
  hq = (await h.staff({ role: 'hq' })).token;
});
afterAll(() => h.close());

const payInSandbox = (refno: string) => payInSandboxAs(h, { member: M, token }, refno);

describe('ops operations', () => {
  it('need a staff session; the bootstrap token opens only the hq operations', async () => {
    for (const auth of ['', 'wrong-token', token, TEST_OPS_TOKEN]) {
      const r = await ops('orders', undefined, auth);
      expect([r.status, r.json.Error]).toEqual([401, 'Your staff session has ended. Please log in again.']);
    }
    expect((await ops('expire_unpaid', {}, 'nope')).status).toBe(401);
    expect((await ops('expire_unpaid', {}, TEST_OPS_TOKEN)).status).toBe(200);
    const outlet = await h.staff();
    const refused = await ops('expire_unpaid', {}, outlet.token);
    expect([refused.status, refused.json.Error]).toEqual([403, 'Your staff role does not allow this.']);
  });

  it("list orders by status, outlet and date, and show a day's pick-ups per outlet", async () => {
    const refno = await placePickupOrder(h, token, M, ['P0040']);
    await payInSandbox(refno);
    const [order] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    const paid = await ops(`orders?status=Paid&outlet=S001&date=${order!.orderDate}`);
    expect(paid.status).toBe(200);
    expect(paid.json.data.map((o: { order_refno: string }) => o.order_refno)).toContain(refno);
    expect(paid.json.data.every((o: { order_status: string; store_code: string }) => o.order_status === 'Paid' && o.store_code === 'S001')).toBe(true);
    expect((await ops('orders?status=Lost')).status).toBe(400);
    expect((await ops('orders?date=22-11-2026')).status).toBe(400);
    // Dates that do not exist are refused as such, never handed to the database.
    for (const date of ['2026-02-30', '2026-13-01', '0000-01-01', '2026-02-29']) {
      expect([date, (await ops(`orders?date=${date}`)).status, (await ops(`pickups?date=${date}`)).status, (await ops(`board?date=${date}`)).status]).toEqual([date, 400, 400, 400]);
    }
    expect((await h.call('self_pickup_time_range?date=2026-02-30')).status).toBe(400);

    const day = await ops(`pickups?date=${order!.pickupDate}`);
    const s001 = day.json.data.find((s: { store_code: string }) => s.store_code === 'S001');
    expect(s001.orders.map((o: { order_refno: string }) => o.order_refno)).toContain(refno);
  });

  it('move an order on by the order rules only', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0041']);
    const early = await ops('order_status', { order_refno: refno, to: 'Ready To Pickup' });
    expect([early.status, early.json.Error]).toEqual([409, 'This order cannot be changed that way now.']);
    await payInSandbox(refno);
    expect((await ops('order_status', { order_refno: refno, to: 'Delivering' })).status).toBe(409);
    const ready = await ops('order_status', { order_refno: refno, to: 'Ready To Pickup' });
    expect(ready.json).toMatchObject({ Status: 1, from: 'Paid', to: 'Ready To Pickup' });
    expect((await ops('order_status', { order_refno: refno, to: 'Cancelled' })).status).toBe(400);
    expect((await ops('order_status', { order_refno: 'WEB00000000000000', to: 'Paid' })).status).toBe(404);
    const list = await h.call(`order_listing/${M}?status=Ready%20To%20Pickup`, { token });
    expect(list.json.data.map((o: { order_refno: string }) => o.order_refno)).toContain(refno);
  });

  it('cancel a paid order with a refund through the provider, stock back; again is a no-op', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0042']);
    const sandboxId = await payInSandbox(refno);
    expect(await stockAt(h, 'S001', 'P0042')).toBe(19);
    const r = await ops('order_cancel', { order_refno: refno, reason: 'customer called' });
    expect(r.json).toMatchObject({ Status: 1, from: 'Paid', refund_failed: [] });
    expect(r.json.refunded).toHaveLength(1);
    expect(await stockAt(h, 'S001', 'P0042')).toBe(20);
    const [sbx] = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
    expect([sbx!.status, sbx!.refundedSen]).toEqual(['refunded', sbx!.amountSen]);
    const again = await ops('order_cancel', { order_refno: refno, reason: 'again' });
    expect(again.json).toMatchObject({ from: null, refunded: [], refund_failed: [] });
    expect((await ops('order_cancel', { order_refno: refno })).status).toBe(400);
  });

  it('expire unpaid orders and reconcile payments on demand', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0043']);
    await h.db.update(orders).set({ createdAt: new Date(clock.ms() - 31 * 60_000) }).where(eq(orders.orderRefno, refno));
    expect((await ops('expire_unpaid', {})).json.expired).toEqual([refno]);
    const other = await placePickupOrder(h, token, M, ['P0044']);
    const pay = await h.call(`get_update_order_status_paid_sandbox_url/${M}/${other}`, { token });
    await h.db.update(sandboxPayments).set({ status: 'approved' }).where(eq(sandboxPayments.reference, other));
    const rec = await ops('reconcile_payments', {});
    expect(rec.json).toMatchObject({ Status: 1, applied: 1, failed: [] });
    const [p] = await h.db.select().from(payments).where(eq(payments.paymentId, pay.json.payment_id));
    expect(p!.status).toBe('paid');
  });
});
