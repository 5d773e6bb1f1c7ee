/**
 * The expiry of unpaid orders at scale (issue "Safe to run in production" §7; services/payments/
 * expiry.ts): 300 orders placed through the API, past their window, expired by several runs at
 * once from two "instances" (on PostgreSQL two connection pools, where the batches' FOR UPDATE SKIP
 * LOCKED and the stock locks really race; on PGlite the one connection, where they take turns),
 * while payment callbacks arrive for some of them. Each order ends either Cancelled once (one
 * `system` cancel event, one notice, its stock, place and voucher back) or Paid (the callback
 * came first; no cancel); a callback that comes after the cancel is flagged, as before. A run is
 * bounded (`maxBatches`) and the next run goes on.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHarness, TEST_PAYMENT_SECRET, testDatabaseUrl, type Harness } from './harness';
import { catalogueLines, createMembers, pickupOrderBody, setStock, stockAt, type Line, type Member } from './order-fixtures';
import { lastingPickupSlot } from './place-order';
import { openDb, type DbHandle } from '../../src/server/xs-api/db/client';
import { capacityBookings, memberVouchers, notifications, orderEvents, orderItems, orders, stores } from '../../src/server/xs-api/db/schema';
import { expireUnpaidOrders } from '../../src/server/xs-api/services/payments';
import { chooseSandboxOutcome } from '../../src/server/payment-sandbox/page';
import { orderTotals, subtotal } from '../../src/domain/totals';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { clock } from '../../src/server/clock';

let h: Harness;
/** The second instance's database: its own pool on PostgreSQL; on PGlite the same one. */
let second: DbHandle | null = null;
let members: Member[];
let lines: Line[];
const STORE = { code: 'S001', no: '' };
let slot: { date: string; time: string };
const ORDERS = 300;
const MEMBERS = 20;
const STOCK = 10_000;

beforeAll(async () => {
  h = await createHarness();
  const url = await testDatabaseUrl();
  if (url) second = await openDb({ url });
  members = await createMembers(h, MEMBERS, 'E');
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, STORE.code));
  STORE.no = s!.storeNo;
  lines = await catalogueLines(h, 20, 6);
  for (const l of lines) await setStock(h, STORE.code, l.code, STOCK);
  slot = lastingPickupSlot((await h.call('self_pickup_min_time')).json.data);
  // The first ten members hold an RM5 voucher each (minimum spend RM30).
  await h.db.insert(memberVouchers).values(
    members.slice(0, 10).map((m, i) => ({ vmVoucherNo: `VX-${i}`, memberCode: m.member, vcCode: 'RM5OFF', vcNo: `RM5-X-${i}`, expireDate: addDays(shopDate(clock.now()), 30) })),
  );
}, 120_000);
afterAll(async () => {
  await second?.close();
  await h?.close();
});

/** Order `i`'s lines: two of the six products, 1 or 2 units of the first; enough for RM30 with a voucher. */
function orderLines(i: number, withVoucher: boolean): Line[] {
  const a = lines[i % lines.length]!;
  const b = lines[(i + 1) % lines.length]!;
  const qty = withVoucher ? Math.ceil(3000 / a.priceSen) : 1 + (i % 2);
  return [{ ...a, qty }, { ...b, qty: 1 }];
}

/** Places order `i` through add_order (member i mod 20; the first ten members' first order uses their voucher). */
async function place(i: number): Promise<string> {
  const m = members[i % MEMBERS]!;
  const withVoucher = i < 10;
  const ls = orderLines(i, withVoucher);
  const extra = withVoucher
    ? (() => {
        const t = orderTotals({ subtotalSen: subtotal(ls.map((l) => ({ priceSen: l.priceSen, quantity: l.qty }))), deliverySen: 0, voucher: '5.00' });
        return { order_voucher_no: `VX-${i}`, order_voucher_amount: '5.00', order_rounding: (t.roundingSen / 100).toFixed(2), order_amount: (t.totalSen / 100).toFixed(2) };
      })()
    : {};
  const r = await h.call(`add_order/${m.member}`, { token: m.token, body: pickupOrderBody(ls, { storeNo: STORE.no, ...slot }, extra) });
  if (r.status !== 200) throw new Error(`order ${i} refused: ${JSON.stringify(r.json)}`);
  return r.json.order_refno as string;
}

