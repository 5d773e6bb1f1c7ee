/**
 * Staff working orders (issue "The outlets run the shop" §1, §2, §4; ADR 25): an outlet's staff see
 * and change only their outlets' orders (every staff operation on another outlet's order answers as
 * for an unknown one); ready makes a collection code the shopper receives once, even when two staff
 * click at once; the hand-over needs that code (wrong codes refused, then throttled); out for
 * delivery needs a tracking code and its courier, kept together and read back by the member; a short pick refunds the difference through the sandbox and the
 * shopper is told; every change names the staff member in the history, never in the shopper's view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder, payInSandbox as payInSandboxAs } from './place-order';
import { stockAt } from './order-fixtures';
import { memoryLimits } from '../../src/server/xs-api/adapters/rate-limit';
import { customers, orderEvents, orders, payments, pointTransactions, products, sandboxPayments, storeStock } from '../../src/server/xs-api/db/schema';
import { normalizeMalaysianPhone } from '../../src/domain/validation';
import { formatAmount, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
let s001: { token: string; id: number };
let s002: { token: string; id: number };
let hq: { token: string; id: number };
const M = DEMO_MEMBER.memberCode;
const phone = normalizeMalaysianPhone(DEMO_MEMBER.mobile);
const ops = (path: string, as: { token: string }, body?: unknown) => h.call(`ops/${path}`, { token: as.token, body });

beforeAll(async () => {
  // The real abuse limits: the collection-code throttle is under test (orders stay few).
  h = await createHarness({ limits: memoryLimits({ operations: { add_order: { points: 1000 } } }) });
  ({ token } = await h.login());
  s001 = await h.staff({ outlets: ['S001'], name: 'Aisyah S001' });
  s002 = await h.staff({ outlets: ['S002'], name: 'Bala S002' });
  hq = await h.staff({ role: 'hq', name: 'Chen HQ' });
});
afterAll(() => h.close());

const payInSandbox = (refno: string) => payInSandboxAs(h, { member: M, token }, refno);

/** A paid pick-up order at S001 of one unit of each product. */
async function paidPickup(codes: string[]) {
  const refno = await placePickupOrder(h, token, M, codes);
  const sandboxId = await payInSandbox(refno);
  return { refno, sandboxId };
}

/** A paid home delivery from S001 to the demo member's default address. */
async function paidDelivery(code: string) {
  await h.db.update(storeStock).set({ quantity: 20 }).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.productCode, code)));
  const address = (await h.call(`address_listing/${M}`, { token })).json.data[0];
  const [product] = await h.db.select({ priceSen: products.finalPriceSen }).from(products).where(eq(products.productCode, code));
  const priceSen = product!.priceSen;
  const stores = (await h.call('pickup_store_listing?store=S001')).json.data;
  const [lat, lng] = String(stores[0].store_lat_long).split(',').map(Number);
  const distance = (await h.call('nearest_store', { body: { customer_address: [{ latitude: address.latitude ?? lat, longitude: address.longitude ?? lng }] } })).json.data.find((d: { storecode: string }) => d.storecode === 'S001').distance_km;
  const charge = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: code, product_quantity: 1 }], state: address.add_state, distance_km: distance } });
  const deliverySen = toSen(charge.json.delivery_charges);
  const t = orderTotals({ subtotalSen: priceSen, deliverySen });
  const r = await h.call(`add_order/${M}`, {
    token,
    body: {
      idempotency_key: `delivery-${code}-${clock.ms()}`, order_del_type: 'DELIVERY', store: stores[0].store_no, add_id: address.add_id,
      order_amount: formatAmount(t.totalSen), order_rounding: formatAmount(t.roundingSen), order_delivery_charges: formatAmount(deliverySen), order_voucher_amount: '0.00',
      product: [{ product_code: code, product_quantity: 1, product_price: formatAmount(priceSen), product_amount: formatAmount(priceSen) }],
    },
  });
  if (r.status !== 200) throw new Error(`delivery refused: ${JSON.stringify(r.json)}`);
  await payInSandbox(r.json.order_refno);
  return r.json.order_refno as string;
}

