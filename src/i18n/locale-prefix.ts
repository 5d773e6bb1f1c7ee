/**
 * The language prefix of the shop's addresses (docs/architecture.md "i18n"): EN unprefixed, ZH
 * under /zh, AR under /ar, one set of pages for all three. Plain TypeScript with no imports of the
 * app's, so that the server (src/server/http/serve.ts) reads prefixes exactly as the middleware does.
 */
import { DEFAULT_LOCALE, type Locale } from '../domain/constants.ts';

const PREFIXED = /^\/(zh|ar)(\/.*)?$/;

/** Splits a URL path into its locale and the path without the prefix ('/zh' → zh and '/'). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = PREFIXED.exec(pathname);
  if (!m) return { locale: DEFAULT_LOCALE, path: pathname || '/' };
  return { locale: m[1] as Locale, path: m[2] || '/' };
}

/**
 * A GET or HEAD of a shop page in ZH or AR, which the server hands to the app by its address without
 * the prefix, so that Astro routes it to the page at once (ADR 50). `url`: that address (query kept);
 * `requestPath`: the path as asked (prefixed, for the middleware: src/middleware.ts). Null for any
 * other request: EN, another method, the API (`/api/…`) and Astro's own addresses (`/_actions/…`,
 * `/_image`…), whose handling depends on the prefix, and the staff console (`/staff…`).
 * @param url the request's URL as sent (path and query; already checked to decode)
 */
export function unprefixedPage(method: string | undefined, url: string): { url: string; requestPath: string } | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const q = url.indexOf('?');
  const requestPath = q === -1 ? url : url.slice(0, q);
  const { locale, path } = splitLocale(requestPath);
  if (locale === DEFAULT_LOCALE || path.startsWith('/api/') || path.startsWith('/_') || path === '/staff' || path.startsWith('/staff/')) return null;
  return { url: path + (q === -1 ? '' : url.slice(q)), requestPath };
}
