/**
 * The site's edge (issue "Hardened for the open internet" part 1), run first by src/middleware.ts:
 * a URL whose path has a malformed %-sequence, or whose path or query holds a control character
 * (NUL, line breaks…; src/domain/input-text.ts), is refused with 400 before any page, endpoint or
 * Action reads it: a short page in the shopper's language, or JSON `{ error }` under /api and
 * /_actions. Paths under /api that name no endpoint answer the contract's JSON 404
 * (`{ Status: 0, Error }`), complete, never the HTML 404 page.
 */
import { decodeCleanPath, isCleanQuery } from '../domain/input-text';
import { href } from '../domain/paths';
import { dir, translate, type Locale } from '../i18n/messages';

const NO_STORE = { 'cache-control': 'no-store' };

/** The site's own API endpoints (src/pages/api): anything else under /api/ is an unknown path. */
const API_ENDPOINTS = [/^\/api\/suggest$/, /^\/api\/me$/, /^\/api\/availability(\/[^/]+)?$/, /^\/api\/mobile_ecom\/xs_api\.php(\/.*)?$/];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** True for machine endpoints, which answer JSON rather than a page. */
function wantsJson(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/_actions/');
}

/**
 * 400 for a URL no page may read, else null. `rawUrl` is the request's URL as received
 * (`request.url`), `path` its path without the language prefix.
 */
export function refuseBadUrl(rawUrl: string, path: string, locale: Locale): Response | null {
  const url = new URL(rawUrl);
  if (decodeCleanPath(url.pathname) !== null && isCleanQuery(url.searchParams)) return null;
  const message = translate(locale, 'input_invalid_address');
  if (wantsJson(path)) return Response.json({ Status: 0, Error: message, error: message }, { status: 400, headers: NO_STORE });
  const title = translate(locale, 'bad_request_title');
  const home = translate(locale, 'not_found_home');
  const html = `<!doctype html><html lang="${locale}" dir="${dir(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${href(locale, '/')}">${escapeHtml(home)}</a></p></body></html>`;
  return new Response(html, { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', ...NO_STORE } });
}

/** The contract's JSON 404 for a path under /api/ that names no endpoint, else null. */
export function unknownApiPath(path: string, locale: Locale): Response | null {
  if (!path.startsWith('/api/') || API_ENDPOINTS.some((re) => re.test(path))) return null;
  return Response.json({ Status: 0, Error: translate(locale, 'api_not_found') }, { status: 404, headers: NO_STORE });
}

/**
 * 400 in the Actions' own error shape (`{ type: 'AstroActionError', code: 'BAD_REQUEST', status,
 * message }`, what the `astro:actions` client reads) when an island's call to `/_actions/<name>`
 * sent a body that is not JSON (Astro throws a SyntaxError while reading it); null for any other
 * error, which stays a fault of ours.
 */
export function refuseActionBody(err: unknown, locale: Locale): Response | null {
  if (!(err instanceof SyntaxError)) return null;
  const message = translate(locale, 'api_invalid_payload', { detail: 'body is not valid JSON' });
  return Response.json({ type: 'AstroActionError', code: 'BAD_REQUEST', status: 400, message }, { status: 400, headers: NO_STORE });
}
