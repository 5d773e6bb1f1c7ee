/**
 * The edge build's `src/server/runtime.ts` (ADR 35): a worker holds no bundled API, no database
 * and no payment adapter; every page and Action reaches the API over HTTP (XS_API_URL,
 * src/features/shared/api.ts), and the API's own paths are forwarded to it (src/server/remote-api.ts).
 *
 * The global per-IP limit of the Node shop's edge (src/server/request-edge.ts) is counted by the
 * platform's rate-limiting binding (./per-ip-limit.ts): a worker's memory is one isolate's among
 * many, so a count in it would mean nothing. The API still counts each shopper by the address the
 * worker forwards (X-Forwarded-For).
 */
import { env } from 'cloudflare:workers';
import { edgeBucket, exemptIps, type RateLimitBinding } from './per-ip-limit';
import { setting } from './settings';

/** Thrown by what only the Node shop can do. */
function onNode(what: string): never {
  throw new Error(`${what} runs on the Node shop, not in the edge build (ADR 35).`);
}

/** The abuse limits the middleware asks for: `global` through the PER_IP_LIMIT binding (see above). */
export function abuseLimits() {
  return Promise.resolve({ global: edgeBucket(env.PER_IP_LIMIT as RateLimitBinding | undefined, exemptIps(setting('RATE_LIMIT_EXEMPT_IPS'))) });
}

/** No database at the edge. @throws Error always. */
export function readyDb(): never {
  return onNode('The database');
}

/** No bundled API at the edge (the contract client calls XS_API_URL). @throws Error always. */
export function bundledApi(): never {
  return onNode('The bundled API');
}

/** No direct calls at the edge (the contract client calls XS_API_URL). @throws Error always. */
export function bundledDirect(): never {
  return onNode('The bundled API');
}

/** No payment adapter at the edge (the API process holds the payments). @throws Error always. */
export function payments(): never {
  return onNode('The payment adapter');
}

/** Nothing to stop. */
export async function stopRuntime(): Promise<void> {}
