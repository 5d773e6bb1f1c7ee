/**
 * The member's profile and password (coverage.md §5 validation, §7 update_customer/{customer},
 * update_customer_password/{customer}; docs/architecture.md Security: a password change revokes the member's
 * other sessions, a member code in the path must be the caller's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';

let h: Harness;
const M: string = DEMO_MEMBER.memberCode;
const OTHER = { memberCode: 'M900101', mobile: '0199990101', password: 'other-pass-1' };

beforeAll(async () => {
  h = await createHarness();
  await h.db.insert(customers).values({
    memberCode: OTHER.memberCode,
    firstName: 'Other',
    mobile: OTHER.mobile,
    passwordHash: await hash(OTHER.password, { algorithm: 2 }),
  });
});
afterAll(() => h?.close());

describe('update_customer', () => {
  it('stores first name, last name and email and answers the profile', async () => {
    const { token } = await h.login();
    const r = await h.call(`update_customer/${M}`, { token, body: { customer_firstname: '  Aisyah ', customer_lastname: 'Tan', customer_email: 'aisyah@example.com' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, data: { member_code: M, customer_firstname: 'Aisyah', customer_lastname: 'Tan', customer_email: 'aisyah@example.com', customer_mobile: DEMO_MEMBER.mobile } });
    const detail = await h.call(`customer_detail/${M}`, { token });
    expect(detail.json.data).toMatchObject({ customer_firstname: 'Aisyah', customer_lastname: 'Tan', customer_email: 'aisyah@example.com' });
    // An empty email clears it; the last name may be left out.
    const cleared = await h.call(`update_customer/${M}`, { token, body: { customer_firstname: DEMO_MEMBER.firstName, customer_email: '' } });
    expect(cleared.json.data).toMatchObject({ customer_firstname: DEMO_MEMBER.firstName, customer_lastname: '', customer_email: null });
  });

  it('refuses a broken rule with 400 and the spec message, in the caller language', async () => {
    const { token } = await h.login();
    const cases: [unknown, string][] = [
      [{ customer_firstname: '   ' }, 'First Name is required'],
      [{ customer_firstname: 'x'.repeat(101) }, 'First Name should not exceed 100 characters'],
      [{ customer_firstname: 'Ali', customer_email: 'not-an-email' }, 'Value entered is invalid'],
      [{ customer_firstname: 'Ali', customer_lastname: 'x'.repeat(101) }, 'Value should not exceed 100 characters'],
    ];
    for (const [body, message] of cases) {
      const r = await h.call(`update_customer/${M}`, { token, body });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ Status: 0, Error: message });
    }
    const zh = await h.call(`update_customer/${M}`, { token, body: { customer_firstname: '' }, headers: { 'accept-language': 'zh' } });
    expect(zh.status).toBe(400);
    expect(zh.json.Error).not.toBe('First Name is required');
    const malformed = await h.call(`update_customer/${M}`, { token, body: 'not json' });
    expect(malformed.status).toBe(400);
  });

  it('answers 401 without a session and 403 on another member path', async () => {
    expect((await h.call(`update_customer/${M}`, { body: { customer_firstname: 'X' } })).status).toBe(401);
    const { token } = await h.login(OTHER.mobile, OTHER.password);
    const r = await h.call(`update_customer/${M}`, { token, body: { customer_firstname: 'Hijacked' } });
    expect(r.status).toBe(403);
    const own = await h.login();
    expect((await h.call(`customer_detail/${M}`, { token: own.token })).json.data.customer_firstname).not.toBe('Hijacked');
  });
});

describe('update_customer_password', () => {
  it('changes the password, revokes the other sessions and keeps the calling one', async () => {
    const other = await h.login();
    const current = await h.login();
    const r = await h.call(`update_customer_password/${M}`, {
      token: current.token,
      body: { current_password: DEMO_MEMBER.password, new_password: 'new-secret-1', confirm_password: 'new-secret-1' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    // The calling session goes on; the other one is revoked.
    expect((await h.call(`customer_detail/${M}`, { token: current.token })).status).toBe(200);
    expect((await h.call(`customer_detail/${M}`, { token: other.token })).status).toBe(401);
    // The old password no longer logs in; the new one does.
    const old = await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password }] });
    expect(old.status).toBe(401);
    const fresh = await h.login(DEMO_MEMBER.mobile, 'new-secret-1');
    // Back to the demo password for the rest of the file.
    const back = await h.call(`update_customer_password/${M}`, {
      token: fresh.token,
      body: { current_password: 'new-secret-1', new_password: DEMO_MEMBER.password, confirm_password: DEMO_MEMBER.password },
    });
    expect(back.status).toBe(200);
    await h.login();
  });

  it('refuses a wrong current password with 400 and a clear message, changing nothing', async () => {
    const { token } = await h.login();
    const r = await h.call(`update_customer_password/${M}`, { token, body: { current_password: 'wrong-one', new_password: 'abcdef', confirm_password: 'abcdef' } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Status: 0, Error: 'The current password is incorrect.', field: 'current_password' });
    const ar = await h.call(`update_customer_password/${M}`, { token, body: { current_password: 'wrong-one', new_password: 'abcdef', confirm_password: 'abcdef' }, headers: { 'accept-language': 'ar' } });
    expect(ar.status).toBe(400);
    expect(ar.json.Error).toMatch(/[\u0600-\u06ff]/);
    await h.login();
    expect((await h.call(`customer_detail/${M}`, { token })).status).toBe(200);
  });

  it('refuses a mismatched confirmation and a short password with the spec messages', async () => {
    const { token } = await h.login();
    const mismatch = await h.call(`update_customer_password/${M}`, { token, body: { current_password: DEMO_MEMBER.password, new_password: 'abcdef', confirm_password: 'abcdeg' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toMatchObject({ Status: 0, Error: 'Confirm password does not match', field: 'confirm_password' });
    const short = await h.call(`update_customer_password/${M}`, { token, body: { current_password: DEMO_MEMBER.password, new_password: 'abc', confirm_password: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.json.Error).toBe('Password should be at least 6 characters');
    await h.login();
  });

  it('answers 403 on another member path', async () => {
    const { token } = await h.login(OTHER.mobile, OTHER.password);
    const r = await h.call(`update_customer_password/${M}`, { token, body: { current_password: DEMO_MEMBER.password, new_password: 'hijack1', confirm_password: 'hijack1' } });
    expect(r.status).toBe(403);
    await h.login();
  });
});
