/**
 * Orders (coverage.md §3 Order, §4 Checkout, §7 add_order / order_listing / order_detail; docs/architecture.md "The
 * server recomputes"): prices, delivery and totals from the database, stock taken in the order's
 * transaction, idempotent retries, and refusals that change nothing. Concurrency: many members at
 * once, on PGlite or on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { catalogueLines, createMembers, pickupOrderBody, setStock as setStockAt, stockAt, type Line, type Member } from './order-fixtures';
import { lastingPickupSlot } from './place-order';
import { customers, memberVouchers, orderItems, orders, products, stores } from '../../src/server/xs-api/db/schema';
import { formatAmount, toSen } from '../../src/domain/money';
import { lineAmount, orderTotals } from '../../src/domain/totals';

let h: Harness;
let token: string;
const M: string = DEMO_MEMBER.memberCode;
const STORE = { code: 'S001', no: '' };
let pickup: { date: string; time: string };
let defaultAddressId: number;
/** Order numbers: 'WEB' + YYMMDD + 8 digits (src/domain/orders.ts formatOrderRefno). */
const REFNO = /^WEB\d{14}$/;

const stockOf = (code: string) => stockAt(h, STORE.code, code);
const setStock = (code: string, quantity: number) => setStockAt(h, STORE.code, code, quantity);
async function line(index: number, qty = 1): Promise<Line> {
  const rows = await h.db.select().from(products).orderBy(products.productCode).limit(1).offset(index);
  await setStock(rows[0]!.productCode, 20);
  return { code: rows[0]!.productCode, priceSen: rows[0]!.finalPriceSen, qty };
}
const pickupOrder = (lines: Line[], extra: Record<string, unknown> = {}) => pickupOrderBody(lines, { storeNo: STORE.no, ...pickup }, extra);
const orderCount = async () => (await h.db.select({ refno: orders.orderRefno }).from(orders)).length;

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: 'M900009', firstName: 'Other', mobile: '0199990009', passwordHash: 'x' });
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, STORE.code));
  STORE.no = s!.storeNo;
  const settings = (await h.call('self_pickup_min_time')).json.data;
  pickup = lastingPickupSlot(settings);
  defaultAddressId = (await h.call(`address_listing/${M}`, { token })).json.data[0].add_id;
});
afterAll(() => h?.close());

