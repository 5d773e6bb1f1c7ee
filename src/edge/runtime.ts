/**
 * The edge build's `src/server/runtime.ts` (ADR 35): a worker holds no bundled API, no database
 * and no payment adapter; every page and Action reaches the API over HTTP (XS_API_URL,
 * src/features/shared/api.ts), and the API's own paths are forwarded to it (src/server/remote-api.ts).
 *
 * The global per-IP limit of the Node shop's edge (src/server/request-edge.ts) is not counted
 * here: a worker's memory is one isolate's among many, so a count in it means nothing. The API
 * still counts each shopper by the address the worker forwards (X-Forwarded-For), and the
 * platform's rate-limiting rules stand in front of the worker.
 */
import type { Bucket } from '../server/xs-api/adapters/rate-limit';

/** Thrown by what only the Node shop can do. */
function onNode(what: string): never {
  throw new Error(`${what} runs on the Node shop, not in the edge build (ADR 35).`);
}

/** A bucket that never asks anyone to wait. */
const unlimited: Bucket = { take: async () => 0 };

/** The abuse limits the middleware asks for: `global` never limits at the edge (see above). */
export function abuseLimits(): Promise<{ global: Bucket }> {
  return Promise.resolve({ global: unlimited });
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
