/**
 * The client IP of a request (docs/architecture.md Security; rate limits per IP), one rule for the server
 * (./serve.ts: the request log line of a cached page) and the app (src/server/client-ip.ts).
 * Without trusted proxies (TRUST_PROXY=0, the default) it is the socket's address and
 * X-Forwarded-For, which any client can write, is ignored. Behind `hops` trusted proxies it is the
 * `hops`-th address from the end of X-Forwarded-For: each proxy appends the address it saw, so the
 * entries to its left are the client's own claims.
 */

/**
 * E.g. clientIpFrom('1.1.1.1, 203.0.113.7', '10.0.0.2', 1) → '203.0.113.7';
 * clientIpFrom('1.1.1.1', '198.51.100.4', 0) → '198.51.100.4'; null when nothing is known.
 * `forwardedFor`: the X-Forwarded-For header; `socketIp`: the socket's remote address; `hops`:
 * trusted proxies in front of the shop (TRUST_PROXY).
 */
export function clientIpFrom(forwardedFor: string | null | undefined, socketIp: string | null | undefined, hops: number): string | null {
  if (hops > 0 && forwardedFor) {
    const chain = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = chain[Math.max(0, chain.length - hops)];
    if (ip && /^[\da-fA-F:.]{2,45}$/.test(ip)) return ip;
  }
  return socketIp?.trim() || null;
}
