/**
 * The first thing every page, Action and API call goes through (src/middleware.ts): its request id,
 * its client IP, the global per-IP rate limit, and one log line.
 *
 * - Request id: the caller's X-Request-Id when well-formed (src/server/log.ts), else a new UUID;
 *   attached to every log line made while the request is handled, and echoed in the response's
 *   X-Request-Id header.
 * - Client IP: src/server/client-ip.ts (TRUST_PROXY), kept in `locals.clientIp` for the API's
 *   per-IP limits.
 * - Rate limit: RATE_LIMIT_PER_MINUTE calls per client IP (adapters/rate-limit.ts `global`, shared
 *   through Redis when REDIS_URL is set). Over it: 429 with Retry-After (seconds) — the contract's
 *   `{ Status: 0, Error }` on the API and on Actions, a short page in the shopper's language elsewhere.
 * - Log: `request` with method, path (numbers masked, no query), status, milliseconds and client IP.
 *   Under src/server/http/serve.ts the server writes that line itself once the answer is sent (for cached
 *   pages and files too, issue "Safe to run in production" §6): the edge then only hands it the
 *   route pattern (the metrics' `route` label, src/server/metrics.ts), the client IP and the request
 *   id through `currentRequest()`. Without the server (`astro dev`, tests) the edge logs the line.
 * - Health probes (/healthz, /readyz) are not rate limited: a load balancer's checks never wait
 *   for Redis nor use up a client's allowance (README Health).
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { API_BASE } from '../lib/xs-api/contract';
import { dir, resolveLocale, splitLocale, translate, type Locale } from '../i18n/messages';
import { clientIpFrom } from './client-ip';
import { config } from './config';
import { errorFields, log, requestId, scrub, withRequestContext } from './log';
import type { Bucket } from './xs-api/adapters/rate-limit';
import { currentRequest, routeLabel } from './metrics';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The answer to a call over a rate limit: 429, Retry-After `seconds`, no caching; JSON
 * `{ Status: 0, Error }` when `json`, else a small HTML page in `locale` (with lang and dir).
 */
export function tooManyRequestsResponse(locale: Locale, seconds: number, json: boolean): Response {
  const text = translate(locale, 'too_many_requests', { seconds });
  const headers = { 'retry-after': String(seconds), 'cache-control': 'no-store' };
  if (json) return Response.json({ Status: 0, Error: text }, { status: 429, headers });
  const body = `<!doctype html><html lang="${locale}" dir="${dir(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text)}</title></head><body><main><h1>429</h1><p role="alert">${escapeHtml(text)}</p></main></body></html>`;
  return new Response(body, { status: 429, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/** The client IP of an Astro request: TRUST_PROXY hops of X-Forwarded-For, else the socket's. */
export function requestClientIp(ctx: Pick<APIContext, 'request' | 'clientAddress'>, hops = config.trustProxy): string | null {
  let socket: string | undefined;
  try {
    socket = ctx.clientAddress;
  } catch {
    // Not known (e.g. a request made in-process).
  }
  return clientIpFrom(ctx.request.headers.get('x-forwarded-for'), socket, hops);
}

/** Sets a header on a response, copying it first when its headers are immutable (redirects). */
function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * The request's path as the client asked it. src/server/http/serve.ts hands a ZH or AR page to the
 * app by its path without the prefix and names the prefixed one in `locals.requestPath` (ADR 50);
 * everywhere else it is the URL's own.
 */
export function askedPath(ctx: Pick<APIContext, 'url' | 'locals'>): string {
  return ctx.locals.requestPath ?? ctx.url.pathname;
}

/**
 * Runs a request through the edge: id, IP, the `global` limit, then `next`, and a log line.
 * `global` answers the per-IP bucket (the process's limits, made on first use).
 */
export async function handleAtEdge(ctx: APIContext, next: MiddlewareNext, global: () => Promise<Bucket>): Promise<Response> {
  const reqId = requestId(ctx.request.headers.get('x-request-id'));
  return withRequestContext(reqId, async () => {
    const started = performance.now();
    const ip = requestClientIp(ctx);
    ctx.locals.clientIp = ip;
    const asked = askedPath(ctx);
    const { locale, path } = splitLocale(asked);
    let res: Response;
    const probe = asked === '/healthz' || asked === '/readyz';
    const wait = ip && !probe ? await global().then((b) => b.take(ip)) : 0;
    if (wait > 0) {
      const json = asked.startsWith(API_BASE) || path.startsWith('/_actions/');
      res = tooManyRequestsResponse(json ? resolveLocale(ctx.request.headers.get('accept-language')) : locale, wait, json);
    } else {
      try {
        res = await next();
      } catch (err) {
        log.error({ ...errorFields(err), method: ctx.request.method, path: scrub(asked) }, 'request failed');
        throw err;
      }
    }
    res = withHeader(res, 'x-request-id', reqId);
    const served = currentRequest();
    if (served) {
      // src/server/http/serve.ts logs and measures this request once its answer is sent.
      served.route = routeLabel(path, ctx.routePattern, res.status);
      served.ip = ip;
      served.reqId = reqId;
      served.path = scrub(asked);
      return res;
    }
    // The client IP as the edge resolved it (TRUST_PROXY): who sent a burst, for the operator.
    const fields = { method: ctx.request.method, path: scrub(asked), status: res.status, ms: Math.round(performance.now() - started), ip };
    if (res.status >= 500) log.error(fields, 'request');
    else if (res.status === 429) log.warn(fields, 'request');
    else log.info(fields, 'request');
    return res;
  });
}
