/**
 * Per-request set-up (docs/architecture.md): the locale from the URL (/zh/…, /ar/… rewritten onto the one set of
 * pages; an Action call takes its calling page's), the login cookie, form posts to Actions, the
 * staff console's own section (/staff…, ADR 25), and the guards of coverage.md §6: account pages need a live session (else /, an order's own page too), /login and /register only when
 * logged out, the shopping flow needs login.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { localizePath, refererLocale, resolveLocale, splitLocale, translate, type Locale } from './i18n/messages';
import { memberApi } from './features/shared/api';
import { handleFormAction } from './features/shared/form-action';
import { clearSession, readSession } from './server/session';
import { setFlash } from './server/flash';
import { askedPath, handleAtEdge } from './server/request-edge';
import { abuseLimits } from './server/runtime';
import { readLanguageChoice } from './features/language/choice';
import { refuseActionBody, refuseBadUrl, unknownApiPath } from './server/input-edge';
import { ErrorDrill, isErrorDrill } from './server/error-drill';
import { canonicalRedirect } from './server/canonical-query';
import { isStaffPath, staffSection } from './features/staff/section';
import { isCrossSiteFormPost } from './server/site-origin';

/**
 * The language of the page that made a request (its Referer), else the shopper's stored choice
 * (src/features/language/choice.ts), else the browser's Accept-Language.
 */
function callerLocale(headers: Headers, stored: Locale | null): Locale {
  return refererLocale(headers) ?? stored ?? resolveLocale(headers.get('accept-language'));
}

const GUEST_ONLY = new Set(['/login', '/register']);
const MEMBER_FLOW = new Set(['/cart', '/checkout', '/order-success', '/favourites']);

/** Request id, client IP, the global per-IP rate limit and the request's log line (src/server/request-edge.ts). */
const edge = defineMiddleware((ctx, next) => (ctx.isPrerendered ? next() : handleAtEdge(ctx, next, () => abuseLimits().then((l) => l.global))));

const pages = defineMiddleware(async (ctx, next) => {
  if (ctx.isPrerendered) return next();
  // Health checks (pages/healthz.ts, readyz.ts): no session, no locale, nothing per user.
  // The path as asked: serve.ts may have handed a ZH/AR page over by its path without the prefix (ADR 50).
  const asked = askedPath(ctx);
  if (asked === '/healthz' || asked === '/readyz') return next();
  const { locale: pathLocale, path } = splitLocale(asked);
  // An island's Action call (/_actions/…) carries no language in its path: the page it came from does.
  const locale = path.startsWith('/_actions/') ? callerLocale(ctx.request.headers, readLanguageChoice(ctx.cookies)) : pathLocale;
  ctx.locals.locale = locale;
  // The edge: malformed %-sequences and control characters (NUL…) in the URL are refused with 400;
  // unknown /api/ paths answer the contract's JSON 404 (src/server/input-edge.ts).
  const refused = refuseBadUrl(ctx.request.url, path, locale) ?? unknownApiPath(path, locale);
  if (refused) return refused;
  // An operator's error drill (src/server/error-drill.ts): this request fails, and the error page answers.
  if (isErrorDrill(ctx.request.headers)) throw new ErrorDrill();
  // The bundled API authenticates by headers (x-api-key, a bearer token), never by cookie: no form
  // from another site can act for a shopper there, and its contract allows body-less posts (coverage.md §7).
  if (path.startsWith('/api/mobile_ecom/')) return next();
  // Forms only from the shop's own pages (src/server/site-origin.ts): 403 in the shopper's language.
  if (isCrossSiteFormPost(ctx.request, ctx.url)) {
    return new Response(translate(locale, 'request_cross_site_form'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  // The staff console: its own cookie, language and guard (src/features/staff/section.ts).
  if (isStaffPath(path)) return staffSection(ctx, next, pathLocale);
  // A cached page asked with parameters it does not read goes to its canonical URL (one cache entry).
  if (ctx.request.method === 'GET' || ctx.request.method === 'HEAD') {
    const url = new URL(ctx.request.url);
    url.pathname = asked;
    const canonical = canonicalRedirect(path, url);
    if (canonical) return new Response(null, { status: 308, headers: { location: canonical, 'cache-control': 'public, max-age=3600' } });
  }

  const session = await readSession(ctx.cookies);
  ctx.locals.session = session;
  let profile: ReturnType<App.Locals['profile']> | undefined;
  ctx.locals.profile = () =>
    (profile ??= session
      ? memberApi(ctx)
          .call('customer_detail')
          .then((r) => r.data)
          .catch((err) => {
            if (err?.status === 401 || err?.status === 403) {
              // Expired or revoked: forget the cookie and tell the shopper (coverage.md §6).
              clearSession(ctx.cookies);
              setFlash(ctx.cookies, 'session_expired');
              return null;
            }
            throw err;
          })
      : Promise.resolve(null));

  // A form posted to an Action (the one door): redirect after POST, or render the page with the result.
  const handled = await handleFormAction(ctx);
  if (handled) return handled;

  const isAccount = path === '/account' || path.startsWith('/account/');
  if (isAccount || MEMBER_FLOW.has(path)) {
    if (!(await ctx.locals.profile())) {
      // coverage.md §2/§6: every account page (an order's own page too) sends a guest to /; the shopping
      // flow (cart, checkout…) sends them to log in and back.
      const toLogin = !isAccount;
      const target = toLogin ? `/login?redirect=${encodeURIComponent(localizePath(locale, path) + ctx.url.search)}` : '/';
      return ctx.redirect(localizePath(locale, target), 302);
    }
  } else if (GUEST_ONLY.has(path) && session && (await ctx.locals.profile())) {
    return ctx.redirect(localizePath(locale, '/'), 302);
  }

  if (pathLocale !== 'en' && ctx.locals.requestPath === undefined) {
    // One set of pages serves every language: /zh/cart renders /cart with locals.locale = 'zh'.
    // (serve.ts hands most ZH/AR pages over already routed by their path without the prefix: no rewrite.)
    // Astro decodes the rewritten path again: a lone '%' (from '%25') is sent as '%25', never as a broken sequence.
    return next(new URL(path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25') + ctx.url.search, ctx.url));
  }
  if (path.startsWith('/_actions/')) {
    // An island's Action call with a body that is not JSON: 400, not a 500 from the body parser.
    try {
      return await next();
    } catch (err) {
      const refused = refuseActionBody(err, locale);
      if (refused) return refused;
      throw err;
    }
  }
  return next();
});

/**
 * Nothing of its own: with a middleware after `pages`, a locale's rewrite (/zh/cart → /cart) goes
 * through the sequence, which gives the edge's context the rewritten route's pattern (the metrics'
 * `route` label, src/server/metrics.ts) instead of the 404 route the prefixed path first matched.
 */
const afterRewrite = defineMiddleware((_ctx, next) => next());

export const onRequest = sequence(edge, pages, afterRewrite);
