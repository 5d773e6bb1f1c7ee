/**
 * The abuse limits themselves (src/server/xs-api/adapters/rate-limit.ts), in memory and — when
 * TEST_REDIS_URL is set (CI sets it) — in Redis, where two limit sets on the same Redis, as two
 * instances of the shop would have, see one count.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LOGIN_DELAY_CAP_S,
  LOGIN_FREE_FAILURES,
  LOGIN_IP_FREE_FAILURES,
  exemptIpsFromEnv,
  ipKey,
  loginDelayS,
  memoryLimits,
  perMinuteFromEnv,
  redisLimits,
  type AbuseLimits,
  type LimitsOptions,
} from '../../src/server/xs-api/adapters/rate-limit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('loginDelayS', () => {
  it('is 0 for the free failures, then doubles from 1 s up to the cap', () => {
    expect(Array.from({ length: 12 }, (_, i) => loginDelayS(i + 1, 3))).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(loginDelayS(1000, 3)).toBe(LOGIN_DELAY_CAP_S);
  });
});

describe('ipKey', () => {
  it('counts IPv4 as is and IPv6 by its /64 network', () => {
    expect(ipKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('2001:db8:1:2::abcd')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
  });

  it('makes one IPv6 subscriber one client for the global limit', async () => {
    const { global } = memoryLimits({ perMinute: 2 });
    expect(await global.take('2001:db8:1:2::a')).toBe(0);
    expect(await global.take('2001:db8:1:2::b')).toBe(0);
    expect(await global.take('2001:db8:1:2:ffff::c')).toBeGreaterThan(0);
    expect(await global.take('2001:db8:1:3::a')).toBe(0);
  });
});

describe('exempt client IPs', () => {
  it('are read from RATE_LIMIT_EXEMPT_IPS and never limited per IP, while numbers and members still are', async () => {
    expect(exemptIpsFromEnv({ RATE_LIMIT_EXEMPT_IPS: '127.0.0.1, ::1 10.0.0.5' })).toEqual(['127.0.0.1', '::1', '10.0.0.5']);
    expect(exemptIpsFromEnv({})).toEqual([]);
    const l = memoryLimits({ perMinute: 1, exemptIps: ['127.0.0.1'], operations: { insert_customer: { points: 1 }, add_cart: { points: 1 } } });
    for (let i = 0; i < 3; i++) {
      expect(await l.global.take('127.0.0.1')).toBe(0);
      expect(await l.operation('insert_customer', '127.0.0.1')).toBe(0);
    }
    for (let i = 0; i < 15; i++) await l.login.fail(`01700000${String(i).padStart(2, '0')}`, '127.0.0.1');
    expect(await l.login.blockedFor('0170009999', '127.0.0.1')).toBe(0);
    for (let i = 0; i < 4; i++) await l.login.fail('0170008888', '127.0.0.1');
    expect(await l.login.blockedFor('0170008888', '127.0.0.1')).toBeGreaterThan(0);
    expect(await l.global.take('127.0.0.2')).toBe(0);
    expect(await l.global.take('127.0.0.2')).toBeGreaterThan(0);
    expect(await l.operation('add_cart', 'M000001')).toBe(0);
    expect(await l.operation('add_cart', 'M000001')).toBeGreaterThan(0);
  });
});

describe('perMinuteFromEnv', () => {
  it('reads RATE_LIMIT_PER_MINUTE, 600 by default, and refuses nonsense', () => {
    expect(perMinuteFromEnv({})).toBe(600);
    expect(perMinuteFromEnv({ RATE_LIMIT_PER_MINUTE: '5' })).toBe(5);
    for (const bad of ['0', '-3', '1.5', 'lots']) expect(() => perMinuteFromEnv({ RATE_LIMIT_PER_MINUTE: bad })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const opened: AbuseLimits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

/** Two limit sets on one store: one object in memory, two clients on one Redis namespace. */
const stores: [string, (o?: LimitsOptions) => Promise<[AbuseLimits, AbuseLimits]>][] = [
  [
    'memory',
    async (o) => {
      const l = memoryLimits(o);
      return [l, l];
    },
  ],
];
if (redisUrl) {
  stores.push([
    'redis',
    async (o) => {
      const namespace = `test-${randomUUID()}`;
      // Shared counts are the subject here, not a slow Redis: a busy machine may take over 0.5 s to answer.
      const shared = { ...o, namespace, redisTimeoutMs: 10_000 };
      const pair = await Promise.all([redisLimits(redisUrl, shared), redisLimits(redisUrl, shared)]);
      opened.push(...pair);
      return pair;
    },
  ]);
}

describe.each(stores)('limits in %s', (_name, open) => {
  it('slows a number down after the free failures, progressively, without locking it out', async () => {
    const [a, b] = await open();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) await (i % 2 ? a : b).login.fail('0123456789');
    expect(await a.login.blockedFor('0123456789')).toBe(0);
    await a.login.fail('0123456789');
    expect(await b.login.blockedFor('0123456789')).toBe(1);
    await sleep(1100);
    expect(await b.login.blockedFor('0123456789')).toBe(0);
    await b.login.fail('0123456789');
    expect(await a.login.blockedFor('0123456789')).toBe(2);
    // Other numbers are not affected; a success clears the count everywhere.
    expect(await a.login.blockedFor('0198765432')).toBe(0);
    await a.login.reset('0123456789');
    expect(await b.login.blockedFor('0123456789')).toBe(0);
  });

  it('slows a client IP down after its free failures, whatever the numbers, and a success does not clear it', async () => {
    const [a, b] = await open();
    for (let i = 0; i < LOGIN_IP_FREE_FAILURES; i++) await (i % 2 ? a : b).login.fail(`01234500${String(i).padStart(2, '0')}`, '203.0.113.9');
    expect(await a.login.blockedFor('0111111111', '203.0.113.9')).toBe(0);
    await b.login.fail('0122222222', '203.0.113.9');
    expect(await a.login.blockedFor('0111111111', '203.0.113.9')).toBe(1);
    await a.login.reset('0122222222');
    expect(await b.login.blockedFor('0133333333', '203.0.113.9')).toBe(1);
    expect(await b.login.blockedFor('0133333333', '198.51.100.1')).toBe(0);
  });

  it('counts operations per key and answers the seconds until the window ends', async () => {
    const [a, b] = await open({ operations: { add_order: { points: 2, durationS: 600 } } });
    expect(await a.operation('add_order', 'M000001')).toBe(0);
    expect(await b.operation('add_order', 'M000001')).toBe(0);
    const wait = await a.operation('add_order', 'M000001');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await b.operation('add_order', 'M000002')).toBe(0);
  });

  it('limits every call per IP with the global bucket', async () => {
    const [a, b] = await open({ perMinute: 3 });
    for (let i = 0; i < 3; i++) expect(await (i % 2 ? a : b).global.take('192.0.2.1')).toBe(0);
    expect(await a.global.take('192.0.2.1')).toBeGreaterThan(0);
    expect(await b.global.take('192.0.2.1')).toBeGreaterThan(0);
    expect(await b.global.take('192.0.2.2')).toBe(0);
  });
});

describe('a Redis that does not answer', () => {
  it('does not take the shop down: each instance counts in memory meanwhile', async () => {
    const l = await redisLimits('redis://127.0.0.1:1/0', { perMinute: 2, namespace: `test-${randomUUID()}` });
    opened.push(l);
    expect(await l.global.take('192.0.2.99')).toBe(0);
    expect(await l.global.take('192.0.2.99')).toBe(0);
    expect(await l.global.take('192.0.2.99')).toBeGreaterThan(0);
  });
});
