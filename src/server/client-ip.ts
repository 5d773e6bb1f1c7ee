/**
 * The client IP of a request (docs/architecture.md Security; rate limits per IP): the one rule of
 * src/server/http/client-ip.ts, shared with the server's own request log (src/server/http/serve.ts). Without
 * trusted proxies (TRUST_PROXY=0, the default) it is the socket's address and X-Forwarded-For is
 * ignored; behind `hops` trusted proxies it is the `hops`-th address from the end of X-Forwarded-For.
 * E.g. clientIpFrom('1.1.1.1, 203.0.113.7', '10.0.0.2', 1) → '203.0.113.7'.
 */
export { clientIpFrom } from './http/client-ip.ts';
