/**
 * The birthday voucher claim (coverage.md §4 Birthday, §7 get_voucher "birthday claim sends
 * total_redemption and voucher_info"; src/server/xs-api/services/birthday.ts): customer_detail says
 * is_birthday in the birthday month (Malaysian date) and birthday_claimed once claimed; a claim
 * issues the birthday voucher once a year — 20 concurrent claims issue exactly one; outside the
 * birthday month, a second claim, a bad body or another member's path change nothing.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { BIRTHDAY_MEMBER } from '../../src/server/xs-api/db/seed';
import { createMembers, type Member } from './order-fixtures';
import { customers, memberVouchers } from '../../src/server/xs-api/db/schema';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { BIRTHDAY_VOUCHER_VALID_DAYS } from '../../src/domain/vouchers';
import { claimBirthdayVoucher } from '../../src/server/xs-api/services/birthday';
import { clock } from '../../src/server/clock';

let h: Harness;
let me: Member;
let other: Member;
let racer: Member;

const CLAIM = { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday' }] };
const today = () => shopDate(clock.now());
/** A birthday in this Malaysian month (1992 is a leap year, so 29 February is a date). */
const birthdayNow = () => `1992-${today().slice(5)}`;
/** A birthday in another month than this one. */
const birthdayElsewhere = () => `1992-${String((Number(today().slice(5, 7)) % 12) + 1).padStart(2, '0')}-15`;

const setMember = (m: Member, values: Partial<typeof customers.$inferInsert>) => h.db.update(customers).set(values).where(eq(customers.memberCode, m.member));
const heldBy = (m: Member) => h.db.select().from(memberVouchers).where(eq(memberVouchers.memberCode, m.member));
const profileOf = async (m: Member) => (await h.call(`customer_detail/${m.member}`, { token: m.token })).json.data;
const claim = (m: Member, body: unknown = CLAIM, who = m, headers: Record<string, string> = {}) => h.call(`get_voucher/${m.member}`, { token: who.token, body, headers });

beforeAll(async () => {
  h = await createHarness();
  [me, other, racer] = await createMembers(h, 3, 'B');
}, 120_000);
afterAll(() => h?.close());

describe('customer_detail birthday flags', () => {
  it('seeds a birthday member who can claim now, and a demo member who never gets the modal', async () => {
    const bday = await h.login(BIRTHDAY_MEMBER.mobile, BIRTHDAY_MEMBER.password);
    expect((await h.call(`customer_detail/${bday.member}`, { token: bday.token })).json.data).toMatchObject({ is_birthday: 1, birthday_claimed: 0 });
    const demo = await h.login();
    expect((await h.call(`customer_detail/${DEMO_MEMBER.memberCode}`, { token: demo.token })).json.data).toMatchObject({ is_birthday: 0 });
  });

  it('says is_birthday 1 in the birthday month, 0 otherwise or without a birthday; birthday_claimed follows the year', async () => {
    await setMember(me, { birthday: birthdayNow(), birthdayClaimedYear: null });
    expect(await profileOf(me)).toMatchObject({ is_birthday: 1, birthday_claimed: 0 });
    await setMember(me, { birthday: birthdayElsewhere() });
    expect(await profileOf(me)).toMatchObject({ is_birthday: 0, birthday_claimed: 0 });
    await setMember(me, { birthday: null, birthdayClaimedYear: Number(today().slice(0, 4)) - 1 });
    expect(await profileOf(me)).toMatchObject({ is_birthday: 0, birthday_claimed: 0 });
    await setMember(me, { birthday: birthdayNow(), birthdayClaimedYear: Number(today().slice(0, 4)) });
    expect(await profileOf(me)).toMatchObject({ is_birthday: 1, birthday_claimed: 1 });
    await setMember(me, { birthdayClaimedYear: null });
  });
});

