/**
 * The member's vouchers and the checkout's voucher check (coverage.md §3 Voucher, §4 Checkout and Voucher
 * tabs, §7 member_voucher / expiry_voucher / validate_product_voucher): the Active and Expired/Used
 * listings, each refusal with its reason in the caller's language, the discount equal to add_order's,
 * one voucher for one order when 50 submits race, and a cancelled order giving its voucher back.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { catalogueLines, createMembers, pickupOrderBody, setStock, stockAt, type Line, type Member } from './order-fixtures';
import { lastingPickupSlot } from './place-order';
import { memberVouchers, orders, stores } from '../../src/server/xs-api/db/schema';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';
import { formatAmount } from '../../src/domain/money';
import { lineAmount, orderTotals, subtotal } from '../../src/domain/totals';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { formatPickupDate } from '../../src/domain/pickup';
import { clock } from '../../src/server/clock';

let h: Harness;
let me: Member;
let other: Member;
const STORE = { code: 'S001', no: '' };
let pickup: { date: string; time: string };
const today = shopDate(clock.now());

/** Vouchers of the test member, dated from today so the test never ages (RM5OFF min RM30, PCT10 min RM80, RM10OFF min RM50). */
const HELD = {
  soon: { vmVoucherNo: 'VT-SOON', vcCode: 'RM5OFF', vcNo: 'RM5-T-1', expireDate: today },
  later: { vmVoucherNo: 'VT-LATER', vcCode: 'PCT10', vcNo: 'P10-T-1', expireDate: addDays(today, 40) },
  race: { vmVoucherNo: 'VT-RACE', vcCode: 'RM5OFF', vcNo: 'RM5-T-2', expireDate: addDays(today, 40) },
  expired: { vmVoucherNo: 'VT-EXPIRED', vcCode: 'RM10OFF', vcNo: 'R10-T-1', expireDate: addDays(today, -1) },
  used: { vmVoucherNo: 'VT-USED', vcCode: 'RM5OFF', vcNo: 'RM5-T-3', expireDate: addDays(today, 40), usedAt: new Date('2026-01-02T03:04:05Z'), usedOrderRefno: 'WEB26010200000001' },
} as const;
const OTHERS = { vmVoucherNo: 'VT-OTHER', vcCode: 'RM5OFF', vcNo: 'RM5-T-9', expireDate: addDays(today, 40) };

/** One product, `qty` units (stock 200 at S001), priced from the catalogue. */
let product: Line;
const linesOf = (qty: number): Line[] => [{ ...product, qty }];
/** Units of `product` whose subtotal reaches `minSen`. */
const unitsFor = (minSen: number) => Math.ceil(minSen / product.priceSen);
const wire = (lines: Line[]) =>
  lines.map((l) => ({ product_code: l.code, product_quantity: l.qty, product_price: formatAmount(l.priceSen), product_amount: formatAmount(lineAmount(l.priceSen, l.qty)) }));

const validate = (who: Member, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.call(`validate_product_voucher/${who.member}`, { token: who.token, body, headers });
const check = (v: { vmVoucherNo: string; vcCode: string }, lines: Line[], extra: Record<string, unknown> = {}, who = me) =>
  validate(who, { product: wire(lines), vc_code: v.vcCode, vm_voucher_no: v.vmVoucherNo, ...extra });

beforeAll(async () => {
  h = await createHarness();
  [me, other] = await createMembers(h, 2, 'V');
  const base = { vcNo: '', memberCode: me!.member };
  await h.db.insert(memberVouchers).values(Object.values(HELD).map((v) => ({ ...base, ...v })));
  await h.db.insert(memberVouchers).values({ ...OTHERS, memberCode: other!.member });
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, STORE.code));
  STORE.no = s!.storeNo;
  [product] = await catalogueLines(h, 3, 1);
  await setStock(h, STORE.code, product!.code, 200);
  const settings = (await h.call('self_pickup_min_time')).json.data;
  pickup = lastingPickupSlot(settings);
}, 120_000);
afterAll(() => h?.close());