/** Pay Now on order `refno` as its member: the sandbox page's address (the order goes to Processing Payment). */
async function payNow(refno: string, m: Member): Promise<string> {
  const r = await h.call(`get_update_order_status_paid_sandbox_url/${m.member}/${refno}`, { token: m.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.url as string;
}

/** The shopper's Approve on the sandbox page, whose signed callback reaches the app. */
async function approve(url: string) {
  const id = new URL(url).pathname.split('/').pop()!;
  const deps = { db: async () => h.db, secret: TEST_PAYMENT_SECRET, webhookUrl: `http://in-process${API_BASE}/payment_webhook_sandbox`, send: async (q: Request) => h.app.fetch(q) };
  return chooseSandboxOutcome(deps, id, new Request(url, { method: 'POST', body: new URLSearchParams({ outcome: 'approve' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
}

describe('expiry of unpaid orders at scale', () => {
  it('300 due orders, several runs from two instances and payment callbacks racing: each order cancelled once or paid, stock, places and vouchers back exactly', async () => {
    const before = new Map(await Promise.all(lines.map(async (l) => [l.code, await stockAt(h, STORE.code, l.code)] as const)));
    const refnos: string[] = [];
    for (let i = 0; i < ORDERS; i += 10) refnos.push(...(await Promise.all(Array.from({ length: Math.min(10, ORDERS - i) }, (_, k) => place(i + k)))));
    expect(new Set(refnos).size).toBe(ORDERS);
    // Twenty orders have a payment under way (Processing Payment); ten of them will be approved during the expiry.
    const paying = await Promise.all(refnos.slice(100, 120).map(async (r, k) => ({ refno: r, url: await payNow(r, members[(100 + k) % MEMBERS]!) })));
    await h.db.update(orders).set({ createdAt: new Date(clock.ms() - 31 * 60_000) }).where(inArray(orders.orderRefno, refnos));

    // A run is bounded: two batches of 10, then it stops; the next runs go on.
    const bounded = await expireUnpaidOrders(h.db, { windowMinutes: 30, batchSize: 10, maxBatches: 2 });
    expect(bounded).toHaveLength(20);

    const one = h.db;
    const two = second?.db ?? h.db;
    const results = await Promise.all([
      expireUnpaidOrders(one, { windowMinutes: 30, batchSize: 25 }),
      expireUnpaidOrders(two, { windowMinutes: 30, batchSize: 25 }),
      expireUnpaidOrders(one, { windowMinutes: 30, batchSize: 40 }),
      expireUnpaidOrders(two, { windowMinutes: 30 }),
      ...paying.slice(0, 10).map((p) => approve(p.url).then(() => [] as string[])),
    ]);
    const expired = [...bounded, ...results.flat()];
    expect(new Set(expired).size).toBe(expired.length);

    const rows = await h.db
      .select({ refno: orders.orderRefno, status: orders.status, flag: orders.paymentFlag })
      .from(orders)
      .where(inArray(orders.orderRefno, refnos));
    const cancelled = rows.filter((r) => r.status === 'Cancelled').map((r) => r.refno);
    const paid = rows.filter((r) => r.status === 'Paid').map((r) => r.refno);
    // Every order ended Cancelled (by this expiry) or Paid (its callback came first): none is still To Pay.
    expect(cancelled.length + paid.length).toBe(ORDERS);
    expect(new Set(cancelled)).toEqual(new Set(expired));
    expect(paid.every((r) => paying.slice(0, 10).some((p) => p.refno === r))).toBe(true);
    // A callback that came after the cancel is flagged; the order stays Cancelled.
    for (const p of paying.slice(0, 10)) {
      const row = rows.find((r) => r.refno === p.refno)!;
      expect(row.status === 'Paid' ? row.flag : [row.status, row.flag]).toEqual(row.status === 'Paid' ? null : ['Cancelled', 'paid_after_cancel']);
    }

    // One cancel event per cancelled order, by the system; none for a paid one.
    const events = await h.db
      .select({ refno: orderEvents.orderRefno, actor: orderEvents.actor, reason: orderEvents.reason })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderRefno, refnos), eq(orderEvents.toStatus, 'Cancelled')));
    expect(events).toHaveLength(cancelled.length);
    expect(new Set(events.map((e) => e.refno)).size).toBe(cancelled.length);
    expect(events.every((e) => e.actor === 'system' && e.reason === 'payment window expired')).toBe(true);
    // One notice per cancelled order.
    const notices = await h.db
      .select({ refno: sql<string>`${notifications.params}->>'order_refno'`, status: sql<string>`${notifications.params}->>'status'` })
      .from(notifications)
      .where(and(inArray(sql<string>`${notifications.params}->>'order_refno'`, refnos), eq(notifications.kind, 'order_status')));
    expect(notices.filter((n) => n.status === 'Cancelled').map((n) => n.refno).sort()).toEqual([...cancelled].sort());

    // Stock: what it was before the orders, less what the paid orders keep.
    const kept = paid.length
      ? await h.db
          .select({ code: orderItems.productCode, q: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number) })
          .from(orderItems)
          .where(inArray(orderItems.orderRefno, paid))
          .groupBy(orderItems.productCode)
      : [];
    for (const l of lines) expect(await stockAt(h, STORE.code, l.code)).toBe(before.get(l.code)! - (kept.find((k) => k.code === l.code)?.q ?? 0));
    // The slot holds the paid orders only; the vouchers of cancelled orders are free again.
    const [booked] = await h.db
      .select({ taken: capacityBookings.taken })
      .from(capacityBookings)
      .where(and(eq(capacityBookings.storeCode, STORE.code), eq(capacityBookings.kind, 'PICKUP'), eq(capacityBookings.date, slot.date), eq(capacityBookings.time, slot.time)));
    expect(booked?.taken ?? 0).toBe(paid.length);
    const vouchers = await h.db.select({ no: memberVouchers.vmVoucherNo, used: memberVouchers.usedOrderRefno }).from(memberVouchers).where(sql`${memberVouchers.vmVoucherNo} like 'VX-%'`);
    expect(vouchers).toHaveLength(10);
    expect(vouchers.every((v) => v.used === null || paid.includes(v.used))).toBe(true);

    // Nothing is left to expire, and a payment arriving now for an expired order is flagged.
    expect(await expireUnpaidOrders(two, { windowMinutes: 30 })).toEqual([]);
    const late = paying.slice(10).find((p) => cancelled.includes(p.refno))!;
    expect((await approve(late.url)).status).toBeLessThan(500);
    const [after] = await h.db.select({ status: orders.status, flag: orders.paymentFlag }).from(orders).where(eq(orders.orderRefno, late.refno));
    expect(after).toEqual({ status: 'Cancelled', flag: 'paid_after_cancel' });
  }, 180_000);
});