describe('an outlet sees and changes only its own orders', () => {
  it('every staff operation on another outlet’s order answers 404, as an unknown order; lists leave it out', async () => {
    const { refno } = await paidPickup(['P0050']);
    const probes: [string, unknown?][] = [
      [`order/${refno}`],
      ['order_status', { order_refno: refno, to: 'Ready To Pickup' }],
      ['order_handover', { order_refno: refno, collection_code: '123456' }],
      ['order_cancel', { order_refno: refno, reason: 'test' }],
      ['order_short_pick', { order_refno: refno, product: [{ product_code: 'P0050', quantity: 0 }] }],
    ];
    for (const [path, body] of probes) {
      const foreign = await ops(path, s002, body);
      const unknown = await ops(path.replace(refno, 'WEB26000000000000'), s002, body && JSON.parse(JSON.stringify(body).replace(refno, 'WEB26000000000000')));
      expect([path, foreign.status, foreign.json.Error]).toEqual([path, 404, 'Order not found.']);
      expect([path, unknown.status, unknown.json.Error]).toEqual([path, 404, 'Order not found.']);
    }
    const [o] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    expect(o!.status).toBe('Paid');
    const day = o!.pickupDate!;
    expect((await ops(`board?date=${day}`, s002)).json.orders.map((x: { order_refno: string }) => x.order_refno)).not.toContain(refno);
    expect((await ops(`board?date=${day}`, s001)).json.orders.map((x: { order_refno: string }) => x.order_refno)).toContain(refno);
    expect((await ops(`board?date=${day}&outlet=S001`, s002)).status).toBe(403);
    expect((await ops(`orders?outlet=S001`, s002)).status).toBe(403);
    expect((await ops('orders', s002)).json.data.every((x: { store_code: string }) => x.store_code === 'S002')).toBe(true);
    expect((await ops(`pickups?date=${day}`, s002)).json.data.every((x: { store_code: string }) => x.store_code === 'S002')).toBe(true);
    expect((await ops(`order/${refno}`, hq)).status).toBe(200);
  });
});

