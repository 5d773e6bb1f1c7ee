/**
 * The member's own order changes (coverage.md §4 Order changes, §5 Pick-up date, §7
 * update_order_status_cancelled, update_order_status_comment, update_pickup_datetime,
 * update_ecom_bill_detail_header, print_customer_bill, order_detail with its history; §8): each one done and refused, a cancel
 * giving the stock and voucher back, and another member never touching an order that is not
 * theirs. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder, receivePickupOrder } from './place-order';
import { createMembers, stockAt, type Member } from './order-fixtures';
import { memberVouchers, notifications, orders } from '../../src/server/xs-api/db/schema';
import { DEMO_DELIVERING_ORDER, DEMO_TRACKING_CODE, DEMO_TRACKING_COURIER, DEMO_WAITING_COMMENT_ORDER } from '../../src/server/xs-api/db/seed';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { earliestPickupDate, latestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
let other: Member;
const M = DEMO_MEMBER.memberCode;
const EXPIRED_TEXT = 'This order pickup date expired. Please reselect a new pickup date and time';

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
  [other] = await createMembers(h, 1, 'X');
});
afterAll(() => h?.close());

async function row(refno: string) {
  const [o] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
  return o!;
}

/** A pick-up slot the shop offers: the `n`-th offered time on the `day`-th allowed date after the earliest. */
async function offeredSlot(day = 0, n = 0) {
  const settings = (await h.call('self_pickup_min_time')).json.data;
  const now = clock.now();
  // The day-th bookable date from the earliest one: closed weekdays are skipped, whatever today is.
  let date = earliestPickupDate(settings, now)!;
  for (let left = day; left > 0; ) {
    date = addDays(date, 1);
    if (pickupTimeSlots(date, settings, now).length > 0) left--;
  }
  return { date, time: pickupTimeSlots(date, settings, now)[n]! };
}

describe('update_order_status_cancelled', () => {
  it('cancels the member’s Pending order: stock back at the outlet, voucher freed, the change in the order’s history', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0012', 'P0013']);
    expect(await stockAt(h, 'S001', 'P0012')).toBe(19);
    await h.db.update(memberVouchers).set({ usedAt: clock.now(), usedOrderRefno: refno }).where(eq(memberVouchers.vmVoucherNo, 'VM000001'));
    const r = await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: refno } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ Status: 1, order_refno: refno, order_status: 'Cancelled' });
    expect([await stockAt(h, 'S001', 'P0012'), await stockAt(h, 'S001', 'P0013')]).toEqual([20, 20]);
    const [voucher] = await h.db.select().from(memberVouchers).where(eq(memberVouchers.vmVoucherNo, 'VM000001'));
    expect([voucher!.usedAt, voucher!.usedOrderRefno]).toEqual([null, null]);
    const detail = await h.call(`order_detail/${M}/${refno}`, { token });
    expect(detail.json.data.order_status).toBe('Cancelled');
    expect(detail.json.data.history).toHaveLength(1);
    expect(detail.json.data.history[0]).toEqual({ from: 'Pending', to: 'Cancelled', actor: 'member', kind: 'status', at: expect.any(String) });
    // Staff's free-text reason never reaches the member.
    expect(JSON.stringify(detail.json)).not.toContain('cancelled by the member');
    // A second cancel is refused and gives nothing back twice.
    const again = await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: refno } });
    expect([again.status, again.json.Status, again.json.Error]).toEqual([409, 0, 'This order can no longer be cancelled.']);
    expect(await stockAt(h, 'S001', 'P0012')).toBe(20);
  });

  it('cancels while Processing Payment, refuses once Paid (in the caller’s language) and changes nothing', async () => {
    const paying = await placePickupOrder(h, token, M, ['P0014']);
    await changeOrderStatus(h.db, { orderRefno: paying, from: 'Pending', to: 'Processing Payment', actor: 'member', memberCode: M });
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: paying } })).json.order_status).toBe('Cancelled');

    const paid = await placePickupOrder(h, token, M, ['P0015']);
    await changeOrderStatus(h.db, { orderRefno: paid, from: 'Pending', to: 'Paid', actor: 'system' });
    const r = await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: paid }, headers: { 'accept-language': 'zh' } });
    expect([r.status, r.json.Error]).toEqual([409, '此订单已无法取消。']);
    expect((await row(paid)).status).toBe('Paid');
    expect(await stockAt(h, 'S001', 'P0015')).toBe(19);
  });

  it('answers 404 for an unknown order, 400 for a missing number, 401 without a session', async () => {
    const unknown = await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: 'WEB0000000000' } });
    expect([unknown.status, unknown.json.Error]).toEqual([404, 'Order not found.']);
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: {} })).status).toBe(400);
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: '' } })).status).toBe(400);
    expect((await h.call(`update_order_status_cancelled/${M}`, { body: { order_refno: 'WEB0000000000' } })).status).toBe(401);
  });
});

