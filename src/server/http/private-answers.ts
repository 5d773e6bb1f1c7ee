/**
 * No answer meant for one browser is ever marked shared (ADR 31): browsers' HTTP caches, CDNs and
 * the shop's service worker may keep an answer marked `public`, and the service worker can see
 * neither the Cookie nor the Set-Cookie header (browsers hide both from it). So, on every answer
 * the server sends (pages, cached pages, files, the API):
 *
 * - an answer that sets a cookie gets `Cache-Control: private, no-store` (a catalogue page that
 *   clears the one-time flash cookie, for instance);
 * - a page (HTML) answering a request that carries the login cookie (SESSION_COOKIE) and saying
 *   `public` says `private` instead, with its other directives kept (the browser may still keep it
 *   a minute; no one else, and the service worker does not). Scripts, styles and pictures are the
 *   same files for everyone and stay shared.
 *
 * Runs just before the status line is sent, after the page cache has decided what it keeps
 * (./page-cache.ts keeps only public answers without Set-Cookie, the same for every shopper).
 */
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from './request-names.ts';
import { pairs } from './response-tee.ts';

/** Whether a Cookie header names the login cookie. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return String(cookieHeader)
    .split(';')
    .some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * The Cache-Control an answer leaves with (see the top of this file), or null to leave it as it is.
 * `cacheControl`: the answer's Cache-Control; `setsCookie`: whether it has Set-Cookie; `signedIn`:
 * whether its request carries the login cookie; `page`: whether it is a page (Content-Type text/html).
 */
export function privateCacheControl(cacheControl: string | undefined, { setsCookie, signedIn, page }: { setsCookie: boolean; signedIn: boolean; page: boolean }): string | null {
  const directives = String(cacheControl ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = directives.map((d) => (d.split('=')[0] ?? '').toLowerCase());
  if (setsCookie) return names.includes('no-store') && names.includes('private') ? null : 'private, no-store';
  if (signedIn && page && names.includes('public')) {
    // s-maxage and stale-while-revalidate speak to shared caches only: gone with `public`.
    const kept = directives.filter((d) => !['public', 's-maxage'].includes((d.split('=')[0] ?? '').toLowerCase()));
    return ['private', ...kept].join(', ');
  }
  return null;
}

/**
 * Applies `privateCacheControl` to `res` just before its headers are sent.
 */
export function keepPrivateAnswersPrivate(req: IncomingMessage, res: ServerResponse): void {
  const signedIn = carriesSession(req.headers.cookie);
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  let done = false;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!done) {
      done = true;
      // Headers passed to writeHead itself are merged into the response's own first.
      const last = rest[rest.length - 1];
      if (last && typeof last === 'object') {
        rest.pop();
        const entries = Array.isArray(last) ? pairs(last) : Object.entries(last as Record<string, OutgoingHttpHeader | undefined>);
        for (const [name, value] of entries) if (value !== undefined) res.setHeader(name, value);
      }
      const next = privateCacheControl(res.getHeader('cache-control')?.toString(), { setsCookie: res.hasHeader('set-cookie'), signedIn, page: /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) });
      if (next) res.setHeader('Cache-Control', next);
    }
    return writeHead.call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}
