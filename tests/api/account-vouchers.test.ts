/**
 * Redeeming points for vouchers and the points history (coverage.md §1 points, §2 Account vouchers and
 * my-rewards, §7 get_voucher, §8 'Not enough point to redeem'): a redemption takes the points off,
 * issues the voucher and writes a history row in one transaction; a short balance changes nothing;
 * 20 concurrent redemptions with points for 3 issue exactly 3 and never take the balance below 0;
 * a member cannot act on another's path nor read another's history entry.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { createMembers, type Member } from './order-fixtures';
import { customers, memberVouchers, pointTransactions } from '../../src/server/xs-api/db/schema';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { REDEEMED_VOUCHER_VALID_DAYS } from '../../src/domain/vouchers';
import { clock } from '../../src/server/clock';

let h: Harness;
let me: Member;
let other: Member;
let racer: Member;

const setPoints = (m: Member, points: number) => h.db.update(customers).set({ points }).where(eq(customers.memberCode, m.member));
const pointsOf = async (m: Member) => (await h.db.select({ p: customers.points }).from(customers).where(eq(customers.memberCode, m.member)))[0]!.p;
const heldBy = (m: Member) => h.db.select().from(memberVouchers).where(eq(memberVouchers.memberCode, m.member));
const historyOf = (m: Member) => h.db.select().from(pointTransactions).where(eq(pointTransactions.memberCode, m.member));
const redeem = (m: Member, body: Record<string, unknown>, who = m, headers: Record<string, string> = {}) =>
  h.call(`get_voucher/${m.member}`, { token: who.token, body, headers });

beforeAll(async () => {
  h = await createHarness();
  [me, other, racer] = await createMembers(h, 3, 'R');
}, 120_000);
afterAll(() => h?.close());

describe('redeem_voucher_listing', () => {
  it('lists the kinds redeemable with points, cheapest first, without the birthday voucher', async () => {
    const r = await h.call('redeem_voucher_listing');
    expect(r.status).toBe(200);
    expect(r.json.data.map((v: { vc_code: string; vc_redeem_formula: number }) => [v.vc_code, v.vc_redeem_formula])).toEqual([
      ['RM5OFF', 250], ['RM10OFF', 500], ['PCT10', 800],
    ]);
  });
});

describe('get_voucher (redeem with points)', () => {
  it('takes the points off, issues the voucher and writes a negative history row', async () => {
    await setPoints(me, 600);
    const r = await redeem(me, { vc_code: 'RM5OFF' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, voucher_created: 1, points_used: 250, customer_point: 350 });
    expect(r.json.data).toMatchObject({ vc_code: 'RM5OFF', vc_name: 'RM5 off', vc_amount: '5.00', vc_expire_date: addDays(shopDate(clock.now()), REDEEMED_VOUCHER_VALID_DAYS - 1) });
    expect(await pointsOf(me)).toBe(350);
    const held = await heldBy(me);
    expect(held.map((v) => v.vmVoucherNo)).toEqual([r.json.data.vm_voucher_no]);
    const history = await historyOf(me);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ transNo: r.json.transno, points: -250, description: 'Redeemed: RM5 off voucher' });
    const active = await h.call(`member_voucher/${me.member}`, { token: me.token });
    expect(active.json.data.map((v: { vm_voucher_no: string }) => v.vm_voucher_no)).toContain(r.json.data.vm_voucher_no);
  });

  it("refuses with 409 'Not enough point to redeem' when short, and changes nothing", async () => {
    await setPoints(other, 499);
    const r = await redeem(other, { vc_code: 'RM10OFF' });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ Status: 0, Error: 'Not enough point to redeem' });
    const zh = await redeem(other, { vc_code: 'RM10OFF' }, other, { 'accept-language': 'zh' });
    expect(zh.json.Error).toBe('积分不足，无法兑换');
    expect(await pointsOf(other)).toBe(499);
    expect(await heldBy(other)).toEqual([]);
    expect(await historyOf(other)).toEqual([]);
  });

  it('answers 404 for an unknown kind or the birthday voucher, 400 for a malformed code or a missing body field', async () => {
    await setPoints(other, 5000);
    expect((await redeem(other, { vc_code: 'NOPE' })).status).toBe(404);
    expect((await redeem(other, { vc_code: 'BDAY10' })).status).toBe(404);
    expect((await redeem(other, { vc_code: 'bad code!' })).status).toBe(400);
    expect((await redeem(other, {})).status).toBe(400);
    expect(await pointsOf(other)).toBe(5000);
    expect(await heldBy(other)).toEqual([]);
  });

  it('refuses a body mixing a redemption (vc_code) with the birthday claim (voucher_info) with 400, and nothing changes', async () => {
    await setPoints(other, 250);
    const r = await redeem(other, { vc_code: 'RM5OFF', total_redemption: 0, voucher_info: [{ voucher_type: 'birthday' }] });
    expect(r.status).toBe(400);
    expect(await pointsOf(other)).toBe(250);
    expect(await heldBy(other)).toEqual([]);
  });

  it("refuses member A on member B's path with 403, and without a session with 401", async () => {
    await setPoints(other, 1000);
    expect((await redeem(other, { vc_code: 'RM5OFF' }, me)).status).toBe(403);
    expect((await h.call(`get_voucher/${other.member}`, { body: { vc_code: 'RM5OFF' } })).status).toBe(401);
    expect((await h.call(`points_history/${other.member}`, { token: me.token })).status).toBe(403);
    expect(await pointsOf(other)).toBe(1000);
  });

  it('issues exactly 3 of 20 concurrent redemptions when the points pay for 3, never below 0', async () => {
    await setPoints(racer, 3 * 250 + 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(racer, { vc_code: 'RM5OFF' })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(17);
    for (const a of ok) expect(a.json.customer_point).toBeGreaterThanOrEqual(0);
    expect(await pointsOf(racer)).toBe(100);
    expect(await heldBy(racer)).toHaveLength(3);
    const history = await historyOf(racer);
    expect(history.map((t) => t.points)).toEqual([-250, -250, -250]);
  });
});

describe('points_history and points_history_detail', () => {
  it('lists the history newest first with the balance after each entry', async () => {
    const demo = await h.login();
    const r = await h.call(`points_history/${demo.member}`, { token: demo.token });
    expect(r.status).toBe(200);
    const entries = r.json.data as { transno: string; created_at: string; balance_after: number; points: number }[];
    expect(entries.length).toBeGreaterThan(1);
    expect(entries[0]!.balance_after).toBe(r.json.customer_point);
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i - 1]!.created_at >= entries[i]!.created_at).toBe(true);
      expect(entries[i]!.balance_after).toBe(entries[i - 1]!.balance_after - entries[i - 1]!.points);
    }
  });

  it('shows a redemption first in the history and reads it by its transno', async () => {
    const r = await h.call(`points_history/${me.member}`, { token: me.token });
    const [first] = r.json.data;
    expect(first).toMatchObject({ points: -250, balance_after: 350, description: 'Redeemed: RM5 off voucher' });
    const one = await h.call(`points_history_detail/${me.member}/${first.transno}`, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual(first);
  });

  it("answers 404 for another member's transno or an unknown one, 400 for a malformed one", async () => {
    const [mine] = (await h.call(`points_history/${me.member}`, { token: me.token })).json.data;
    const r = await h.call(`points_history_detail/${other.member}/${mine.transno}`, { token: other.token });
    expect(r.status).toBe(404);
    expect(r.json.Status).toBe(0);
    expect((await h.call(`points_history_detail/${other.member}/PT0000000000`, { token: other.token })).status).toBe(404);
    expect((await h.call(`points_history_detail/${other.member}/${encodeURIComponent('bad no!')}`, { token: other.token })).status).toBe(400);
  });
});