describe('get_voucher birthday claim', () => {
  it('issues the birthday voucher (valid 30 days), costs no points, and marks this year claimed', async () => {
    await setMember(me, { birthday: birthdayNow(), birthdayClaimedYear: null, points: 120 });
    const r = await claim(me);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, voucher_created: 1, points_used: 0, customer_point: 120, transno: null });
    expect(r.json.data).toMatchObject({ vc_code: 'BDAY10', vc_amount: '10.00', vc_expire_date: addDays(today(), BIRTHDAY_VOUCHER_VALID_DAYS - 1) });
    const held = await heldBy(me);
    expect(held.map((v) => [v.vcCode, v.vmVoucherNo])).toEqual([['BDAY10', r.json.data.vm_voucher_no]]);
    expect(await profileOf(me)).toMatchObject({ birthday_claimed: 1, customer_point: 120 });
    const active = await h.call(`member_voucher/${me.member}`, { token: me.token });
    expect(active.json.data.map((v: { vm_voucher_no: string }) => v.vm_voucher_no)).toContain(r.json.data.vm_voucher_no);
  });

  it('refuses a second claim the same year with 409 in the caller language, and nothing changes', async () => {
    const r = await claim(me);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ Status: 0, Error: 'You have already claimed your birthday voucher this year.' });
    const zh = await claim(me, CLAIM, me, { 'accept-language': 'zh' });
    expect(zh.json.Error).toBe('您今年已经领取过生日礼券。');
    expect(await heldBy(me)).toHaveLength(1);
  });

  it('allows the claim again the next year', async () => {
    const now = clock.now();
    const nextYear = new Date(now.getTime() + 366 * 86_400_000);
    await setMember(me, { birthday: `1992-${shopDate(nextYear).slice(5)}` });
    const c = await claimBirthdayVoucher(h.db, me.member, undefined, 'en', nextYear);
    expect(c.voucher.vc_code).toBe('BDAY10');
    expect(await heldBy(me)).toHaveLength(2);
    await expect(claimBirthdayVoucher(h.db, me.member, undefined, 'en', nextYear)).rejects.toMatchObject({ key: 'birthday_already_claimed' });
  });

  it('refuses outside the birthday month, or without a birthday, with 409; nothing changes', async () => {
    await setMember(other, { birthday: birthdayElsewhere(), birthdayClaimedYear: null });
    const r = await claim(other);
    expect([r.status, r.json.Error]).toEqual([409, 'Your birthday voucher can be claimed only in your birthday month.']);
    await setMember(other, { birthday: null });
    expect((await claim(other)).status).toBe(409);
    expect(await heldBy(other)).toEqual([]);
    const [row] = await h.db.select({ y: customers.birthdayClaimedYear }).from(customers).where(eq(customers.memberCode, other.member));
    expect(row!.y).toBeNull();
  });

  it('refuses a malformed claim with 400: points spent, several entries, another type, an unknown or non-birthday kind (404)', async () => {
    await setMember(other, { birthday: birthdayNow(), birthdayClaimedYear: null });
    expect((await claim(other, { total_redemption: 5, voucher_info: [{ voucher_type: 'birthday' }] })).status).toBe(400);
    expect((await claim(other, { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday' }, { voucher_type: 'birthday' }] })).status).toBe(400);
    expect((await claim(other, { total_redemption: 0, voucher_info: [{ voucher_type: 'points' }] })).status).toBe(400);
    expect((await claim(other, { total_redemption: 0, voucher_info: [] })).status).toBe(400);
    expect((await claim(other, { total_redemption: 0, voucher_info: 'x' })).status).toBe(400);
    expect((await claim(other, { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday', vc_code: 'RM5OFF' }] })).status).toBe(404);
    expect((await claim(other, { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday', vc_code: 'NOPE' }] })).status).toBe(404);
    expect((await claim(other, { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday', vc_code: 'bad code!' }] })).status).toBe(400);
    expect(await heldBy(other)).toEqual([]);
    expect(await profileOf(other)).toMatchObject({ birthday_claimed: 0 });
  });

  it("refuses member A on member B's path with 403, and without a session with 401", async () => {
    await setMember(other, { birthday: birthdayNow(), birthdayClaimedYear: null });
    expect((await claim(other, CLAIM, me)).status).toBe(403);
    expect((await h.call(`get_voucher/${other.member}`, { body: CLAIM })).status).toBe(401);
    expect(await heldBy(other)).toEqual([]);
  });

  it('issues exactly one voucher for 20 concurrent claims', async () => {
    await setMember(racer, { birthday: birthdayNow(), birthdayClaimedYear: null });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(racer)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    expect(await heldBy(racer)).toHaveLength(1);
    expect(await profileOf(racer)).toMatchObject({ birthday_claimed: 1 });
  });
});