describe('update_order_status_comment', () => {
  it('completes an order waiting for its review, and only then', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0016']);
    const early = await h.call(`update_order_status_comment/${M}`, { token, body: { order_refno: refno } });
    expect([early.status, early.json.Error]).toEqual([409, 'This order is not waiting for your review.']);
    await receivePickupOrder(h, refno);
    const r = await h.call(`update_order_status_comment/${M}`, { token, body: { order_refno: refno } });
    expect(r.json).toEqual({ Status: 1, order_refno: refno, order_status: 'Completed' });
    const history = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data.history;
    expect(history.map((e: { to: string; actor: string }) => `${e.to}/${e.actor}`)).toEqual([
      'Paid/system', 'Ready To Pickup/operator', 'Waiting Comment/operator', 'Completed/member',
    ]);
    expect((await h.call(`update_order_status_comment/${M}`, { token, body: { order_refno: refno } })).status).toBe(409);
  });

  it('completes the demo member’s seeded order waiting for its review, with its seeded history', async () => {
    const before = (await h.call(`order_detail/${M}/${DEMO_WAITING_COMMENT_ORDER}`, { token })).json.data;
    expect(before.order_status).toBe('Waiting Comment');
    expect(before.history.map((e: { to: string }) => e.to)).toEqual(['Paid', 'Ready To Pickup', 'Waiting Comment']);
    const review = await h.call(`add_review/${M}`, { token, body: [{ product_code: 'P0008', review_rate: 4, review_comment: 'Good', order_refno: DEMO_WAITING_COMMENT_ORDER }] });
    expect(review.status, JSON.stringify(review.json)).toBe(200);
    expect((await h.call(`update_order_status_comment/${M}`, { token, body: { order_refno: DEMO_WAITING_COMMENT_ORDER } })).status).toBe(200);
    expect((await row(DEMO_WAITING_COMMENT_ORDER)).status).toBe('Completed');
  });
});

describe('update_pickup_datetime', () => {
  it('moves the slot of a pick-up order to another offered slot, shown in the order detail, and notifies the member', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0017']);
    const slot = await offeredSlot(2, 3);
    const r = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ order_refno: refno, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time, order_status: 'Pending' });
    const detail = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data;
    expect([detail.order_del_pickup_date, detail.order_del_pickup_time]).toEqual([slot.date, slot.time]);
    const notes = await h.db.select().from(notifications).where(and(eq(notifications.memberCode, M), eq(notifications.kind, 'order_pickup')));
    expect(notes.some((n) => n.body.startsWith(`Your order ${refno} will be ready for pick-up on `))).toBe(true);
    // Read in Chinese, the notice gives the date and time in Chinese form (2026/11/24, 下午…), not EN-style.
    const zhList = await h.call(`notification_listing/${M}`, { token, headers: { 'accept-language': 'zh' } });
    const [y, mo, d] = slot.date.split('-');
    const zhNote = (zhList.json.data as { body: string }[]).find((n) => n.body.includes(refno))!;
    expect(zhNote.body).toContain(`${y}/${mo}/${d}`);
    expect(zhNote.body).not.toContain(`${d}/${mo}/${y}`);
    // Still allowed once Paid and Ready To Pickup; refused once collected.
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' });
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Paid', to: 'Ready To Pickup', actor: 'operator' });
    const later = await offeredSlot(3, 0);
    expect((await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: later.date, order_del_pickup_time: later.time } })).status).toBe(200);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Ready To Pickup', to: 'Waiting Comment', actor: 'operator' });
    const collected = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } });
    expect([collected.status, collected.json.Error]).toEqual([409, 'The pick-up date and time of this order can no longer be changed.']);
    expect((await row(refno)).pickupDate).toBe(later.date);
  });

  it('refuses a slot the pick-up rules do not allow, with the expired text only when the current slot has passed', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0018']);
    const before = await row(refno);
    const today = shopDate(clock.now());
    const ok = await offeredSlot(1, 0);
    const refused = [
      { date: today, time: '12:00' }, // within the lead day
      { date: addDays(today, -3), time: '12:00' }, // past
      { date: addDays(latestPickupDate(clock.now()), 1), time: '12:00' }, // beyond 6 months
      { date: ok.date, time: '21:30' }, // after closing
      { date: ok.date, time: '07:00' }, // before opening
    ];
    for (const slot of refused) {
      const r = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } });
      expect([r.status, r.json.Error], JSON.stringify(slot)).toEqual([409, 'The chosen pick-up date and time is not available. Please choose another.']);
    }
    for (const body of [{ order_del_pickup_date: '2026-13-01x', order_del_pickup_time: '10:00' }, { order_del_pickup_date: ok.date, order_del_pickup_time: '10h' }, { order_del_pickup_date: ok.date }]) {
      expect((await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, ...body } })).status).toBe(400);
    }
    const after = await row(refno);
    expect([after.pickupDate, after.pickupTime]).toEqual([before.pickupDate, before.pickupTime]);

    // The current slot has passed: a refused new slot answers the coverage.md §8 text; an allowed one is taken.
    await h.db.update(orders).set({ pickupDate: '2020-01-06', pickupTime: '10:00' }).where(eq(orders.orderRefno, refno));
    const expired = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: today, order_del_pickup_time: '08:00' } });
    expect([expired.status, expired.json.Error]).toEqual([409, EXPIRED_TEXT]);
    const zh = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: today, order_del_pickup_time: '08:00' }, headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('此订单的自取日期已过期，请重新选择自取日期和时间');
    const reselected = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: refno, order_del_pickup_date: ok.date, order_del_pickup_time: ok.time } });
    expect(reselected.status).toBe(200);
    expect((await row(refno)).pickupDate).toBe(ok.date);
  });

  it('refuses a delivery order and a cancelled one', async () => {
    const slot = await offeredSlot(1, 1);
    const asDelivery = await placePickupOrder(h, token, M, ['P0019']);
    await h.db.update(orders).set({ delType: 'DELIVERY' }).where(eq(orders.orderRefno, asDelivery));
    const d = await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: asDelivery, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } });
    expect([d.status, d.json.Error]).toEqual([409, 'Only a store pick-up order has a pick-up date and time.']);
    const cancelled = await placePickupOrder(h, token, M, ['P0020']);
    await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: cancelled } });
    expect((await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: cancelled, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } })).status).toBe(409);
  });
});

