/**
 * Login throttling shared through Redis (REDIS_URL): two throttles on the same Redis — as two
 * instances of the shop would have — see one count. Runs when TEST_REDIS_URL is set (CI sets it).
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, loginThrottleFromEnv, memoryLoginThrottle } from '../../src/server/xs-api/adapters/rate-limit';

describe('memory login throttle', () => {
  it('blocks after the maximum of failures and unblocks on reset', async () => {
    const t = memoryLoginThrottle();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await t.fail('0123');
    expect(await t.blockedFor('0123')).toBe(0);
    await t.fail('0123');
    expect(await t.blockedFor('0123')).toBeGreaterThan(800);
    expect(await t.blockedFor('0456')).toBe(0);
    await t.reset('0123');
    expect(await t.blockedFor('0123')).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis login throttle', () => {
  it('shares the count between instances', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL };
    const [a, b] = await Promise.all([loginThrottleFromEnv(env), loginThrottleFromEnv(env)]);
    const key = `test-${Date.now()}`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await (i % 2 ? a : b).fail(key);
    expect(await a.blockedFor(key)).toBeGreaterThan(0);
    expect(await b.blockedFor(key)).toBeGreaterThan(0);
    await b.reset(key);
    expect(await a.blockedFor(key)).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });
});
