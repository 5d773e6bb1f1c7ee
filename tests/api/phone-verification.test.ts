/**
 * Phone verification and a sign-up that does not reveal membership (issue "The member's account
 * area" item 12; coverage.md §7 insert_customer, phone_verification/{phone}, add_order): codes stored as
 * argon2id hashes, 10 minutes, 5 tries (also under concurrent tries: run on PostgreSQL with
 * TEST_DATABASE_URL), a resend replaces the code, an unverified member cannot order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_OPS_TOKEN, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { customers, phoneCodes, smsOutbox } from '../../src/server/xs-api/db/schema';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MS } from '../../src/server/xs-api/services/phone-verification';
import { SMS_OUTBOX_KEEP_MS } from '../../src/server/xs-api/adapters/sms';
import { clock } from '../../src/server/clock';

const INVALID = 'The code is wrong or has expired. Check the latest SMS or ask for a new code.';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const signUp = (mobile: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  h.call('insert_customer', {
    body: { customer_firstname: 'Nurul', customer_mobile: mobile, password: 'secret12', confirm_password: 'secret12', bill_platform: 'website', ...over },
    headers,
  });
/** The newest text message to a local number ('0171110001' → to '60171110001'). */
async function lastSms(mobile: string) {
  const [row] = await h.db.select().from(smsOutbox).where(eq(smsOutbox.to, `6${mobile}`)).orderBy(desc(smsOutbox.id)).limit(1);
  return row?.message ?? null;
}
const smsCount = async (mobile: string) => (await h.db.select().from(smsOutbox).where(eq(smsOutbox.to, `6${mobile}`))).length;
const codeIn = (message: string | null) => /\b(\d{6})\b/.exec(message ?? '')?.[1] ?? '';
const member = async (mobile: string) => (await h.db.select().from(customers).where(eq(customers.mobile, mobile)))[0]!;
const pending = async (memberCode: string) => (await h.db.select().from(phoneCodes).where(eq(phoneCodes.memberCode, memberCode)))[0];
const verify = (mobile: string, code: string, headers: Record<string, string> = {}) => h.call('verify_phone', { body: { mobile, code }, headers });
/** A code that is not `code` (same length). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('insert_customer does not reveal whether a number is registered', () => {
  it('a new number: Status 1 only, an unverified member, a code by SMS stored only as an argon2id hash for 10 minutes', async () => {
    const r = await signUp('0171110001');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    const m = await member('0171110001');
    expect(m.verified).toBe(false);
    const code = codeIn(await lastSms('0171110001'));
    expect(code).toMatch(/^\d{6}$/);
    const row = (await pending(m.memberCode))!;
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.attempts).toBe(0);
    expect(row.expiresAt.getTime() - clock.ms()).toBeGreaterThan(PHONE_CODE_TTL_MS - 60_000);
    expect(row.expiresAt.getTime() - clock.ms()).toBeLessThanOrEqual(PHONE_CODE_TTL_MS);
    const session = await h.login('0171110001', 'secret12');
    expect((await h.call(`customer_detail/${session.member}`, { token: session.token })).json.data.phone_verified).toBe(0);
  });

  it('a registered number: the same answer, no new member, the password unchanged, and the truth by SMS', async () => {
    const before = (await h.db.select().from(customers)).length;
    const r = await signUp(DEMO_MEMBER.mobile, { password: 'other123', confirm_password: 'other123' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    expect((await h.db.select().from(customers)).length).toBe(before);
    expect(await lastSms(DEMO_MEMBER.mobile)).toBe('XS Fresh Mart: this number already has an account. Log in with it, or set a new password at https://shop.example.my/forgot-password');
    expect((await h.login(DEMO_MEMBER.mobile, DEMO_MEMBER.password)).member).toBe(DEMO_MEMBER.memberCode);
    expect((await member(DEMO_MEMBER.mobile)).verified).toBe(true);
    // The same number registered a second time, written another way: still the same answer.
    const again = await signUp('+60 17-111 0001');
    expect(again.json).toEqual({ Status: 1 });
    expect(await lastSms('0171110001')).toContain('already has an account');
  });

  it('two sign-ups of one new number at once make one member; both answer Status 1', async () => {
    const answers = await Promise.all([signUp('0171110002'), signUp('0171110002')]);
    expect(answers.map((a) => a.json)).toEqual([{ Status: 1 }, { Status: 1 }]);
    expect(await h.db.select().from(customers).where(eq(customers.mobile, '0171110002'))).toHaveLength(1);
    expect(await smsCount('0171110002')).toBe(2);
  });

  it('writes the SMS in the caller language and keeps it for the new member', async () => {
    await signUp('0171110003', {}, { 'accept-language': 'zh' });
    expect(await lastSms('0171110003')).toMatch(/^XS Fresh Mart：您的验证码是 \d{6}，10 分钟内有效。$/);
    expect((await member('0171110003')).language).toBe('zh');
  });

  it('is throttled like every SMS: 3 per number in 15 minutes, then 429 for new and registered numbers alike', async () => {
    await signUp('0171110004');
    expect((await h.call('phone_verification/0171110004', { body: {} })).status).toBe(200);
    expect((await h.call('phone_verification/0171110004', { body: {} })).status).toBe(200);
    const r = await h.call('phone_verification/0171110004', { body: {} });
    expect(r.status).toBe(429);
    expect(r.json.Error).toMatch(/^Too many text message requests/);
    expect((await signUp('0171110004')).status).toBe(429);
  });
});

describe('verify_phone', () => {
  it('a right code verifies the member once; the code is spent', async () => {
    await signUp('0172220001');
    const code = codeIn(await lastSms('0172220001'));
    const r = await verify('017-222 0001', code);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    const m = await member('0172220001');
    expect(m.verified).toBe(true);
    expect(await pending(m.memberCode)).toBeUndefined();
    expect((await verify('0172220001', code)).json).toEqual({ Status: 0, Error: INVALID, field: 'code' });
  });

  it('a wrong code: 400 with the one text, in the caller language, and one try counted', async () => {
    await signUp('0172220002');
    const code = codeIn(await lastSms('0172220002'));
    const r = await verify('0172220002', otherThan(code));
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ Status: 0, Error: INVALID, field: 'code' });
    const zh = await verify('0172220002', otherThan(code), { 'accept-language': 'zh' });
    expect(zh.json.Error).toBe('验证码错误或已过期。请查看最新的短信，或重新获取验证码。');
    const m = await member('0172220002');
    expect((await pending(m.memberCode))!.attempts).toBe(2);
    expect(m.verified).toBe(false);
    expect((await verify('0172220002', code)).status).toBe(200);
  });

  it('an expired code is refused, even the right one', async () => {
    await signUp('0172220003');
    const code = codeIn(await lastSms('0172220003'));
    const m = await member('0172220003');
    await h.db.update(phoneCodes).set({ expiresAt: new Date(clock.ms() - 1000) }).where(eq(phoneCodes.memberCode, m.memberCode));
    expect((await verify('0172220003', code)).json.Error).toBe(INVALID);
    expect((await member('0172220003')).verified).toBe(false);
  });

  it('5 wrong tries spend the code: the right one is refused after; a new code works', async () => {
    await signUp('0172220004');
    const code = codeIn(await lastSms('0172220004'));
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) expect((await verify('0172220004', otherThan(code))).status).toBe(400);
    expect((await verify('0172220004', code)).status).toBe(400);
    expect((await member('0172220004')).verified).toBe(false);
    expect((await h.call('phone_verification/0172220004', { body: {} })).json).toEqual({ Status: 1 });
    const fresh = codeIn(await lastSms('0172220004'));
    expect((await pending((await member('0172220004')).memberCode))!.attempts).toBe(0);
    expect((await verify('0172220004', fresh)).status).toBe(200);
  });

  it('a resend replaces the code: the old one no longer works, the new one does', async () => {
    await signUp('0172220005');
    const first = codeIn(await lastSms('0172220005'));
    const firstHash = (await pending((await member('0172220005')).memberCode))!.codeHash;
    expect((await h.call('phone_verification/0172220005', { body: {} })).json).toEqual({ Status: 1 });
    const second = codeIn(await lastSms('0172220005'));
    const rows = await h.db.select().from(phoneCodes).where(eq(phoneCodes.memberCode, (await member('0172220005')).memberCode));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toBe(firstHash);
    if (first !== second) expect((await verify('0172220005', first)).status).toBe(400);
    expect((await verify('0172220005', second)).status).toBe(200);
  });

  it('concurrent wrong tries never exceed the limit: exactly 5 counted, then even the right code is refused', async () => {
    await signUp('0172220006');
    const code = codeIn(await lastSms('0172220006'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify('0172220006', otherThan(code))));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const m = await member('0172220006');
    expect((await pending(m.memberCode))!.attempts).toBe(PHONE_CODE_MAX_ATTEMPTS);
    expect((await verify('0172220006', code)).status).toBe(400);
    expect((await member('0172220006')).verified).toBe(false);
  });

  it('concurrent right and wrong tries: the right one among the first 5 verifies, at most 5 tries counted', async () => {
    await signUp('0172220007');
    const code = codeIn(await lastSms('0172220007'));
    const tries = [code, ...Array.from({ length: 3 }, () => otherThan(code))];
    const answers = await Promise.all(tries.map((c) => verify('0172220007', c)));
    expect(answers[0]!.status).toBe(200);
    expect(answers.slice(1).every((a) => a.status === 400)).toBe(true);
    expect((await member('0172220007')).verified).toBe(true);
  });

  it('answers alike for a number with no pending code: unknown, or already verified', async () => {
    expect((await verify('0179999999', '123456')).json).toEqual({ Status: 0, Error: INVALID, field: 'code' });
    expect((await verify(DEMO_MEMBER.mobile, '123456')).json).toEqual({ Status: 0, Error: INVALID, field: 'code' });
  });

  it('refuses a malformed code or number with 400 and changes nothing', async () => {
    await signUp('0172220008');
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) {
      const r = await verify('0172220008', code);
      expect(r.status, code).toBe(400);
      expect(r.json).toMatchObject({ Status: 0, Error: 'Enter the 6-digit code from the SMS', field: 'code' });
    }
    expect((await h.call('verify_phone', { body: { mobile: 'nope', code: '123456' } })).status).toBe(400);
    expect((await h.call('verify_phone', { body: 'not json' })).status).toBe(400);
    expect((await pending((await member('0172220008')).memberCode))!.attempts).toBe(0);
  });
});

describe('a password reset by SMS', () => {
  it('proves the number too: a member registered by someone else and never verified is taken back verified', async () => {
    await signUp('0176660001', { password: 'squatter1', confirm_password: 'squatter1' });
    // The owner signs up too: the SMS says the number has an account; they reset the password.
    expect((await signUp('0176660001', { password: 'owner123', confirm_password: 'owner123' })).json).toEqual({ Status: 1 });
    expect(await lastSms('0176660001')).toContain('already has an account');
    await h.call('retrieve_password_by_SMS/0176660001/0176660001', { body: {} });
    const token = /password-reset\?token=([\w-]+)/.exec((await lastSms('0176660001'))!)![1]!;
    expect((await h.call('reset_password', { body: { token, password: 'owner123', confirm_password: 'owner123' } })).json).toEqual({ Status: 1 });
    expect((await member('0176660001')).verified).toBe(true);
    expect((await h.call('customer_login', { body: [{ mobile: '0176660001', password: 'squatter1' }] })).status).toBe(401);
  });
});

describe('phone_verification/{phone}', () => {
  it('sends nothing to a verified member or an unknown number, Status 1 all the same', async () => {
    const before = await smsCount(DEMO_MEMBER.mobile);
    expect((await h.call(`phone_verification/${DEMO_MEMBER.mobile}`, { body: {} })).json).toEqual({ Status: 1 });
    expect(await smsCount(DEMO_MEMBER.mobile)).toBe(before);
    expect((await h.call('phone_verification/0173333333', { body: {} })).json).toEqual({ Status: 1 });
    expect(await smsCount('0173333333')).toBe(0);
    expect((await h.call('phone_verification/nope', { body: {} })).status).toBe(400);
  });
});

describe('add_order and the unverified member', () => {
  it('refuses the first order of an unverified member with a clear 403; orders once verified', async () => {
    await signUp('0174440001');
    const s = await h.login('0174440001', 'secret12');
    await expect(placePickupOrder(h, s.token, s.member, ['P0001'])).rejects.toThrow(
      'order refused: {"Status":0,"Error":"Please verify your mobile number with the code we sent by SMS before placing your first order."}',
    );
    expect((await verify('0174440001', codeIn(await lastSms('0174440001')))).status).toBe(200);
    expect(await placePickupOrder(h, s.token, s.member, ['P0001'])).toMatch(/\S/);
  });

  it('the demo member is verified and orders', async () => {
    const s = await h.login();
    expect((await h.call(`customer_detail/${s.member}`, { token: s.token })).json.data.phone_verified).toBe(1);
    expect(await placePickupOrder(h, s.token, s.member, ['P0002'])).toMatch(/\S/);
  });
});

describe('the SMS outbox', () => {
  it('keeps a message only 30 minutes; staff read a number\'s messages with ops_sms_outbox (operator token only)', async () => {
    await signUp('0175550001');
    const [old] = await h.db.select().from(smsOutbox).where(eq(smsOutbox.to, '60175550001'));
    await h.db.update(smsOutbox).set({ createdAt: new Date(clock.ms() - SMS_OUTBOX_KEEP_MS - 1000) }).where(eq(smsOutbox.id, old!.id));
    await signUp('0175550002');
    expect(await h.db.select().from(smsOutbox).where(eq(smsOutbox.id, old!.id))).toHaveLength(0);

    const listed = await h.call('ops/sms_outbox?to=0175550002', { token: TEST_OPS_TOKEN });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(1);
    expect(listed.json.data[0]).toMatchObject({ to: '60175550002', message: expect.stringMatching(/verification code is \d{6}/) });
    expect((await h.call('ops/sms_outbox?to=60175550002', { token: TEST_OPS_TOKEN })).json.data).toHaveLength(1);
    expect((await h.call('ops/sms_outbox?to=nope', { token: TEST_OPS_TOKEN })).status).toBe(400);
    const member = await h.login();
    expect((await h.call('ops/sms_outbox?to=0175550002', { token: member.token })).status).toBe(401);
    expect((await h.call('ops/sms_outbox?to=0175550002')).status).toBe(401);
  });
});
