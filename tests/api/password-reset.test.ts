/**
 * Forgotten password and phone verification (coverage.md §7 retrieve_password_by_SMS, reset_password,
 * phone_verification; §8 'Reset password token is expired. Please send new reset request.').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers, passwordResets, smsOutbox } from '../../src/server/xs-api/db/schema';
import { clock } from '../../src/server/clock';

const EXPIRED = 'Reset password token is expired. Please send new reset request.';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

async function register(mobile: string, password = 'first123') {
  const r = await h.call('insert_customer', { body: { customer_firstname: 'Ahmad', customer_mobile: mobile, password, confirm_password: password, bill_platform: 'website' } });
  expect(r.status).toBe(200);
  const [row] = await h.db.select().from(customers).where(eq(customers.mobile, mobile));
  return row!.memberCode;
}
/** The messages to a number, newest first (registering sends one too: the verification code). */
const outboxFor = (to: string) => h.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.id));
const tokenOf = (message: string) => /password-reset\?token=([\w-]+)/.exec(message)?.[1];

describe('retrieve_password_by_SMS', () => {
  it('sends an SMS with a reset link holding a token, stored only as SHA-256', async () => {
    await register('0161110001');
    const r = await h.call('retrieve_password_by_SMS/0161110001/0161110001', { body: { mobile: '0161110001' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    const [sms] = await outboxFor('60161110001');
    expect(sms!.message).toContain('https://shop.example.my/password-reset?token=');
    const token = tokenOf(sms!.message)!;
    expect(token.length).toBeGreaterThan(40);
    const [row] = await h.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row!.expiresAt.getTime() - clock.ms()).toBeGreaterThan(29 * 60 * 1000);
    expect(row!.expiresAt.getTime() - clock.ms()).toBeLessThanOrEqual(30 * 60 * 1000);
  });

  it('answers Status 1 for an unknown number and writes no SMS', async () => {
    const before = (await h.db.select().from(smsOutbox)).length;
    const r = await h.call('retrieve_password_by_SMS/0169999999/0169999999', { body: {} });
    expect(r.json).toEqual({ Status: 1 });
    expect((await h.db.select().from(smsOutbox)).length).toBe(before);
  });

  it('links to the caller language', async () => {
    await register('0161110002');
    await h.call('retrieve_password_by_SMS/0161110002/0161110002', { body: {}, headers: { 'accept-language': 'zh' } });
    const [sms] = await outboxFor('60161110002');
    expect(sms!.message).toContain('/zh/password-reset?token=');
  });

  it('refuses a malformed number with 400', async () => {
    const r = await h.call('retrieve_password_by_SMS/abc/abc', { body: {} });
    expect(r.status).toBe(400);
    expect(r.json.Error).toMatch(/^Invalid request: /);
  });

  it('allows 3 requests per number in 15 minutes, then 429 (also for unknown numbers)', async () => {
    for (const n of ['0161110003', '0168888888']) {
      for (let i = 0; i < 3; i++) expect((await h.call(`retrieve_password_by_SMS/${n}/${n}`, { body: {} })).status).toBe(200);
      const r = await h.call(`retrieve_password_by_SMS/${n}/${n}`, { body: {} });
      expect(r.status).toBe(429);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error).toMatch(/Too many/);
    }
  });
});

describe('reset_password', () => {
  it('sets the new password, revokes every session, and is used once', async () => {
    const member = await register('0161110010', 'oldpass1');
    const session = await h.login('0161110010', 'oldpass1');
    expect((await h.call(`customer_detail/${member}`, { token: session.token })).status).toBe(200);
    await h.call('retrieve_password_by_SMS/0161110010/0161110010', { body: {} });
    const token = tokenOf((await outboxFor('60161110010'))[0]!.message)!;

    const r = await h.call('reset_password', { body: { token, password: 'newpass1', confirm_password: 'newpass1', portal_type: 'website' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    expect((await h.call(`customer_detail/${member}`, { token: session.token })).status).toBe(401);
    expect((await h.login('0161110010', 'newpass1')).member).toBe(member);
    expect((await h.call('customer_login', { body: [{ mobile: '0161110010', password: 'oldpass1' }] })).status).toBe(401);

    const again = await h.call('reset_password', { body: { token, password: 'other123', confirm_password: 'other123', portal_type: 'website' } });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ Status: 0, Error: EXPIRED });
  });

  it('refuses an expired or unknown token with the exact text', async () => {
    await h.call('retrieve_password_by_SMS/0123456789/0123456789', { body: {} });
    const token = tokenOf((await outboxFor('60123456789'))[0]!.message)!;
    await h.db.update(passwordResets).set({ expiresAt: new Date(clock.ms() - 1000) });
    const expired = await h.call('reset_password', { body: { token, password: 'newpass1', confirm_password: 'newpass1', portal_type: 'website' } });
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({ Status: 0, Error: EXPIRED });
    const unknown = await h.call('reset_password', { body: { token: 'x'.repeat(43), password: 'newpass1', confirm_password: 'newpass1' } });
    expect(unknown.json).toEqual({ Status: 0, Error: EXPIRED });
    // The demo member keeps the old password.
    expect((await h.login(DEMO_MEMBER.mobile, DEMO_MEMBER.password)).member).toBe(DEMO_MEMBER.memberCode);
  });

  it('refuses weak or mismatched passwords with 400 and the form message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'token: Value entered is invalid'],
      [{ token: 't', password: '12345', confirm_password: '12345' }, 'password: Password should be at least 6 characters'],
      [{ token: 't', password: 'newpass1', confirm_password: 'newpass2' }, 'confirm_password: Confirm password does not match'],
    ];
    for (const [body, text] of cases) {
      const r = await h.call('reset_password', { body });
      expect(r.status).toBe(400);
      const [field, message] = text.split(': ') as [string, string];
      expect(r.json.Error).toBe(message);
      expect(r.json.field).toBe(field);
    }
  });
});

describe('phone_verification', () => {
  it('sends a new 6-digit code to an unverified member, nothing to an unknown number, Status 1 both ways', async () => {
    await register('0161110020');
    const [first] = await outboxFor('60161110020');
    expect((await h.call('phone_verification/0161110020', { body: {} })).json).toEqual({ Status: 1 });
    const [sms] = await outboxFor('60161110020');
    expect(sms!.id).not.toBe(first!.id);
    expect(sms!.message).toMatch(/\b\d{6}\b/);
    expect((await h.call('phone_verification/0167777777', { body: {} })).json).toEqual({ Status: 1 });
    expect(await outboxFor('60167777777')).toHaveLength(0);
    expect((await h.call('phone_verification/nope', { body: {} })).status).toBe(400);
  });
});