describe('add_order: store pick-up', () => {
  it('places the order priced from the database and takes the stock', async () => {
    const lines = [await line(0, 2), await line(1, 1)];
    await h.call(`add_cart/${M}?store=${STORE.no}`, { token, body: [{ product_code: lines[0]!.code, product_number: 2 }] });
    const before = await stockOf(lines[0]!.code);
    const r = await h.call(`add_order/${M}`, { token, body: pickupOrder(lines, { order_remark: 'Please pack separately' }) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.Status).toBe(1);
    expect(r.json.order_refno).toMatch(REFNO);
    expect(r.json.data).toMatchObject({
      order_status: 'Pending', order_del_type: 'PICKUP', order_del_pickup_date: pickup.date, order_del_pickup_time: pickup.time,
      order_del_pickup_store_code: STORE.code, order_remark: 'Please pack separately', bill_platform: 'website',
    });
    expect(r.json.data.product).toHaveLength(2);
    expect(await stockOf(lines[0]!.code)).toBe(before - 2);
    // The ordered products leave the cart.
    expect((await h.call(`get_cart/${M}?store=${STORE.no}`, { token })).json.data.items).toEqual([]);
    const listed = await h.call(`order_listing/${M}`, { token });
    expect(listed.json.data.map((o: { order_refno: string }) => o.order_refno)).toContain(r.json.order_refno);
    const detail = await h.call(`order_detail/${M}/${r.json.order_refno}`, { token });
    expect(detail.json.data.order_amount).toBe(r.json.data.order_amount);
  });

  it('returns the first order for a retry with the same idempotency key, taking stock once', async () => {
    const l = await line(2, 3);
    const body = pickupOrder([l]);
    const first = await h.call(`add_order/${M}`, { token, body });
    const again = await Promise.all([h.call(`add_order/${M}`, { token, body }), h.call(`add_order/${M}`, { token, body })]);
    for (const r of again) expect(r.json.order_refno).toBe(first.json.order_refno);
    expect(await stockOf(l.code)).toBe(20 - 3);
    expect(await h.db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotency_key))).toHaveLength(1);
  });

  it('refuses a stale price (409) and changes nothing', async () => {
    const l = await line(3, 1);
    const body = pickupOrder([{ ...l, priceSen: l.priceSen - 100 }]);
    const r = await h.call(`add_order/${M}`, { token, body });
    expect(r.status).toBe(409);
    expect(r.json.Error).toMatch(/Prices have changed/);
    expect(r.json.product[0]).toEqual({ product_code: l.code, product_price: formatAmount(l.priceSen) });
    expect(await stockOf(l.code)).toBe(20);
  });

  it('refuses a total that disagrees with the server', async () => {
    const l = await line(4, 1);
    const body = { ...pickupOrder([l]), order_amount: formatAmount(toSen(pickupOrder([l]).order_amount) - 5) };
    const r = await h.call(`add_order/${M}`, { token, body });
    expect(r.status).toBe(409);
    expect(r.json.Error).toContain('order_amount');
    expect(await stockOf(l.code)).toBe(20);
  });

  it('refuses more than the outlet has, naming what is left', async () => {
    const l = await line(5, 4);
    await setStock(l.code, 3);
    const r = await h.call(`add_order/${M}`, { token, body: pickupOrder([l]) });
    expect(r.status).toBe(409);
    expect(r.json.product).toEqual([{ product_code: l.code, available_quantity: 3 }]);
    expect(await stockOf(l.code)).toBe(3);
  });

  it('never sells more than the outlet has when orders race', async () => {
    const l = await line(6, 2);
    await setStock(l.code, 3);
    const results = await Promise.all([1, 2, 3].map(() => h.call(`add_order/${M}`, { token, body: pickupOrder([l]) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await stockOf(l.code)).toBe(1);
  });

  it('refuses a pick-up time in the past', async () => {
    const l = await line(7, 1);
    const r = await h.call(`add_order/${M}`, { token, body: pickupOrder([l], { order_del_pickup_date: '2020-01-01', order_del_pickup_time: '10:00' }) });
    expect(r.status).toBe(409);
    expect(r.json.Error).toBe('This order pickup date expired. Please reselect a new pickup date and time');
  });

  it('400 for bad payloads, 401 without a session, 403 for another member', async () => {
    const l = await line(8, 1);
    const good = pickupOrder([l]);
    for (const bad of [{}, { ...good, product: [] }, { ...good, order_del_type: 'DRONE' }, { ...good, order_remark: 'x'.repeat(181) }, { ...good, idempotency_key: 'short' }]) {
      const r = await h.call(`add_order/${M}`, { token, body: bad });
      expect(r.status).toBe(400);
      expect(r.json.Error).toBeTruthy();
    }
    expect((await h.call(`add_order/${M}`, { body: good })).status).toBe(401);
    expect((await h.call('add_order/M900009', { token, body: good })).status).toBe(403);
    expect(await stockOf(l.code)).toBe(20);
    expect((await h.call(`order_listing/M900009`, { token })).status).toBe(403);
  });
});

describe('add_order: home delivery and vouchers', () => {
  it('charges delivery from the address, applies the member voucher once', async () => {
    const first = await line(9, 1);
    // Enough units for the voucher's RM30 minimum spend.
    const l = { ...first, qty: Math.min(20, Math.ceil(3000 / first.priceSen)) };
    const subtotal = lineAmount(l.priceSen, l.qty);
    const charge = await h.call(`delivery_charges/${M}`, {
      token,
      body: { product: [{ product_code: l.code, product_quantity: l.qty }], state: 'KUL', distance_km: await distanceToStore() },
    });
    expect(charge.status).toBe(200);
    const serverCharge = toSen(charge.json.delivery_charges);
    const [voucher] = await h.db.select().from(memberVouchers).where(and(eq(memberVouchers.memberCode, M), eq(memberVouchers.vcCode, 'RM5OFF')));
    const attempt = async (deliverySen: number, key: string) => {
      const t = orderTotals({ subtotalSen: subtotal, deliverySen, voucher: '5.00' });
      return h.call(`add_order/${M}`, {
        token,
        body: {
          ...pickupOrder([l]),
          idempotency_key: key,
          order_del_type: 'DELIVERY',
          add_id: defaultAddressId,
          order_del_pickup_date: undefined,
          order_del_pickup_time: undefined,
          order_delivery_charges: formatAmount(deliverySen),
          order_voucher_no: voucher!.vmVoucherNo,
          order_voucher_amount: formatAmount(t.voucherSen),
          order_amount: formatAmount(t.totalSen),
        },
      });
    };
    // The delivery charge the server computes for the real distance; a client's 0 is refused.
    const wrong = await attempt(serverCharge + 100, 'delivery-wrong-charge');
    expect(wrong.status).toBe(409);
    expect(wrong.json.Error).toContain('order_delivery_charges');
    const ok = await attempt(serverCharge, 'delivery-ok');
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toMatchObject({ order_del_type: 'DELIVERY', order_voucher_amount: '5.00', order_voucher_code: 'RM5OFF', order_del_country: 'Malaysia' });
    expect(ok.json.data.order_del_address1).toBeTruthy();
    expect(ok.json.data.distance_km).toBeGreaterThanOrEqual(0);
    const reuse = await attempt(serverCharge, 'delivery-voucher-again');
    expect(reuse.status).toBe(409);
    expect(reuse.json).toMatchObject({ Error: 'This voucher has already been used.', reason: 'used' });
  });
});

async function distanceToStore() {
  const addr = (await h.call(`address_detail/${M}/${defaultAddressId}`, { token })).json.data;
  const list = (await h.call(`pickup_store_listing?latitude=${addr.latitude}&longitude=${addr.longitude}`)).json.data as { store_code: string; distance_km: number }[];
  return list.find((s) => s.store_code === STORE.code)!.distance_km;
}

describe('add_order: idempotency key replays', () => {
  it('answers the first order to every concurrent submit of one body, taking stock once', async () => {
    const l = await line(10, 2);
    const body = pickupOrder([l]);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call(`add_order/${M}`, { token, body })));
    for (const r of answers) expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(new Set(answers.map((r) => r.json.order_refno)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(l.code)).toBe(20 - 2);
  });

  it('refuses (409) the same key with a different body, changing nothing', async () => {
    const l = await line(11, 1);
    const other = await line(12, 1);
    const body = pickupOrder([l]);
    const first = await h.call(`add_order/${M}`, { token, body });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // An unused voucher of the member, which a refused replay must leave unused.
    const [voucher] = await h.db
      .insert(memberVouchers)
      .values({ vmVoucherNo: `VM-IDEM-${Date.now()}`, memberCode: M, vcCode: 'RM5OFF', vcNo: 'IDEM', expireDate: '2099-12-31' })
      .returning();
    const before = { orders: await orderCount(), l: await stockOf(l.code), other: await stockOf(other.code) };
    const variants = [
      { ...body, product: [{ ...body.product[0], product_quantity: 2 }] },
      pickupOrder([other], { idempotency_key: body.idempotency_key }),
      { ...body, order_remark: 'A different remark' },
      { ...body, order_voucher_no: voucher!.vmVoucherNo },
    ];
    for (const variant of variants) {
      const r = await h.call(`add_order/${M}`, { token, body: variant });
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json).toMatchObject({ Status: 0, Error: 'This request was already used for a different order. Please try again.' });
    }
    const zh = await h.call(`add_order/${M}`, { token, body: variants[0], headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('此请求已用于另一笔订单，请重试。');
    expect(await orderCount()).toBe(before.orders);
    expect(await stockOf(l.code)).toBe(before.l);
    expect(await stockOf(other.code)).toBe(before.other);
    const [after] = await h.db.select().from(memberVouchers).where(eq(memberVouchers.vmVoucherNo, voucher!.vmVoucherNo));
    expect(after).toMatchObject({ usedAt: null, usedOrderRefno: null });
    // The same body still answers the first order; the key stays with it.
    const again = await h.call(`add_order/${M}`, { token, body: { ...body, product: [...body.product] } });
    expect(again.json.order_refno).toBe(first.json.order_refno);
  });

  it('refuses the key of another member (409), and different bodies racing on one key make one order', async () => {
    const l = await line(13, 1);
    const body = pickupOrder([l]);
    expect((await h.call(`add_order/${M}`, { token, body })).status).toBe(200);
    const [other] = await createMembers(h, 1, 'K');
    const stolen = await h.call(`add_order/${other!.member}`, { token: other!.token, body });
    expect(stolen.status).toBe(409);
    expect(stolen.json.Error).toBe('This request was already used for a different order. Please try again.');

    const key = `race-${Date.now()}`;
    const bodies = [1, 2, 3, 4].map((qty) => pickupOrder([{ ...l, qty }], { idempotency_key: key }));
    const answers = await Promise.all(bodies.map((b) => h.call(`add_order/${M}`, { token, body: b })));
    expect(answers.filter((r) => r.status === 200), JSON.stringify(answers.map((r) => r.json))).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && /different order/.test(r.json.Error))).toHaveLength(3);
    const placed = await h.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(placed).toHaveLength(1);
    const [item] = await h.db.select().from(orderItems).where(eq(orderItems.orderRefno, placed[0]!.orderRefno));
    expect(await stockOf(l.code)).toBe(20 - 1 - item!.quantity);
  });
});

