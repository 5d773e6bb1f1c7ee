/**
 * The storefront apart from its API (`XS_API_URL`; docs/architecture.md "The storefront apart from
 * its API"). A storefront process with `XS_API_URL` opens no database: its pages and Actions call
 * the API over HTTP (src/features/shared/api.ts), and the API's own public paths that reach the
 * storefront's origin — the mobile contract at /api/mobile_ecom/xs_api.php (mobile apps, payment
 * webhooks) and the sandbox provider's payment page at /payment/sandbox/… — are forwarded to the API
 * process as they came, with the shopper's address in `X-Forwarded-For`. So a deployment keeps one
 * public origin whichever way it is split; the API process trusts the storefront as its proxy
 * (`TRUST_PROXY`) and sees each shopper's address for its per-IP limits.
 */
import { API_BASE } from '../lib/xs-api/contract';

/** Headers of one connection that a proxy never passes on (RFC 9110 §7.6.1), plus those fetch sets itself. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length'];

/**
 * The API a storefront talks to, from `XS_API_URL`: its origin and the path its operations sit
 * under. 'http://api:4321' → { origin: 'http://api:4321', basePath: '/api/mobile_ecom/xs_api.php' };
 * 'http://api:4321/api/mobile_ecom/xs_api.php/' → the same. null when `xsApiUrl` is empty (the
 * bundled API, in-process).
 * @throws TypeError when `xsApiUrl` is not a URL (the settings check refuses it at start first).
 */
export function remoteApiBase(xsApiUrl: string): { origin: string; basePath: string } | null {
  if (!xsApiUrl) return null;
  const url = new URL(xsApiUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, basePath: path || API_BASE };
}

/**
 * The address on the API process of a request that reached the storefront: the same path and
 * query under the API's origin; a contract path is rebased from the storefront's API_BASE onto the
 * remote base path (they differ when the API lives under another prefix).
 */
export function remoteUrl(requestUrl: string, base: { origin: string; basePath: string }): URL {
  const url = new URL(requestUrl);
  const path = url.pathname.startsWith(`${API_BASE}/`) || url.pathname === API_BASE ? `${base.basePath}${url.pathname.slice(API_BASE.length)}` : url.pathname;
  return new URL(`${path}${url.search}`, base.origin);
}

/**
 * Forwards `request` to the API process at `target` and answers what it answered: method, headers
 * and body as they came (a webhook's signed bytes unchanged), the shopper's address appended to
 * `X-Forwarded-For`, the storefront's public host and scheme in `X-Forwarded-Host`/`-Proto`. Redirects
 * are passed back to the browser, not followed. An API that cannot be reached answers 502 with the
 * contract's error shape, never a 500.
 */
export async function forwardToApi(request: Request, target: URL, clientIp: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  const incoming = new URL(request.url);
  if (clientIp) headers.set('x-forwarded-for', [request.headers.get('x-forwarded-for'), clientIp].filter(Boolean).join(', '));
  headers.set('x-forwarded-host', incoming.host);
  headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(REMOTE_FORWARD_TIMEOUT_MS),
    });
  } catch {
    return Response.json({ Status: 0, Error: 'The shop’s service is not reachable; please try again shortly.' }, { status: 502, headers: { 'cache-control': 'no-store' } });
  }
  // fetch has already undone the API's compression: the storefront's own compression applies again.
  const out = new Headers(answer.headers);
  out.delete('content-encoding');
  out.delete('content-length');
  out.delete('transfer-encoding');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
}

/** How long a forwarded request may take before the storefront answers 502 (ms): an upload over a slow link included. */
export const REMOTE_FORWARD_TIMEOUT_MS = 60_000;