describe('member_voucher and expiry_voucher', () => {
  it('lists the active vouchers, soonest expiry first, with the spec §3 fields and the minimum spend', async () => {
    const r = await h.call(`member_voucher/${me.member}`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.json.Status).toBe(1);
    expect(r.json.data.map((v: { vm_voucher_no: string }) => v.vm_voucher_no)).toEqual(['VT-SOON', 'VT-LATER', 'VT-RACE']);
    expect(r.json.data[0]).toEqual({
      vc_image: '/images/vouchers/RM5OFF.svg', vc_code: 'RM5OFF', vc_no: 'RM5-T-1', vc_name: 'RM5 off', vm_voucher_no: 'VT-SOON',
      vc_expire_date: today, vc_amount: '5.00', vc_redeem_formula: 250, vc_tnc: expect.stringContaining('Minimum spend RM30.'), min_spend: '30.00',
    });
    expect(r.json.data[1]).toMatchObject({ vc_amount: '10%', min_spend: '80.00', vc_name: '10% off' });
  });
  it('names the vouchers in the language of the call', async () => {
    const r = await h.call(`member_voucher/${me.member}`, { token: me.token, headers: { 'accept-language': 'zh' } });
    expect(r.json.data.map((v: { vc_name: string }) => v.vc_name)).toEqual(['立减RM5', '九折优惠', '立减RM5']);
  });
  it('lists the used and expired ones, latest first (expired yesterday before used in January), a used one with its order', async () => {
    const r = await h.call(`expiry_voucher/${me.member}`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.json.data.map((v: { vm_voucher_no: string; status: string }) => [v.vm_voucher_no, v.status])).toEqual([['VT-EXPIRED', 'expired'], ['VT-USED', 'used']]);
    expect(r.json.data[1]).toMatchObject({ used_at: '2026-01-02T03:04:05.000Z', used_order_refno: 'WEB26010200000001', vc_code: 'RM5OFF' });
    expect(r.json.data[0]).toMatchObject({ used_at: null, used_order_refno: null, vc_expire_date: addDays(today, -1), min_spend: '50.00' });
  });
  it('shows a member only their own: 401 without a session, 403 for another member code', async () => {
    expect((await h.call(`member_voucher/${me.member}`)).status).toBe(401);
    const forbidden = await h.call(`member_voucher/${other.member}`, { token: me.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.Status).toBe(0);
    expect((await h.call(`expiry_voucher/${other.member}`, { token: me.token })).status).toBe(403);
    const theirs = await h.call(`member_voucher/${other.member}`, { token: other.token });
    expect(theirs.json.data.map((v: { vm_voucher_no: string }) => v.vm_voucher_no)).toEqual(['VT-OTHER']);
  });
});

describe('validate_product_voucher', () => {
  it('answers the fixed discount and the totals add_order computes', async () => {
    const lines = linesOf(unitsFor(3000));
    const r = await check(HELD.soon, lines);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const t = orderTotals({ subtotalSen: subtotal(lines.map((l) => ({ priceSen: l.priceSen, quantity: l.qty }))), deliverySen: 0, voucher: '5.00' });
    expect(r.json).toEqual({
      Status: 1, vm_voucher_no: 'VT-SOON', vc_code: 'RM5OFF', vc_name: 'RM5 off', vc_amount: '5.00',
      order_subtotal: formatAmount(t.subtotalSen), order_delivery_charges: '0.00', order_voucher_amount: '5.00',
      order_rounding: formatAmount(t.roundingSen), order_amount: formatAmount(t.totalSen),
    });
  });
  it('applies a percent voucher to subtotal + delivery, rounded like the order', async () => {
    const lines = linesOf(unitsFor(8000));
    const sub = lineAmount(product.priceSen, lines[0]!.qty);
    const r = await check(HELD.later, lines, { order_delivery_charges: '7.35' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const t = orderTotals({ subtotalSen: sub, deliverySen: 735, voucher: '10%' });
    expect(t.voucherSen).toBe(Math.round((sub + 735) / 10));
    expect(r.json).toMatchObject({ order_delivery_charges: '7.35', order_voucher_amount: formatAmount(t.voucherSen), order_amount: formatAmount(t.totalSen) });
  });
  it('refuses a voucher below its minimum spend, saying how much is missing, in the caller\'s language', async () => {
    const lines = linesOf(unitsFor(3000) - 1);
    const missing = formatAmount(3000 - lineAmount(product.priceSen, lines[0]!.qty));
    const r = await check(HELD.soon, lines);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ Status: 0, reason: 'min_spend', Error: `This voucher needs a minimum spend of RM 30.00 on products. Add RM ${missing} more to use it.` });
    const zh = await validate(me, { product: wire(lines), vc_code: 'RM5OFF', vm_voucher_no: 'VT-SOON' }, { 'accept-language': 'zh' });
    expect(zh.json.Error).toBe(`此优惠券需商品消费满 RM 30.00，再购买 RM ${missing} 即可使用。`);
  });
  it('refuses an expired voucher with its date, and a used one', async () => {
    const lines = linesOf(unitsFor(8000));
    const expired = await check(HELD.expired, lines);
    expect(expired.status).toBe(409);
    const [y, m, d] = addDays(today, -1).split('-');
    expect(expired.json).toMatchObject({ reason: 'expired', Error: `This voucher expired on ${d}/${m}/${y}.` });
    const ar = await validate(me, { product: wire(lines), vc_code: 'RM10OFF', vm_voucher_no: 'VT-EXPIRED' }, { 'accept-language': 'ar' });
    // The date in the caller's language (Arabic marks keep the day/month/year order), never EN-style.
    expect(ar.json.Error).toBe(`انتهت صلاحية هذه القسيمة في ${formatPickupDate(addDays(today, -1), 'ar')}.`);
    expect(ar.json.Error).not.toContain(`${d}/${m}/${y}`);
    const zh = await validate(me, { product: wire(lines), vc_code: 'RM10OFF', vm_voucher_no: 'VT-EXPIRED' }, { 'accept-language': 'zh' });
    expect(zh.json.Error).toContain(`${y}/${m}/${d}`);
    const used = await check(HELD.used, lines);
    expect(used.status).toBe(409);
    expect(used.json).toMatchObject({ reason: 'used', Error: 'This voucher has already been used.' });
  });
  it('refuses another member\'s voucher as unknown (409), as it does a made-up number or the wrong kind', async () => {
    const lines = linesOf(unitsFor(3000));
    for (const v of [OTHERS, { vmVoucherNo: 'VT-NOSUCH', vcCode: 'RM5OFF' }, { vmVoucherNo: 'VT-SOON', vcCode: 'RM10OFF' }]) {
      const r = await check(v, lines);
      expect(r.status, v.vmVoucherNo).toBe(409);
      expect(r.json).toMatchObject({ Status: 0, reason: 'unknown', Error: 'This voucher is not one of yours. Please choose another.' });
    }
    // The owner can: the refusal above was about who asked.
    expect((await check(OTHERS, lines, {}, other)).status).toBe(200);
    // And nobody validates through another member's path.
    expect((await check(OTHERS, lines, {}, { member: other.member, token: me.token })).status).toBe(403);
  });
  it('prices the lines from the database: a stale price is refused (409), an unknown product 404', async () => {
    const lines = linesOf(unitsFor(3000));
    const stale = await validate(me, { product: wire(lines).map((l) => ({ ...l, product_price: '0.01', product_amount: undefined })), vc_code: 'RM5OFF', vm_voucher_no: 'VT-SOON' });
    expect(stale.status).toBe(409);
    expect(stale.json.product[0]).toEqual({ product_code: product.code, product_price: formatAmount(product.priceSen) });
    const unknown = await validate(me, { product: [{ product_code: 'NOPE', product_quantity: 1, product_price: '1.00' }], vc_code: 'RM5OFF', vm_voucher_no: 'VT-SOON' });
    expect(unknown.status).toBe(404);
  });
  it('answers 400 in the caller\'s language for malformed payloads, never a 500', async () => {
    const good = { product: wire(linesOf(2)), vc_code: 'RM5OFF', vm_voucher_no: 'VT-SOON' };
    for (const body of [
      {},
      { ...good, product: [] },
      { ...good, vc_code: undefined },
      { ...good, vm_voucher_no: undefined },
      { ...good, vm_voucher_no: 'VT SOON\u0000' },
      { ...good, vc_code: '<script>' },
      { ...good, order_delivery_charges: '-1.00' },
      { ...good, order_delivery_charges: '1e9' },
      { ...good, order_delivery_charges: 1e20 },
      { ...good, product: [...good.product, ...good.product] },
      { ...good, product: [{ ...good.product[0], product_quantity: 0 }] },
    ]) {
      const r = await validate(me, body as Record<string, unknown>);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error).toBeTruthy();
    }
    const zh = await validate(me, {}, { 'accept-language': 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.json.Error).not.toMatch(/^[\x20-\x7e]*$/);
    expect((await h.call(`validate_product_voucher/${me.member}`, { token: me.token, body: 'not json' })).status).toBe(400);
    expect((await h.call(`validate_product_voucher/${me.member}`, { body: good })).status).toBe(401);
  });
});

describe('one voucher, one order', () => {
  it('50 concurrent add_order calls with the same voucher (different keys): exactly one order uses it, the others are refused (409, used)', async () => {
    const lines = linesOf(unitsFor(3000));
    const sub = lineAmount(product.priceSen, lines[0]!.qty);
    const quote = await check(HELD.race, lines);
    expect(quote.status).toBe(200);
    const t = orderTotals({ subtotalSen: sub, deliverySen: 0, voucher: '5.00' });
    const before = await stockAt(h, STORE.code, product.code);
    const body = () => pickupOrderBody(lines, { storeNo: STORE.no, ...pickup }, {
      order_voucher_no: HELD.race.vmVoucherNo,
      order_voucher_amount: quote.json.order_voucher_amount,
      order_rounding: quote.json.order_rounding,
      order_amount: quote.json.order_amount,
    });
    expect(quote.json.order_amount).toBe(formatAmount(t.totalSen));
    const answers = await Promise.all(Array.from({ length: 50 }, () => h.call(`add_order/${me.member}`, { token: me.token, body: body() })));
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r, JSON.stringify(r.json)).toMatchObject({ status: 409, json: { Status: 0, reason: 'used', Error: 'This voucher has already been used.' } });
    const order = placed[0]!.json.data;
    // The order carries exactly the discount validate_product_voucher announced.
    expect(order).toMatchObject({ order_voucher_no: 'VT-RACE', order_voucher_code: 'RM5OFF', order_voucher_amount: quote.json.order_voucher_amount, order_amount: quote.json.order_amount });
    const [held] = await h.db.select().from(memberVouchers).where(eq(memberVouchers.vmVoucherNo, HELD.race.vmVoucherNo));
    expect(held!.usedOrderRefno).toBe(order.order_refno);
    expect(await stockAt(h, STORE.code, product.code)).toBe(before - lines[0]!.qty);
    const withVoucher = await h.db.select().from(orders).where(eq(orders.voucherNo, HELD.race.vmVoucherNo));
    expect(withVoucher).toHaveLength(1);
    // The voucher now shows as used, and the check refuses it.
    expect((await check(HELD.race, lines)).json.reason).toBe('used');
    const past = (await h.call(`expiry_voucher/${me.member}`, { token: me.token })).json.data;
    expect(past.find((v: { vm_voucher_no: string }) => v.vm_voucher_no === 'VT-RACE')).toMatchObject({ status: 'used', used_order_refno: order.order_refno });

    // Cancelling the order frees the voucher: valid again, listed as active again.
    await changeOrderStatus(h.db, { orderRefno: order.order_refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: me.member });
    const again = await check(HELD.race, lines);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.order_voucher_amount).toBe('5.00');
    const active = (await h.call(`member_voucher/${me.member}`, { token: me.token })).json.data;
    expect(active.map((v: { vm_voucher_no: string }) => v.vm_voucher_no)).toContain('VT-RACE');
    // And a new order can use it.
    const reuse = await h.call(`add_order/${me.member}`, { token: me.token, body: body() });
    expect(reuse.status, JSON.stringify(reuse.json)).toBe(200);
    expect(reuse.json.data.order_voucher_no).toBe('VT-RACE');
  }, 120_000);
});
