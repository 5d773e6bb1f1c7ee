/**
 * Outlet purchases (coverage.md §3 Purchase history by fromDate and toDate; §7 get_purchase_history_data,
 * view_purchase_item_bybill, print_offline_bill): the history of a date range, newest first, with
 * its sum; malformed, reversed or too long ranges answer 400 in the caller's language; a bill is
 * read only by its own member — view_purchase_item_bybill names no member in its path, the session
 * decides — and an unknown bill answers 404.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { createMembers, type Member } from './order-fixtures';
import { outletPurchases, products } from '../../src/server/xs-api/db/schema';
import { DEMO_OUTLET_PURCHASES } from '../../src/server/xs-api/db/seed/member';
import { formatAmount } from '../../src/domain/money';
import { eq } from 'drizzle-orm';
import { clock } from '../../src/server/clock';

let h: Harness;
let demo: Member;
let other: Member;

const [september, november] = DEMO_OUTLET_PURCHASES as [(typeof DEMO_OUTLET_PURCHASES)[0], (typeof DEMO_OUTLET_PURCHASES)[0]];
const history = (m: Member, from: string, to: string, as = m, headers: Record<string, string> = {}) =>
  h.call(`get_purchase_history_data/${m.member}/${from}/${to}`, { token: as.token, headers });

beforeAll(async () => {
  h = await createHarness();
  demo = await h.login();
  [other] = await createMembers(h, 1, 'P');
  // A bill of the other member, the same day as the demo member's November bill.
  await h.db.insert(outletPurchases).values({
    transNo: 'S002-20261108-0007', memberCode: other!.member, storeCode: 'S002', purchaseDate: '2026-11-08', amountSen: 1234,
    items: [{ product_code: november.items[0]!.product_code, product_name: 'Minced Pork', quantity: 1, amount_sen: 1234 }],
  });
}, 120_000);
afterAll(() => h?.close());

describe('get_purchase_history_data', () => {
  it("lists the member's bills in the range, newest first, with their sum and outlet names", async () => {
    const r = await history(demo, '2026-01-01', '2026-12-31');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, from_date: '2026-01-01', to_date: '2026-12-31' });
    expect(r.json.data.map((b: { transno: string }) => b.transno)).toEqual([november.transNo, september.transNo]);
    expect(r.json.total_amount).toBe(formatAmount(november.amountSen! + september.amountSen!));
    const [first] = r.json.data;
    expect(first).toMatchObject({ trans_date: '2026-11-08', store_code: 'S005', bill_amount: formatAmount(november.amountSen!), item_count: november.items.length });
    expect(first.store_name).toMatch(/\S/);
    expect(first.store_name).not.toBe('S005');
  });

  it('includes both ends of the range and leaves out bills outside it', async () => {
    const day = await history(demo, '2026-11-08', '2026-11-08');
    expect(day.json.data.map((b: { transno: string }) => b.transno)).toEqual([november.transNo]);
    const before = await history(demo, '2026-09-13', '2026-11-07');
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual([]);
    expect(before.json.total_amount).toBe('0.00');
  });

  it("never lists another member's bills", async () => {
    const mine = await history(other, '2026-11-01', '2026-11-30');
    expect(mine.json.data.map((b: { transno: string }) => b.transno)).toEqual(['S002-20261108-0007']);
    const theirs = await history(demo, '2026-11-01', '2026-11-30');
    expect(theirs.json.data.map((b: { transno: string }) => b.transno)).toEqual([november.transNo]);
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'purchase_date_invalid', 'fromDate'],
    ['2026-01-01', '2026-13-01', 'purchase_date_invalid', 'toDate'],
    ['01-01-2026', '2026-03-01', 'purchase_date_invalid', 'fromDate'],
    ['2026-1-1', '2026-03-01', 'purchase_date_invalid', 'fromDate'],
    ['2026-11-23', '2026-08-23', 'purchase_range_order', 'fromDate'],
    ['2025-01-01', '2026-01-02', 'purchase_range_too_long', 'fromDate'],
  ])('refuses %s..%s with 400 (%s)', async (from, to, _key, field) => {
    const r = await history(demo, from, to);
    expect(r.status).toBe(400);
    expect(r.json.Status).toBe(0);
    expect(r.json.field).toBe(field);
    expect(r.json.Error).toMatch(/\S/);
  });

  it('answers the refusals in the caller’s language', async () => {
    const en = await history(demo, '2026-11-23', '2026-08-23');
    expect(en.json.Error).toBe('The From date must not be after the To date.');
    const zh = await history(demo, '2026-11-23', '2026-08-23', demo, { 'accept-language': 'zh' });
    expect(zh.json.Error).toBe('开始日期不能晚于结束日期。');
    const ar = await history(demo, 'yesterday', '2026-08-23', demo, { 'accept-language': 'ar' });
    expect(ar.json.Error).toBe('يرجى إدخال التواريخ بالصيغة YYYY-MM-DD، مثل 2026-11-23.');
    const long = await history(demo, '2024-01-01', '2026-01-01');
    expect(long.json.Error).toBe('Please choose a range of at most 366 days.');
  });

  it('accepts a range of exactly 366 days', async () => {
    const r = await history(demo, '2026-01-01', '2027-01-01');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(2);
  });

  it("refuses another member's path with 403 and no session with 401", async () => {
    expect((await history(demo, '2026-01-01', '2026-12-31', other)).status).toBe(403);
    expect((await h.call(`get_purchase_history_data/${DEMO_MEMBER.memberCode}/2026-01-01/2026-12-31`)).status).toBe(401);
  });
});

describe('view_purchase_item_bybill (member from the session)', () => {
  it('answers the bill with its lines, names in the caller’s language', async () => {
    const r = await h.call(`view_purchase_item_bybill/${september.transNo}`, { token: demo.token });
    expect(r.status).toBe(200);
    const bill = r.json.data;
    expect(bill).toMatchObject({ transno: september.transNo, trans_date: '2026-09-12', store_code: 'S001', bill_amount: formatAmount(september.amountSen!) });
    expect(bill.items).toHaveLength(september.items.length);
    expect(bill.items.map((i: { product_code: string; product_quantity: number; product_amount: string }) => [i.product_code, i.product_quantity, i.product_amount])).toEqual(
      september.items.map((i) => [i.product_code, i.quantity, formatAmount(i.amount_sen)]),
    );
    const code = september.items[0]!.product_code;
    const [product] = await h.db.select({ name: products.productName }).from(products).where(eq(products.productCode, code));
    const zh = await h.call(`view_purchase_item_bybill/${september.transNo}`, { token: demo.token, headers: { 'accept-language': 'zh' } });
    expect(zh.json.data.items[0].product_name).toBe(product!.name.zh);
    expect(zh.json.data.items[0].product_name).not.toBe(september.items[0]!.product_name);
  });

  it('accepts the optional type segments', async () => {
    expect((await h.call(`view_purchase_item_bybill/${september.transNo}/POS`, { token: demo.token })).status).toBe(200);
    expect((await h.call(`view_purchase_item_bybill/${september.transNo}/POS/A4`, { token: demo.token })).status).toBe(200);
    expect((await h.call(`view_purchase_item_bybill/${september.transNo}/${encodeURIComponent('no good')}`, { token: demo.token })).status).toBe(400);
  });

  it("answers 404 for another member's bill, exactly as for an unknown one, and 401 without a session", async () => {
    const stolen = await h.call(`view_purchase_item_bybill/${september.transNo}`, { token: other.token });
    expect(stolen.status).toBe(404);
    expect(stolen.json).toEqual({ Status: 0, Error: `Bill ${september.transNo} was not found.` });
    const unknown = await h.call('view_purchase_item_bybill/S001-20260101-9999', { token: demo.token });
    expect(unknown.status).toBe(404);
    expect((await h.call('view_purchase_item_bybill/S002-20261108-0007', { token: demo.token })).status).toBe(404);
    expect((await h.call(`view_purchase_item_bybill/${september.transNo}`)).status).toBe(401);
    expect((await h.call(`view_purchase_item_bybill/${september.transNo}`, { token: 'not-a-session' })).status).toBe(401);
  });

  it('answers 400 for a malformed number', async () => {
    expect((await h.call(`view_purchase_item_bybill/${encodeURIComponent("x' OR 1=1")}`, { token: demo.token })).status).toBe(400);
    expect((await h.call(`view_purchase_item_bybill/${'A'.repeat(41)}`, { token: demo.token })).status).toBe(400);
  });
});

describe('print_offline_bill', () => {
  it('answers the bill, the company header, the member and when it was printed', async () => {
    const r = await h.call(`print_offline_bill/${demo.member}/S005/${november.transNo}`, { token: demo.token });
    expect(r.status).toBe(200);
    expect(r.json.data.bill).toMatchObject({ transno: november.transNo, store_code: 'S005', bill_amount: formatAmount(november.amountSen!) });
    expect(r.json.data.bill.items).toHaveLength(november.items.length);
    expect(r.json.data.company.company_name).toBe('XS Fresh Mart');
    expect(r.json.data.member).toEqual({ member_code: DEMO_MEMBER.memberCode, customer_firstname: expect.any(String) });
    expect(Math.abs(Date.parse(r.json.data.printed_at) - clock.ms())).toBeLessThan(60_000);
  });

  it("answers 404 for the wrong outlet or another member's bill, 403 on another member's path", async () => {
    expect((await h.call(`print_offline_bill/${demo.member}/S001/${november.transNo}`, { token: demo.token })).status).toBe(404);
    expect((await h.call(`print_offline_bill/${other.member}/S005/${november.transNo}`, { token: other.token })).status).toBe(404);
    expect((await h.call(`print_offline_bill/${demo.member}/S005/${november.transNo}`, { token: other.token })).status).toBe(403);
  });
});
