/**
 * Slot capacity (issue "The outlets run the shop" §3; src/domain/slot-capacity.ts; ADR 25): HQ sets
 * an outlet's orders per pick-up slot; a full slot refuses add_order and update_pickup_datetime with
 * 409 in the shopper's language and shows as full in self_pickup_time_range; a cancel or an expired
 * unpaid order gives its place back. On PostgreSQL (TEST_DATABASE_URL) the 50 concurrent orders
 * really race: each for a product of its own, so no stock row serialises them, only the slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, TEST_OPS_TOKEN, type Harness } from './harness';
import { catalogueLines, createMembers, pickupOrderBody, setStock, type Member } from './order-fixtures';
import { lastingPickupSlot } from './place-order';
import { capacityBookings, orders, stores } from '../../src/server/xs-api/db/schema';
import { expireUnpaidOrders } from '../../src/server/xs-api/services/payments';
import { pickupTimeSlots } from '../../src/domain/pickup';
import { clock } from '../../src/server/clock';
import { formatAmount, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';

let h: Harness;
let hq: string;
let storeNo: string;
let shoppers: Member[];
let settings: Parameters<typeof pickupTimeSlots>[1];

beforeAll(async () => {
  h = await createHarness();
  hq = (await h.staff({ role: 'hq' })).token;
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S002'));
  storeNo = s!.storeNo;
  shoppers = await createMembers(h, 50, 'C');
  settings = (await h.call('self_pickup_min_time')).json.data;
});
afterAll(() => h.close());

async function setCapacity(storeCode: string, pickupSlot: number | null, deliveryDay: number | null = null) {
  const r = await h.call('ops/capacity_set', { token: hq, body: { store_code: storeCode, pickup_slot_capacity: pickupSlot, delivery_day_capacity: deliveryDay } });
  expect(r.status).toBe(200);
  return r.json.data;
}

async function taken(date: string, time: string) {
  const [row] = await h.db
    .select({ taken: capacityBookings.taken })
    .from(capacityBookings)
    .where(and(eq(capacityBookings.storeCode, 'S002'), eq(capacityBookings.kind, 'PICKUP'), eq(capacityBookings.date, date), eq(capacityBookings.time, time)));
  return row?.taken ?? 0;
}

describe('pick-up slot capacity', () => {
  it('50 concurrent orders into a slot of 10 give exactly 10 orders and 40 clear refusals', async () => {
    const view = await setCapacity('S002', 10);
    expect(view).toMatchObject({ store_code: 'S002', pickup_slot_capacity: 10, effective_pickup_slot_capacity: 10 });
    const slot = lastingPickupSlot(settings);
    const lines = await catalogueLines(h, 0, 50);
    for (const l of lines) await setStock(h, 'S002', l.code, 5);
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        h.call(`add_order/${s.member}`, { token: s.token, body: pickupOrderBody([lines[i]!], { storeNo, ...slot }), headers: { 'accept-language': i % 2 ? 'zh' : 'en' } }),
      ),
    );
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(['This pick-up time is full. Please choose another time.', '该取货时段已满，请选择其他时间。']).toContain(r.json.Error);
    }
    expect(await taken(slot.date, slot.time)).toBe(10);
    const inSlot = await h.db.select().from(orders).where(and(eq(orders.storeCode, 'S002'), eq(orders.pickupDate, slot.date), eq(orders.pickupTime, slot.time)));
    expect(inSlot).toHaveLength(10);

    // The modal sees the slot full; another outlet's same slot is not.
    const range = await h.call(`self_pickup_time_range?date=${slot.date}&store=S002`);
    expect(range.json.data.full).toEqual([slot.time]);
    expect(range.json.data.times).toContain(slot.time);
    expect((await h.call(`self_pickup_time_range?date=${slot.date}&store=S003`)).json.data.full).toEqual([]);
    expect((await h.call(`self_pickup_time_range?date=${slot.date}`)).json.data.full).toEqual([]);

    // A cancel gives its place back: the next order gets in, the one after is refused again.
    const first = placed[0]!.json.order_refno as string;
    const owner = shoppers.find((s) => answers[shoppers.indexOf(s)]!.json.order_refno === first)!;
    expect((await h.call(`update_order_status_cancelled/${owner.member}`, { token: owner.token, body: { order_refno: first } })).status).toBe(200);
    expect(await taken(slot.date, slot.time)).toBe(9);
    const late = shoppers[49]!;
    const again = await h.call(`add_order/${late.member}`, { token: late.token, body: pickupOrderBody([lines[49]!], { storeNo, ...slot }) });
    expect(again.status).toBe(200);
    const over = shoppers[48]!;
    expect((await h.call(`add_order/${over.member}`, { token: over.token, body: pickupOrderBody([lines[48]!], { storeNo, ...slot }) })).status).toBe(409);
  });

  it('an expired unpaid order frees its place; moving a pick-up takes the new slot and frees the old', async () => {
    await setCapacity('S002', 1);
    const slot = lastingPickupSlot(settings);
    const times = pickupTimeSlots(slot.date, settings, clock.now());
    const [a, b] = [times[3]!, times[4]!];
    const lines = await catalogueLines(h, 60, 3);
    for (const l of lines) await setStock(h, 'S002', l.code, 5);
    const [s1, s2, s3] = shoppers;
    const one = await h.call(`add_order/${s1!.member}`, { token: s1!.token, body: pickupOrderBody([lines[0]!], { storeNo, date: slot.date, time: a }) });
    expect(one.status).toBe(200);
    // Slot a is full for s2; the window of s1's order ends; a is free again.
    expect((await h.call(`add_order/${s2!.member}`, { token: s2!.token, body: pickupOrderBody([lines[1]!], { storeNo, date: slot.date, time: a }) })).status).toBe(409);
    await h.db.update(orders).set({ createdAt: new Date(clock.ms() - 31 * 60_000) }).where(eq(orders.orderRefno, one.json.order_refno));
    expect(await expireUnpaidOrders(h.db, { windowMinutes: 30 })).toContain(one.json.order_refno);
    expect(await taken(slot.date, a)).toBe(0);
    const two = await h.call(`add_order/${s2!.member}`, { token: s2!.token, body: pickupOrderBody([lines[1]!], { storeNo, date: slot.date, time: a }) });
    expect(two.status).toBe(200);
    // s3 takes b; s2 cannot move into full b; s3 moves to c, freeing b; then s2 can.
    const three = await h.call(`add_order/${s3!.member}`, { token: s3!.token, body: pickupOrderBody([lines[2]!], { storeNo, date: slot.date, time: b }) });
    expect(three.status).toBe(200);
    const move = (s: Member, order: string, time: string) =>
      h.call(`update_pickup_datetime/${s.member}`, { token: s.token, body: { order_refno: order, order_del_pickup_date: slot.date, order_del_pickup_time: time }, headers: { 'accept-language': 'ar' } });
    const full = await move(s2!, two.json.order_refno, b);
    expect([full.status, full.json.Error]).toEqual([409, 'وقت الاستلام هذا ممتلئ. يُرجى اختيار وقت آخر.']);
    expect((await move(s3!, three.json.order_refno, times[5]!)).status).toBe(200);
    expect(await taken(slot.date, b)).toBe(0);
    expect((await move(s2!, two.json.order_refno, b)).status).toBe(200);
    expect([await taken(slot.date, a), await taken(slot.date, b), await taken(slot.date, times[5]!)]).toEqual([0, 1, 1]);
    // The same slot again changes nothing.
    expect((await move(s2!, two.json.order_refno, b)).status).toBe(200);
    expect(await taken(slot.date, b)).toBe(1);
  });

  it('a delivery day at capacity refuses the next delivery order, in the shopper’s language', async () => {
    const me = await h.login();
    const [line] = await catalogueLines(h, 70, 1);
    await setStock(h, 'S001', line!.code, 5);
    const address = (await h.call(`address_listing/${me.member}`, { token: me.token })).json.data[0];
    const [store] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
    const near = await h.call('nearest_store', { body: { customer_address: [{ latitude: address.latitude, longitude: address.longitude }] } });
    const distance = near.json.data.find((d: { storecode: string }) => d.storecode === 'S001').distance_km;
    const charge = await h.call(`delivery_charges/${me.member}`, { token: me.token, body: { product: [{ product_code: line!.code, product_quantity: 1 }], state: address.add_state, distance_km: distance } });
    const deliverySen = toSen(charge.json.delivery_charges);
    const t = orderTotals({ subtotalSen: line!.priceSen, deliverySen });
    const body = {
      ...pickupOrderBody([line!], { storeNo: store!.storeNo, date: '', time: '' }),
      order_del_type: 'DELIVERY', add_id: address.add_id, order_del_pickup_date: undefined, order_del_pickup_time: undefined,
      order_delivery_charges: formatAmount(deliverySen), order_amount: formatAmount(t.totalSen), order_rounding: formatAmount(t.roundingSen),
    };
    const before = (await h.db.select().from(orders).where(eq(orders.memberCode, me.member))).length;
    await setCapacity('S001', null, 0);
    try {
      const r = await h.call(`add_order/${me.member}`, { token: me.token, body, headers: { 'accept-language': 'zh' } });
      expect([r.status, r.json.Error]).toEqual([409, '该门店今日的送货订单已满。请选择到店自取，或明天再下单。']);
      expect((await h.db.select().from(orders).where(eq(orders.memberCode, me.member))).length).toBe(before);
    } finally {
      await setCapacity('S001', null, null);
    }
    // With room again, the same order goes through.
    expect((await h.call(`add_order/${me.member}`, { token: me.token, body: { ...body, idempotency_key: `${body.idempotency_key}-again` } })).status).toBe(200);
  });

  it('HQ alone sets capacity; an outlet member reads only their outlets; bad values are refused', async () => {
    const outlet = await h.staff({ outlets: ['S002'] });
    const mine = await h.call('ops/capacity', { token: outlet.token });
    expect(mine.json.data.map((c: { store_code: string }) => c.store_code)).toEqual(['S002']);
    expect((await h.call('ops/capacity', { token: hq })).json.data).toHaveLength(22);
    expect((await h.call('ops/capacity_set', { token: outlet.token, body: { store_code: 'S002', pickup_slot_capacity: 99, delivery_day_capacity: null } })).status).toBe(403);
    expect((await h.call('ops/capacity_set', { token: hq, body: { store_code: 'S002', pickup_slot_capacity: -1, delivery_day_capacity: null } })).status).toBe(400);
    expect((await h.call('ops/capacity_set', { token: hq, body: { store_code: 'S999', pickup_slot_capacity: 3, delivery_day_capacity: null } })).status).toBe(404);
    // The bootstrap token may set it too (before any HQ account exists); back to the default.
    const reset = await h.call('ops/capacity_set', { token: TEST_OPS_TOKEN, body: { store_code: 'S002', pickup_slot_capacity: null, delivery_day_capacity: null } });
    expect(reset.json.data).toMatchObject({ pickup_slot_capacity: null, effective_pickup_slot_capacity: 10_000 });
  });
});
