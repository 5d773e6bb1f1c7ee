/** Login, profile and logout (coverage.md §4 Session, §7 customer_login / customer_detail; docs/architecture.md Security). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, DEMO_MEMBER, TEST_API_KEY, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';
import { createSession } from '../../src/server/xs-api/services/sessions';
import { clock } from '../../src/server/clock';

let h: Harness;
const M: string = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  await h.db.insert(customers).values({ memberCode: 'M900001', firstName: 'Other', mobile: '0199990001', passwordHash: 'x' });
});
afterAll(() => h?.close());

describe('customer_login', () => {
  it('answers Status 1 with the member code and a session token', async () => {
    const r = await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password }] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, member_code: M, customer_firstname: DEMO_MEMBER.firstName });
    expect(r.json.token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(r.json.expires_at).getTime() - clock.ms()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('accepts the number written with +60 and spaces', async () => {
    const r = await h.call('customer_login', { body: [{ mobile: '+60 12-345 6789', password: DEMO_MEMBER.password }] });
    expect(r.json.member_code).toBe(M);
  });

  it('refuses a wrong password and an unknown mobile with the same 401 text', async () => {
    const wrong = await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: 'nope' }] });
    const unknown = await h.call('customer_login', { body: [{ mobile: '0100000000', password: 'nope' }] });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ Status: 0, Error: 'The mobile number or password is incorrect.' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('answers in the caller language', async () => {
    const r = await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: 'nope' }], headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(r.json.Error).not.toBe('The mobile number or password is incorrect.');
    expect(r.json.Error).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses bad payloads with 400 and an Error text', async () => {
    for (const body of ['not json', {}, [{}], [{ mobile: '', password: 'x' }], [{ mobile: 'x'.repeat(31), password: 'x' }]]) {
      const r = await h.call('customer_login', { body });
      expect(r.status).toBe(400);
      expect(r.json.Status).toBe(0);
      // A broken rule answers its own coverage.md §5 text; a malformed payload answers 'Invalid request: …'.
      expect(r.json.Error).toMatch(/\S/);
      expect(r.json.Error).not.toBe('Oops, Something went wrong on server.');
    }
    // The login form's rules and messages (coverage.md §5 Login).
    const empty = await h.call('customer_login', { body: [{ mobile: '', password: 'x' }] });
    expect(empty.json.Error).toBe('Mobile Number is required');
    const long = await h.call('customer_login', { body: [{ mobile: 'x'.repeat(31), password: 'x' }] });
    expect(long.json.Error).toBe('Mobile Number should not exceed 30 characters');
  });

  it('refuses a call without the API key', async () => {
    const r = await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password }], headers: { 'x-api-key': `${TEST_API_KEY}-wrong` } });
    expect(r.status).toBe(401);
  });
});

describe('customer_detail', () => {
  it('gives the profile to its member', async () => {
    const { token } = await h.login();
    const r = await h.call(`customer_detail/${M}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ member_code: M, customer_mobile: DEMO_MEMBER.mobile, language: 'en' });
    expect(r.json.data.customer_point).toBeGreaterThan(0);
    expect(r.json.data).not.toHaveProperty('password_hash');
  });

  it('401 without a session, 403 for another member', async () => {
    const { token } = await h.login();
    expect((await h.call(`customer_detail/${M}`)).status).toBe(401);
    expect((await h.call(`customer_detail/${M}`, { token: 'x'.repeat(43) })).status).toBe(401);
    const other = await h.call('customer_detail/M900001', { token });
    expect(other.status).toBe(403);
    expect(other.json.Status).toBe(0);
  });

  it('401 for an expired session', async () => {
    const { token } = await createSession(h.db, M, new Date(clock.ms() - 40 * 24 * 3600 * 1000));
    const r = await h.call(`customer_detail/${M}`, { token });
    expect(r.status).toBe(401);
    expect(r.json.Error).toBe('Sorry, your login session has expired. Please login again.');
  });
});

describe('customer_logout', () => {
  it('revokes the session it is called with, and only that one', async () => {
    const a = await h.login();
    const b = await h.login();
    expect(a.token).not.toBe(b.token);
    expect((await h.call(`customer_logout/${M}`, { body: {}, token: a.token })).status).toBe(200);
    expect((await h.call(`customer_detail/${M}`, { token: a.token })).status).toBe(401);
    expect((await h.call(`customer_detail/${M}`, { token: b.token })).status).toBe(200);
  });
});

describe('login throttling', () => {
  it('slows a number down after 3 failed logins, even with the right password (tests/api/abuse-limits.test.ts: the delay ends)', async () => {
    const { hash } = await import('@node-rs/argon2');
    await h.db.insert(customers).values({ memberCode: 'M900021', firstName: 'Throttle', mobile: '0199990021', passwordHash: await hash('right-password') });
    for (let i = 0; i < 4; i++) expect((await h.call('customer_login', { body: [{ mobile: '0199990021', password: 'wrong' }] })).status).toBe(401);
    const blocked = await h.call('customer_login', { body: [{ mobile: '0199990021', password: 'right-password' }] });
    expect(blocked.status).toBe(429);
    expect(blocked.json.Error).toMatch(/Too many failed logins/);
    // Other numbers are not affected.
    expect((await h.call('customer_login', { body: [{ mobile: DEMO_MEMBER.mobile, password: DEMO_MEMBER.password }] })).status).toBe(200);
  });

  it('a successful login clears the count', async () => {
    const { hash } = await import('@node-rs/argon2');
    await h.db.insert(customers).values({ memberCode: 'M900022', firstName: 'Reset', mobile: '0199990022', passwordHash: await hash('right-password') });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3; i++) await h.call('customer_login', { body: [{ mobile: '0199990022', password: 'wrong' }] });
      expect((await h.call('customer_login', { body: [{ mobile: '0199990022', password: 'right-password' }] })).status).toBe(200);
    }
  });
});