describe('add_order: the checkout remark rule (spec §5)', () => {
  it('answers a 400 with the spec message in the caller\'s language', async () => {
    const l = await line(14, 1);
    const body = pickupOrder([l], { order_remark: 'x'.repeat(181) });
    const texts = { en: 'remark should not exceed 180 characters', zh: '备注不能超过180个字符', ar: 'يجب ألا تتجاوز الملاحظة 180 حرفًا' };
    for (const [lang, text] of Object.entries(texts)) {
      const r = await h.call(`add_order/${M}`, { token, body, headers: { 'accept-language': lang } });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ Status: 0, Error: text, field: 'order_remark' });
    }
    // Trimmed first, as the checkout form does: 180 characters and spaces pass.
    const ok = await h.call(`add_order/${M}`, { token, body: pickupOrder([l], { order_remark: `  ${'y'.repeat(180)}  ` }) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.order_remark).toBe('y'.repeat(180));
    expect(await stockOf(l.code)).toBe(19);
  });
});

describe('add_order: many members at once', () => {
  const PRODUCTS = 40;
  let members: Member[];
  let lines: Line[];

  beforeAll(async () => {
    members = await createMembers(h, PRODUCTS);
    lines = await catalogueLines(h, 20, PRODUCTS);
    for (const l of lines) await setStock(l.code, 10);
  });

  it('40 members checking out 40 different products at the same moment, three rounds: 120 orders, no errors', async () => {
    const refnos: string[] = [];
    const started = performance.now();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        members.map((m, i) => h.call(`add_order/${m.member}`, { token: m.token, body: pickupOrder([lines[(i + round) % PRODUCTS]!]) })),
      );
      const failed = answers.filter((r) => r.status !== 200 || r.json.Status !== 1);
      expect(failed.map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
      refnos.push(...answers.map((r) => r.json.order_refno as string));
    }
    const ms = Math.round(performance.now() - started);
    console.info(`[orders] ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: 3 rounds × 40 concurrent checkouts → ${refnos.length} orders in ${ms} ms`);
    expect(refnos).toHaveLength(120);
    for (const refno of refnos) expect(refno).toMatch(REFNO);
    expect(new Set(refnos).size).toBe(120);
    const stored = await h.db.select({ refno: orders.orderRefno }).from(orders).where(inArray(orders.memberCode, members.map((m) => m.member)));
    expect(new Set(stored.map((o) => o.refno))).toEqual(new Set(refnos));
    for (const l of lines) expect(await stockOf(l.code)).toBe(10 - 3);
  });

  it('200 concurrent checkouts of one product with 10 in stock → exactly 10 orders', async () => {
    const l = { ...lines[0]! };
    await setStock(l.code, 10);
    const before = await h.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productCode, l.code));
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => members[i % PRODUCTS]!).map((m) => h.call(`add_order/${m.member}`, { token: m.token, body: pickupOrder([l]) })),
    );
    console.info(`[orders] ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: 200 concurrent checkouts of 10 units → ${Math.round(performance.now() - started)} ms`);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.json.product).toEqual([{ product_code: l.code, available_quantity: 0 }]);
    expect(await stockOf(l.code)).toBe(0);
    const after = await h.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productCode, l.code));
    expect(after.length - before.length).toBe(10);
  });
});