describe("another member's order", () => {
  it('cannot be read, cancelled, completed, re-slotted or printed by another member, and nothing changes', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0021']);
    const slot = await offeredSlot(2, 2);
    const before = await row(refno);
    const stock = await stockAt(h, 'S001', 'P0021');
    const X = other.member;
    const asOther = [
      await h.call(`order_detail/${X}/${refno}`, { token: other.token }),
      await h.call(`print_customer_bill/${X}/${refno}`, { token: other.token }),
      await h.call(`update_order_status_cancelled/${X}`, { token: other.token, body: { order_refno: refno } }),
      await h.call(`update_order_status_comment/${X}`, { token: other.token, body: { order_refno: refno } }),
      await h.call(`update_pickup_datetime/${X}`, { token: other.token, body: { order_refno: refno, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } }),
    ];
    for (const r of asOther) expect([r.status, r.json.Status, r.json.Error]).toEqual([404, 0, 'Order not found.']);
    // The owner's path with another member's session: 403.
    for (const path of ['update_order_status_cancelled', 'update_order_status_comment']) {
      const r = await h.call(`${path}/${M}`, { token: other.token, body: { order_refno: refno } });
      expect([r.status, r.json.Error]).toEqual([403, 'You are not allowed to access this.']);
    }
    const after = await row(refno);
    expect([after.status, after.pickupDate, after.pickupTime, after.updatedAt.getTime()]).toEqual([before.status, before.pickupDate, before.pickupTime, before.updatedAt.getTime()]);
    expect(await stockAt(h, 'S001', 'P0021')).toBe(stock);
    expect((await h.call(`order_detail/${M}/${refno}`, { token })).json.data.history).toEqual([]);
  });
});

