/**
 * Every points movement carries its reason (issue 24 "Words and numbers"): a redemption, an order's
 * points and the demo history answer `reason` and `reason_params` (codes and numbers, and the
 * voucher's name in the caller's language), so the shop words each line in Chinese or Arabic; and
 * migration 0012_point_reasons_and_voucher_terms converts the rows written before reasons existed (its UPDATE
 * statements, run here on rows in the old shape).
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { createMembers, type Member } from './order-fixtures';
import { customers, pointTransactions, vouchers } from '../../src/server/xs-api/db/schema';

let h: Harness;
let me: Member;
let old: Member;

beforeAll(async () => {
  h = await createHarness();
  [me, old] = await createMembers(h, 2, 'W');
}, 120_000);
afterAll(() => h?.close());

describe('points_history answers each movement with its reason', () => {
  it('words nothing itself: the demo history has a reason per line, with its receipt or voucher', async () => {
    const demo = await h.login();
    const r = await h.call(`points_history/${demo.member}`, { token: demo.token, headers: { 'accept-language': 'zh' } });
    expect(r.status).toBe(200);
    const byNo = Object.fromEntries((r.json.data as { transno: string; reason: string; reason_params: object }[]).map((e) => [e.transno, [e.reason, e.reason_params]]));
    expect(byNo).toMatchObject({
      PT2601050001: ['welcome', {}],
      PT2602140007: ['double_points', {}],
      PT2606300012: ['redeem', { voucher: 'RM5OFF', voucher_name: '立减RM5' }],
      PT2609120042: ['outlet_purchase', { receipt: 'S001-20260912-0042' }],
    });
  });

  it('a redemption stores reason redeem with the voucher code, named in the caller’s language', async () => {
    await h.db.update(customers).set({ points: 600 }).where(eq(customers.memberCode, me.member));
    expect((await h.call(`get_voucher/${me.member}`, { token: me.token, body: { vc_code: 'RM5OFF' } })).status).toBe(200);
    const ar = await h.call(`points_history/${me.member}`, { token: me.token, headers: { 'accept-language': 'ar' } });
    expect(ar.json.data[0]).toMatchObject({ points: -250, reason: 'redeem', reason_params: { voucher: 'RM5OFF', voucher_name: 'خصم RM5' } });
    const one = await h.call(`points_history_detail/${me.member}/${ar.json.data[0].transno}`, { token: me.token, headers: { 'accept-language': 'zh' } });
    expect(one.json.data).toMatchObject({ reason: 'redeem', reason_params: { voucher_name: '立减RM5' } });
  });
});

describe('voucher terms in the caller’s language', () => {
  it('answers a voucher kind’s terms in Chinese and Arabic, in English by default', async () => {
    const zh = await h.call('voucher_detail/RM5OFF?lang=zh');
    expect(zh.status).toBe(200);
    expect(zh.json.data.vc_tnc).toBe('最低消费RM30。仅限网上订单使用。每笔订单限用一张优惠券。不可兑换现金。');
    expect((await h.call('voucher_detail/RM5OFF?lang=ar')).json.data.vc_tnc).toMatch(/^الحد الأدنى للشراء RM30\./);
    expect((await h.call('voucher_detail/RM5OFF')).json.data.vc_tnc).toMatch(/^Minimum spend RM30\./);
  });
});

describe('migration 0012_point_reasons_and_voucher_terms', () => {
  const statements = () =>
    readFileSync(new URL('../../src/server/xs-api/db/migrations/0012_point_reasons_and_voucher_terms.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim());

  it('gives the terms written in English only their Chinese and Arabic', async () => {
    const [before] = await h.db.select({ tnc: vouchers.vcTnc }).from(vouchers).where(eq(vouchers.vcCode, 'RM10OFF'));
    await h.db.update(vouchers).set({ vcTnc: { en: before!.tnc.en } }).where(eq(vouchers.vcCode, 'RM10OFF'));
    for (const update of statements().filter((s) => s.startsWith('UPDATE "vouchers"'))) await h.db.execute(sql.raw(update));
    const [after] = await h.db.select({ tnc: vouchers.vcTnc }).from(vouchers).where(eq(vouchers.vcCode, 'RM10OFF'));
    expect(after!.tnc).toEqual(before!.tnc);
  });

  it('gives the rows written before reasons their reason and parameters', async () => {
    const updates = statements().filter((s) => s.startsWith('UPDATE "point_transactions"'));
    expect(updates.length).toBeGreaterThan(5);
    const at = new Date('2026-03-01T10:00:00+08:00');
    const row = (transNo: string, points: number, description: string, extra: object = {}) => ({ transNo, memberCode: old.member, points, description, createdAt: at, ...extra });
    await h.db.insert(pointTransactions).values([
      row('PTOLD0001', 500, 'Welcome bonus'),
      row('PTOLD0002', -500, 'Redeemed: RM10 off voucher'),
      row('PTOLD0003', 40, 'Purchase S002-20260301-0007', { storeCode: 'S002' }),
      row('PTOLD0004', 35, 'Order WEB2603010042', { orderRefno: 'WEB2603010042', kind: 'earn' }),
      row('PTOLD0005', -15, 'Reversed: order WEB2603010042 cancelled (20 points already spent)', { orderRefno: 'WEB2603010042', kind: 'reverse' }),
      row('PTOLD0006', -3, 'Adjusted: items of order WEB2603010043 not available', { orderRefno: 'WEB2603010043', kind: 'adjust' }),
      row('PTOLD0007', 7, 'Something staff typed'),
    ]);
    for (const update of updates) await h.db.execute(sql.raw(update));
    const rows = await h.db.select().from(pointTransactions).where(eq(pointTransactions.memberCode, old.member));
    const got = Object.fromEntries(rows.map((r) => [r.transNo, [r.reason, r.reasonParams]]));
    expect(got).toEqual({
      PTOLD0001: ['welcome', {}],
      PTOLD0002: ['redeem', { voucher: 'RM10OFF' }],
      PTOLD0003: ['outlet_purchase', { receipt: 'S002-20260301-0007' }],
      PTOLD0004: ['order_earn', { order: 'WEB2603010042' }],
      PTOLD0005: ['order_reverse', { order: 'WEB2603010042', shortfall: 20 }],
      PTOLD0006: ['order_adjust', { order: 'WEB2603010043', shortfall: 0 }],
      PTOLD0007: ['other', {}],
    });
  });
});