describe('ready, hand-over and the shopper told', () => {
  it('two staff marking ready at once make one change and send one text with the collection code', async () => {
    const { refno } = await paidPickup(['P0051']);
    const before = h.sent(phone).length;
    const [a, b] = await Promise.all([ops('order_status', s001, { order_refno: refno, to: 'Ready To Pickup' }), ops('order_status', hq, { order_refno: refno, to: 'Ready To Pickup' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const events = await h.db.select().from(orderEvents).where(and(eq(orderEvents.orderRefno, refno), eq(orderEvents.toStatus, 'Ready To Pickup')));
    expect(events).toHaveLength(1);
    expect([s001.id, hq.id]).toContain(events[0]!.staffId);
    const texts = h.sent(phone).slice(before);
    expect(texts).toHaveLength(1);
    const [order] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    expect(order!.collectionCode).toMatch(/^\d{6}$/);
    expect(texts[0]).toContain(refno);
    expect(texts[0]).toContain(order!.collectionCode);
    // The shopper's order shows the code while ready, and the history without names.
    const detail = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data;
    expect(detail.collection_code).toBe(order!.collectionCode);
    expect(detail.history.at(-1)).toEqual({ from: 'Paid', to: 'Ready To Pickup', actor: 'operator', kind: 'status', at: expect.any(String) });
    expect(JSON.stringify(detail)).not.toMatch(/Aisyah|Chen HQ/);
    // The feed notice names the outlet and the code.
    const feed = (await h.call(`notification_listing/${M}?limit=0,5`, { token })).json;
    expect(JSON.stringify(feed)).toContain(order!.collectionCode);
  });

  it('the hand-over needs the collection code: wrong ones are refused, then the order waits', async () => {
    const { refno } = await paidPickup(['P0052']);
    expect((await ops('order_status', s001, { order_refno: refno, to: 'Ready To Pickup' })).status).toBe(200);
    const [order] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    const wrong = String((Number(order!.collectionCode) + 1) % 1_000_000).padStart(6, '0');
    const noCode = await ops('order_status', s001, { order_refno: refno, to: 'Waiting Comment' });
    expect([noCode.status, noCode.json.Error]).toEqual([409, 'A pick-up order is handed over with its collection code.']);
    const refused = await ops('order_handover', s001, { order_refno: refno, collection_code: wrong });
    expect([refused.status, refused.json.Error]).toEqual([400, 'This collection code does not match the order.']);
    const right = await ops('order_handover', s001, { order_refno: refno, collection_code: ` ${order!.collectionCode!.slice(0, 3)} ${order!.collectionCode!.slice(3)} ` });
    expect(right.json).toMatchObject({ Status: 1, from: 'Ready To Pickup', to: 'Waiting Comment' });
    expect((await h.call(`order_detail/${M}/${refno}`, { token })).json.data.collection_code).toBeNull();

    const second = await paidPickup(['P0053']);
    await ops('order_status', s001, { order_refno: second.refno, to: 'Ready To Pickup' });
    for (let i = 0; i < 5; i++) expect((await ops('order_handover', s001, { order_refno: second.refno, collection_code: 'abc' })).status).toBe(400);
    const [o2] = await h.db.select().from(orders).where(eq(orders.orderRefno, second.refno));
    const throttled = await ops('order_handover', s001, { order_refno: second.refno, collection_code: o2!.collectionCode });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.db.select().from(orders).where(eq(orders.orderRefno, second.refno)))[0]!.status).toBe('Ready To Pickup');
  });

  it('out for delivery needs a tracking code and its courier, texts the code, and the member reads both; delivered lets the member review', async () => {
    const refno = await paidDelivery('P0054');
    const none = await ops('order_status', s001, { order_refno: refno, to: 'Delivering' });
    expect([none.status, none.json.Error]).toEqual([400, 'Enter the tracking code of the delivery.']);
    // The courier goes with the code: missing, unknown (in the caller's language) or a bad code changes nothing.
    const noCourier = await ops('order_status', s001, { order_refno: refno, to: 'Delivering', tracking_code: 'MY555000111' });
    expect([noCourier.status, noCourier.json.Error]).toEqual([400, 'Choose the courier of the delivery.']);
    const unknown = await h.call('ops/order_status', { token: s001.token, body: { order_refno: refno, to: 'Delivering', tracking_code: 'MY555000111', tracking_courier: 'FEDEX' }, headers: { 'accept-language': 'ar' } });
    expect([unknown.status, unknown.json.Error, unknown.json.field]).toEqual([400, 'اختر إحدى شركات الشحن المدرجة.', 'tracking_courier']);
    for (const tracking_code of ['MY\t555', 'X'.repeat(61), '单号555']) {
      const bad = await ops('order_status', s001, { order_refno: refno, to: 'Delivering', tracking_code, tracking_courier: 'POSLAJU' });
      expect([bad.status, bad.json.Error]).toEqual([400, 'A tracking code is up to 60 letters, digits and signs, as the courier prints it.']);
    }
    const [still] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    expect([still!.status, still!.trackingCode, still!.trackingCourier]).toEqual(['Paid', null, null]);
    const before = h.sent(phone).length;
    expect((await ops('order_status', s001, { order_refno: refno, to: 'Delivering', tracking_code: ' MY555000111 ', tracking_courier: 'POSLAJU' })).status).toBe(200);
    expect(h.sent(phone).slice(before)).toEqual([expect.stringContaining('MY555000111')]);
    const detail = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data;
    expect([detail.tracking_code, detail.tracking_courier]).toEqual(['MY555000111', 'POSLAJU']);
    expect((await ops(`order/${refno}`, s001)).json.data).toMatchObject({ tracking_code: 'MY555000111', tracking_courier: 'POSLAJU' });
    expect((await ops('order_status', s001, { order_refno: refno, to: 'Waiting Comment' })).json).toMatchObject({ from: 'Delivering', to: 'Waiting Comment' });
  });

  it('HQ’s cancel of a paid order refunds it, texts the shopper in their language and names the staff member; an outlet may not', async () => {
    await h.db.update(customers).set({ language: 'zh' }).where(eq(customers.memberCode, M));
    try {
      const { refno, sandboxId } = await paidPickup(['P0055']);
      const before = h.sent(phone).length;
      // Refunds are HQ's: the outlet may not cancel a paid order.
      const outlet = await ops('order_cancel', s001, { order_refno: refno, reason: 'freezer broke' });
      expect([outlet.status, outlet.json.Error]).toEqual([403, 'Only HQ can cancel a paid order: it refunds the payment. Please call HQ.']);
      expect(h.sent(phone).length).toBe(before);
      const r = await ops('order_cancel', hq, { order_refno: refno, reason: 'freezer broke' });
      expect(r.json).toMatchObject({ Status: 1, from: 'Paid', refund_failed: [] });
      const [sbx] = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
      expect(sbx!.status).toBe('refunded');
      expect(h.sent(phone).slice(before)).toEqual([expect.stringContaining('已被商店取消')]);
      const [event] = await h.db.select().from(orderEvents).where(and(eq(orderEvents.orderRefno, refno), eq(orderEvents.toStatus, 'Cancelled')));
      expect(event).toMatchObject({ staffId: hq.id, reason: 'freezer broke' });
    } finally {
      await h.db.update(customers).set({ language: 'en' }).where(eq(customers.memberCode, M));
    }
  });

  it('an outlet cancels an unpaid order of its own: nothing to refund, the shopper told nothing was charged', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0058']);
    const before = h.sent(phone).length;
    const r = await ops('order_cancel', s001, { order_refno: refno, reason: 'duplicate order' });
    expect(r.json).toMatchObject({ Status: 1, from: 'Pending', refunded: [], refund_failed: [] });
    expect(h.sent(phone).slice(before)).toEqual([expect.stringContaining('Nothing was charged')]);
    expect(await stockAt(h, 'S001', 'P0058')).toBe(20);
  });
});

describe('short pick', () => {
  it('takes units off before ready, refunds the difference in the sandbox, and stock, points and totals follow', async () => {
    // One unit each of P0056 and P0057: P0057 is taken off, P0056 stays.
    const refno = await placePickupOrder(h, token, M, ['P0056', 'P0057']);
    const sandboxId = await payInSandbox(refno);
    const [o] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    const detail = (await ops(`order/${refno}`, s001)).json.data;
    const p57 = detail.product.find((l: { product_code: string }) => l.product_code === 'P0057');
    const pointsBefore = (await h.db.select({ p: customers.points }).from(customers).where(eq(customers.memberCode, M)))[0]!.p;
    const before = h.sent(phone).length;

    const invalid = await ops('order_short_pick', s001, { order_refno: refno, product: [{ product_code: 'P0057', quantity: 2 }] });
    expect([invalid.status, invalid.json.Error]).toEqual([400, 'A short pick can only lower the quantity of a product on the order.']);
    const all = await ops('order_short_pick', s001, { order_refno: refno, product: [{ product_code: 'P0056', quantity: 0 }, { product_code: 'P0057', quantity: 0 }] });
    expect(all.status).toBe(400);

    const r = await ops('order_short_pick', s001, { order_refno: refno, product: [{ product_code: 'P0057', quantity: 0 }], reason: 'none on the shelf' });
    expect(r.json).toMatchObject({ Status: 1, units_taken_off: 1, refund_failed: [] });
    const refund = r.json.refund_sen as number;
    expect(refund).toBeGreaterThanOrEqual(toSen(p57.product_amount) - 2);
    expect(refund).toBeLessThanOrEqual(toSen(p57.product_amount) + 2);
    const [after] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    expect(after!.amountSen + after!.refundedSen).toBe(o!.amountSen);
    const [sbx] = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
    expect(sbx!.refundedSen).toBe(refund);
    const [pay] = await h.db.select().from(payments).where(eq(payments.orderRefno, refno));
    expect([pay!.status, pay!.refundedSen]).toEqual(['paid', refund]);
    expect(await stockAt(h, 'S001', 'P0057')).toBe(0);
    const adjust = await h.db.select().from(pointTransactions).where(and(eq(pointTransactions.orderRefno, refno), eq(pointTransactions.kind, 'adjust')));
    const pointsAfter = (await h.db.select({ p: customers.points }).from(customers).where(eq(customers.memberCode, M)))[0]!.p;
    expect(pointsBefore - pointsAfter).toBe(-(adjust[0]?.points ?? 0));
    expect(h.sent(phone).slice(before)).toEqual([expect.stringContaining(formatAmount(refund))]);

    // The shopper sees the line taken off and the refund; staff see who did it.
    const shopper = (await h.call(`order_detail/${M}/${refno}`, { token })).json.data;
    expect(shopper.order_refunded).toBe(formatAmount(refund));
    expect(shopper.product.find((l: { product_code: string }) => l.product_code === 'P0057')).toMatchObject({ product_quantity: 0, product_short_quantity: 1 });
    expect(shopper.history.at(-1)).toMatchObject({ kind: 'short_pick', actor: 'operator' });
    const staffView = (await ops(`order/${refno}`, s001)).json.data;
    expect(staffView.history.at(-1)).toMatchObject({ kind: 'short_pick', staff_name: 'Aisyah S001' });
    expect(staffView.history.at(-1).reason).toContain('none on the shelf');

    // After ready, no more short picks; a later cancel refunds only what is left.
    await ops('order_status', s001, { order_refno: refno, to: 'Ready To Pickup' });
    expect((await ops('order_short_pick', s001, { order_refno: refno, product: [{ product_code: 'P0056', quantity: 0 }] })).status).toBe(409);
    const cancel = await ops('order_cancel', hq, { order_refno: refno, reason: 'not collected' });
    expect(cancel.json.refunded[0].amount_sen).toBe(o!.amountSen - refund);
    const [done] = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
    expect([done!.status, done!.refundedSen]).toEqual(['refunded', done!.amountSen]);
  });
});