describe('order_detail and print_customer_bill', () => {
  it('shows the tracking code once set, and prints the order with the company header', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0022']);
    expect((await h.call(`order_detail/${M}/${refno}`, { token })).json.data.tracking_code).toBeNull();
    await h.db.update(orders).set({ trackingCode: 'MY123456789' }).where(eq(orders.orderRefno, refno));
    const detail = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data;
    expect(detail.tracking_code).toBe('MY123456789');
    const bill = await h.call(`print_customer_bill/${M}/${refno}`, { token, headers: { 'accept-language': 'zh' } });
    expect(bill.status, JSON.stringify(bill.json)).toBe(200);
    // The printed order is the order's detail in the caller's language (product names in Chinese here).
    const detailZh = (await h.call(`order_detail/${M}/${refno}`, { token, headers: { 'accept-language': 'zh' } })).json.data;
    expect(bill.json.data.order).toEqual(detailZh);
    expect(detailZh.product[0].product_name).not.toBe(detail.product[0].product_name);
    const contact = (await h.call('company_contact')).json.data;
    expect(bill.json.data.company).toEqual({ ...contact, company_name: expect.any(String) });
    expect(bill.json.data.company.company_address1).not.toBe('');
    expect((await h.call(`print_customer_bill/${M}/WEB0000000000`, { token })).status).toBe(404);
  });

  it('answers the seeded delivery on its way with its tracking code and history; it can neither be cancelled nor re-slotted', async () => {
    const detail = (await h.call(`order_detail/${M}/${DEMO_DELIVERING_ORDER}`, { token })).json.data;
    expect(detail).toMatchObject({ order_status: 'Delivering', order_del_type: 'DELIVERY', tracking_code: DEMO_TRACKING_CODE, tracking_courier: DEMO_TRACKING_COURIER, order_del_pickup_date: null });
    expect(detail.history.map((e: { to: string; actor: string }) => `${e.to}/${e.actor}`)).toEqual(['Paid/provider', 'Delivering/operator']);
    expect(Number(detail.order_amount)).toBeCloseTo(Number(detail.order_subtotal) + Number(detail.order_delivery_charges) + Number(detail.order_rounding), 2);
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: DEMO_DELIVERING_ORDER } })).status).toBe(409);
    const slot = await offeredSlot(1, 0);
    expect((await h.call(`update_pickup_datetime/${M}`, { token, body: { order_refno: DEMO_DELIVERING_ORDER, order_del_pickup_date: slot.date, order_del_pickup_time: slot.time } })).status).toBe(409);
  });
});

describe('update_ecom_bill_detail_header', () => {
  it('makes the bill of a To Pay order out to one of the member’s saved addresses, as add_order fills it', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0021']);
    const [address] = (await h.call(`address_listing/${M}`, { token })).json.data;
    const r = await h.call(`update_ecom_bill_detail_header/${M}`, { token, body: { order_refno: refno, add_id: address.add_id } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const expected = {
      order_bill_person: address.add_person, order_bill_phone: address.add_phone, order_bill_address1: address.add_address1, order_bill_address2: address.add_address2,
      order_bill_postcode: address.add_postcode, order_bill_city: address.add_city, order_bill_state: address.add_state, order_bill_country: 'Malaysia',
    };
    expect(r.json.data).toMatchObject({ order_refno: refno, order_status: 'Pending', ...expected });
    expect((await h.call(`order_detail/${M}/${refno}`, { token })).json.data).toMatchObject(expected);
    // A pick-up order keeps no delivery address.
    expect(r.json.data.order_del_address1).toBeNull();
  });

  it('refuses once the order is paid, an address or order not the member’s, and a malformed body, changing nothing', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0022']);
    const before = (await row(refno)).billAddress;
    const [address] = (await h.call(`address_listing/${M}`, { token })).json.data;
    const call = (body: unknown, t = token, member: string = M) => h.call(`update_ecom_bill_detail_header/${member}`, { token: t, body });
    expect((await call({ order_refno: refno, add_id: 999999 })).status).toBe(404);
    expect((await call({ order_refno: 'WEB0000000000', add_id: address.add_id })).status).toBe(404);
    for (const body of [{ order_refno: refno }, { add_id: address.add_id }, { order_refno: refno, add_id: 'x' }, { order_refno: refno, add_id: -1 }]) {
      const r = await call(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // Another member: 403 on this member's path, 404 for this order on their own path.
    expect((await call({ order_refno: refno, add_id: address.add_id }, other.token)).status).toBe(403);
    expect((await call({ order_refno: refno, add_id: address.add_id }, other.token, other.member)).status).toBe(404);
    expect((await h.call(`update_ecom_bill_detail_header/${M}`, { body: { order_refno: refno, add_id: address.add_id } })).status).toBe(401);
    expect((await row(refno)).billAddress).toEqual(before);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'system' });
    const paid = await call({ order_refno: refno, add_id: address.add_id });
    expect([paid.status, paid.json.Error]).toEqual([409, 'The bill of this order can no longer be changed: it has been paid or closed.']);
    const zh = await h.call(`update_ecom_bill_detail_header/${M}`, { token, body: { order_refno: refno, add_id: address.add_id }, headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('此订单的账单已无法更改：订单已付款或已结束。');
    expect((await row(refno)).billAddress).toEqual(before);
  });
});
