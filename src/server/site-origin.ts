/**
 * The shop's public address, read when the server starts rather than when it was built (issue "Safe
 * to run in production" §2; README "Behind a TLS-terminating proxy"; ADR 6): one build serves any
 * SITE_URL, so an image built once runs behind any proxy and on any address.
 *
 * - `siteOrigin(url)`: SITE_URL's origin when set (canonical links, sitemap, the payment provider's
 *   way back), else the origin the request itself was made to (development, loopback).
 * - `isCrossSiteFormPost(request, url)`: the check that keeps other sites from posting forms to the
 *   shop with a shopper's cookies (cross-site request forgery). An unsafe method (not GET, HEAD or
 *   OPTIONS) whose body is a form (or has no content type) must carry an `Origin` that is the shop's:
 *   SITE_URL's, or the address the browser sent it to (the `Host` it asked for). Behind a proxy that
 *   ends TLS, the browser's `https://…` origin is SITE_URL's while the server sees plain HTTP: the
 *   run-time SITE_URL is what makes it match, not headers a proxy or a client could forward.
 *   Astro's own check (`security.checkOrigin`) compares with the request's URL only, and believes a
 *   forwarded protocol only for domains fixed at build time; it is off, and this one replaces it.
 */
import { config } from './config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** SITE_URL's origin (e.g. 'https://shop.example.my'), or null when the shop has none configured. */
function configuredOrigin(): string | null {
  if (!config.siteUrl) return null;
  try {
    return new URL(config.siteUrl).origin;
  } catch {
    return null; // refused at start by src/server/settings.ts; never trusted here
  }
}

/**
 * The shop's public origin: SITE_URL's when configured, else `url`'s (the request's own).
 * E.g. SITE_URL=https://shop.example.my → 'https://shop.example.my' whatever address the request used.
 */
export function siteOrigin(url: URL): string {
  return configuredOrigin() ?? url.origin;
}

/**
 * True when `request` is a form post (or a body-less unsafe request) from somewhere other than the
 * shop, which must be refused (403) before any Action or page reads it. `url` is the request's URL as
 * the server received it. JSON bodies are not forms: a browser cannot send them cross-site without
 * CORS, which the shop never grants.
 */
export function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const type = request.headers.get('content-type');
  if (type !== null && !FORM_TYPES.some((t) => type.toLowerCase().includes(t))) return false;
  const origin = request.headers.get('origin');
  if (!origin) return true;
  return origin !== url.origin && origin !== configuredOrigin();
}
