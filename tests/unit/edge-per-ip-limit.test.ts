/** The global per-IP limit at the edge (src/edge/per-ip-limit.ts): the platform's binding asked per client IP. */
import { describe, expect, it } from 'vitest';
import { EDGE_LIMIT_PERIOD_S, edgeBucket, exemptIps, type RateLimitBinding } from '../../src/edge/per-ip-limit';

/** A binding that allows `limit` calls per key, as the platform's does within its period. */
function binding(limit: number): RateLimitBinding & { keys: string[] } {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    async limit({ key }) {
      keys.push(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return { success: counts.get(key)! <= limit };
    },
  };
}

describe('the per-IP limit at the edge', () => {
  it('lets an IP through up to the limit, then asks it to wait the period, without touching another IP', async () => {
    const b = binding(3);
    const bucket = edgeBucket(b, new Set());
    const waits = [];
    for (let i = 0; i < 5; i++) waits.push(await bucket.take('203.0.113.9'));
    expect(waits).toEqual([0, 0, 0, EDGE_LIMIT_PERIOD_S, EDGE_LIMIT_PERIOD_S]);
    expect(await bucket.take('198.51.100.7')).toBe(0);
  });

  it('counts an IPv6 subscriber by its /64 and an IPv4-mapped address as IPv4', async () => {
    const b = binding(1);
    const bucket = edgeBucket(b, new Set());
    expect(await bucket.take('2001:db8:1:2::a')).toBe(0);
    expect(await bucket.take('2001:db8:1:2::b')).toBe(EDGE_LIMIT_PERIOD_S);
    await bucket.take('::ffff:203.0.113.9');
    expect(b.keys).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64', '203.0.113.9']);
  });

  it('never counts an exempt address, and limits nothing without the binding or when it fails', async () => {
    const b = binding(0);
    expect(await edgeBucket(b, exemptIps('127.0.0.1, ::1')).take('127.0.0.1')).toBe(0);
    expect(b.keys).toEqual([]);
    expect(await edgeBucket(undefined, new Set()).take('203.0.113.9')).toBe(0);
    const broken: RateLimitBinding = { limit: async () => { throw new Error('unavailable'); } };
    expect(await edgeBucket(broken, new Set()).take('203.0.113.9')).toBe(0);
  });
});
