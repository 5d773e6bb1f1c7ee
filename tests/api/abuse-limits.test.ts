/**
 * Abuse limits at the API (coverage.md §7 operations; adapters/rate-limit.ts): login slowed per number and
 * per client IP with a progressive delay instead of a lock-out, the same work for a known and an
 * unknown number, sign-up and password resets limited per IP before any hashing, add to cart and
 * orders per member, 429 with Retry-After and the contract's `{ Status: 0, Error }`. In memory, and
 * on Redis when TEST_REDIS_URL is set (two app instances on one Redis agree).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, DEMO_MEMBER, TEST_API_KEY, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';
import { createXsApi } from '../../src/server/xs-api/app';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { LOGIN_FREE_FAILURES, LOGIN_IP_FREE_FAILURES, memoryLimits, OPERATION_LIMITS, redisLimits, type AbuseLimits } from '../../src/server/xs-api/adapters/rate-limit';
import { passwords } from '../../src/server/xs-api/services/passwords';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisUrl = process.env.TEST_REDIS_URL;
let h: Harness;
let limits: AbuseLimits;
let hashOf: (plain: string) => Promise<string>;

beforeAll(async () => {
  // Real limits, with small operation limits where the default would make a slow test.
  limits = redisUrl
    ? await redisLimits(redisUrl, { namespace: `test-${randomUUID()}`, operations: { add_cart: { points: 3 }, add_order: { points: 2 } } })
    : memoryLimits({ operations: { add_cart: { points: 3 }, add_order: { points: 2 } } });
  h = await createHarness({ limits });
  hashOf = passwords.hash;
});
afterAll(async () => {
  await h?.close();
  await limits?.close();
});
afterEach(() => vi.restoreAllMocks());

const login = (mobile: string, password: string, ip?: string) => h.call('customer_login', { body: [{ mobile, password }], ip });

async function member(code: string, mobile: string, password = 'right-password') {
  await h.db.insert(customers).values({ memberCode: code, firstName: 'Limit', mobile, passwordHash: await hashOf(password) });
}

describe('login', () => {
  it('slows a number down after 3 failures but lets the owner in once the delay is over (no lock-out)', async () => {
    await member('M900101', '0199990101');
    for (let i = 0; i < LOGIN_FREE_FAILURES + 2; i++) {
      let r = await login('0199990101', 'wrong');
      if (r.status === 429) {
        await sleep(Number(r.headers.get('retry-after')) * 1000 + 50);
        r = await login('0199990101', 'wrong');
      }
      expect(r.status).toBe(401);
    }
    // Five failures: the number waits 2 s (1 s after the 4th, 2 s after the 5th), even with the right password.
    const slowed = await login('0199990101', 'right-password');
    expect(slowed.status).toBe(429);
    expect(slowed.json).toEqual({ Status: 0, Error: 'Too many failed logins. Please wait 2 seconds and try again.' });
    expect(slowed.headers.get('retry-after')).toBe('2');
    await sleep(2050);
    expect((await login('0199990101', 'right-password')).status).toBe(200);
  });

  it('answers the wait in the caller language', async () => {
    await member('M900102', '0199990102');
    for (let i = 0; i < LOGIN_FREE_FAILURES + 1; i++) await login('0199990102', 'wrong');
    const r = await h.call('customer_login', { body: [{ mobile: '0199990102', password: 'wrong' }], headers: { 'accept-language': 'zh' } });
    expect(r.status).toBe(429);
    expect(r.json.Error).toBe('登录失败次数过多，请等待 1 秒后再试。');
  });

  it('slows down one client trying many numbers, not other clients', async () => {
    const ip = '203.0.113.50';
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await login(`0138${String(i).padStart(6, '0')}`, 'guess', ip)).status);
    expect(answers.slice(0, LOGIN_IP_FREE_FAILURES)).toEqual(Array(LOGIN_IP_FREE_FAILURES).fill(401));
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(25);
    const r = await login(DEMO_MEMBER.mobile, DEMO_MEMBER.password, ip);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await login(DEMO_MEMBER.mobile, DEMO_MEMBER.password, '203.0.113.51')).status).toBe(200);
  });

  it('does the same work for an unknown number as for a member: one password verification', async () => {
    const verify = vi.spyOn(passwords, 'verify');
    expect((await login(DEMO_MEMBER.mobile, 'not-the-password')).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    expect((await login('0177777701', 'not-the-password')).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(2);
    // Both against an argon2id hash of the same kind.
    const [[known], [unknown]] = verify.mock.calls;
    expect(known!.split('$').slice(0, 4)).toEqual(unknown!.split('$').slice(0, 4));
    expect(unknown).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-up and password resets', () => {
  const signUp = (mobile: string, ip: string) =>
    h.call('insert_customer', { body: { customer_firstname: 'Ahmad', customer_mobile: mobile, password: 'secret1', confirm_password: 'secret1', bill_platform: 'website' }, ip });

  it(`allows ${OPERATION_LIMITS.insert_customer.points} sign-ups per IP per hour, then 429 without hashing the password`, async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < OPERATION_LIMITS.insert_customer.points; i++) expect((await signUp(`0162220${String(i).padStart(3, '0')}`, ip)).status).toBe(200);
    const hash = vi.spyOn(passwords, 'hash');
    const r = await signUp('0162220999', ip);
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ Status: 0, Error: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/) });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(hash).not.toHaveBeenCalled();
    // Another client is not affected.
    expect((await signUp('0162220999', '198.51.100.21')).status).toBe(200);
  });

  it('checks a reset token before hashing the new password, and limits resets per IP', async () => {
    const hash = vi.spyOn(passwords, 'hash');
    const ip = '198.51.100.30';
    const reset = () => h.call('reset_password', { body: { token: 'x'.repeat(43), password: 'newpass1', confirm_password: 'newpass1' }, ip });
    for (let i = 0; i < OPERATION_LIMITS.reset_password.points; i++) expect((await reset()).status).toBe(400);
    expect(hash).not.toHaveBeenCalled();
    const r = await reset();
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits reset-link requests per IP across numbers', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < OPERATION_LIMITS.retrieve_password_by_SMS.points; i++) {
      const n = `0163330${String(i).padStart(3, '0')}`;
      expect((await h.call(`retrieve_password_by_SMS/${n}/${n}`, { body: {}, ip })).status).toBe(200);
    }
    const r = await h.call('retrieve_password_by_SMS/0163330999/0163330999', { body: {}, ip });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers 429 with Retry-After for a number asking too many text messages', async () => {
    for (let i = 0; i < 3; i++) await h.call('retrieve_password_by_SMS/0163339999/0163339999', { body: {} });
    const r = await h.call('retrieve_password_by_SMS/0163339999/0163339999', { body: {} });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});

describe('cart and orders per member', () => {
  it('limits add to cart per member (here 3 per minute), other members unaffected', async () => {
    const { token, member: M } = await h.login();
    const add = () => h.call(`add_cart/${M}?store=1`, { token, body: [{ product_code: 'nope', product_number: 1 }] });
    for (let i = 0; i < 3; i++) expect((await add()).status).not.toBe(429);
    const r = await add();
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    await member('M900103', '0199990103');
    const other = await h.login('0199990103', 'right-password');
    expect((await h.call(`add_cart/${other.member}?store=1`, { token: other.token, body: [{ product_code: 'nope', product_number: 1 }] })).status).not.toBe(429);
  });

  it('limits orders per member (here 2 per 10 minutes), counted before the payload is read', async () => {
    await member('M900104', '0199990104');
    const { token, member: M } = await h.login('0199990104', 'right-password');
    for (let i = 0; i < 2; i++) expect((await h.call(`add_order/${M}`, { token, body: {} })).status).toBe(400);
    const r = await h.call(`add_order/${M}`, { token, body: {} });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(500);
  });
});

describe.runIf(redisUrl)('two instances on one Redis', () => {
  it('share the login delay of a number and an IP', async () => {
    const namespace = `test-${randomUUID()}`;
    const [a, b] = await Promise.all([redisLimits(redisUrl!, { namespace }), redisLimits(redisUrl!, { namespace })]);
    const apps = [a, b].map((limits) => createXsApi({ db: h.db, apiKey: TEST_API_KEY, limits }));
    const call = (i: number, mobile: string) =>
      apps[i % 2]!.request(`${API_BASE}/customer_login`, { method: 'POST', headers: { [API_KEY_HEADER]: TEST_API_KEY, 'content-type': 'application/json' }, body: JSON.stringify([{ mobile, password: 'wrong' }]) }, { clientIp: '192.0.2.77' });
    for (let i = 0; i <= LOGIN_FREE_FAILURES; i++) expect((await call(i, '0199990105')).status).toBe(401);
    for (const i of [0, 1]) {
      const r = await call(i, '0199990105');
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('1');
    }
    await Promise.all([a.close(), b.close()]);
  });
});
