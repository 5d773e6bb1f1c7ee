/**
 * The key a client IP is counted under by the per-IP limits, on the Node shop
 * (src/server/xs-api/adapters/rate-limit.ts) and at the edge (src/edge/per-ip-limit.ts). No Node
 * module here: the edge build imports it too.
 */

/**
 * The key a client IP is counted under: an IPv4 address as it is (also when IPv4-mapped,
 * '::ffff:203.0.113.9' → '203.0.113.9'), an IPv6 address by its /64 network, since one subscriber
 * usually holds a whole /64. E.g. ipKey('2001:db8:1:2::abcd') = '2001:db8:1:2::/64'.
 */
export function ipKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
