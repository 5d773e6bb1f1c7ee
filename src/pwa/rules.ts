/**
 * What the service worker (src/pwa/service-worker.ts, ADR 31) keeps and shows, as plain functions
 * without I/O so that tests read them directly.
 *
 * - Catalogue and content pages (`isCataloguePage`) are fetched network first and kept for offline
 *   use, only when the server marks the answer shared (`isShareable`).
 * - Member pages, the console, Actions and the API (`isNeverKept`) are never kept: their
 *   navigations go to the network, and the offline page answers when it cannot be reached.
 * - A worker is never shown the Cookie and Set-Cookie headers, so the server makes every answer
 *   that sets a cookie or answers a request with the login cookie private (src/server/http/private-
 *   answers.ts); `isShareable` then refuses it.
 * - Push notifications: the payload contract is `PushPayload` (docs/architecture.md "Installable
 *   and offline").
 */

/** The language prefixes of the shop's addresses (docs/architecture.md i18n): EN has none. */
const LOCALE_PREFIX = /^\/(zh|ar)(?=\/|$)/;

/** A path split into its language prefix ('' for EN, '/zh', '/ar') and the path without it ('/' at least). */
export function splitPrefix(pathname: string): { prefix: '' | '/zh' | '/ar'; path: string } {
  const m = LOCALE_PREFIX.exec(pathname);
  if (!m) return { prefix: '', path: pathname || '/' };
  return { prefix: `/${m[1]}` as '/zh' | '/ar', path: pathname.slice(m[0].length) || '/' };
}

/** Catalogue and content pages named by their whole path (without the language prefix). */
const CATALOGUE_PAGES = new Set(['/', '/category', '/search-products', '/outlets', '/about-us', '/contacts', '/privacy-policy', '/member-zone', '/shop']);
/** Catalogue pages under these folders: a line, a product, a promotion, a brand, a fixed list, the shop's catalogue. */
const CATALOGUE_FOLDERS = ['/category/', '/product/', '/promotion/', '/brands/', '/product-list/', '/shop/'];

/** Whether a page (a same-origin path, any language) is a catalogue or content page kept for offline use. */
export function isCataloguePage(pathname: string): boolean {
  if (isNeverKept(pathname)) return false;
  const { path } = splitPrefix(pathname);
  return CATALOGUE_PAGES.has(path) || CATALOGUE_FOLDERS.some((f) => path.startsWith(f) && path.length > f.length);
}

/**
 * Addresses whose answers are never kept, whatever their headers: the member's pages, the shopping
 * flow, sign-in pages, payments, the staff console (always unprefixed), Astro Actions and the API.
 */
const NEVER_KEPT = ['/account', '/cart', '/checkout', '/favourites', '/order-success', '/login', '/logout', '/register', '/forgot-password', '/password-reset', '/resend-verification', '/payment', '/voucher-details', '/uploads'];
const NEVER_KEPT_ANYWHERE = ['/staff', '/_actions', '/api'];

/** Whether answers for this path are never kept (see NEVER_KEPT). */
export function isNeverKept(pathname: string): boolean {
  const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  if (NEVER_KEPT_ANYWHERE.some((b) => under(pathname, b))) return true;
  const { path } = splitPrefix(pathname);
  return NEVER_KEPT.some((b) => under(path, b)) || NEVER_KEPT_ANYWHERE.some((b) => under(path, b));
}

/** What `isShareable` reads of an answer (a Response fits). */
interface AnswerLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be kept on the device: a whole (200), same-origin, not redirected answer
 * that the server marks `public` and neither `private` nor `no-store` (catalogue pages: src/server/
 * cache.ts `cacheCatalogue`; an answer that sets a cookie or answers a signed-in request is made
 * private by the server).
 */
export function isShareable(answer: AnswerLike): boolean {
  if (answer.status !== 200 || answer.type !== 'basic' || answer.redirected) return false;
  const directives = (answer.headers.get('cache-control') ?? '').toLowerCase().split(',').map((d) => d.trim().split('=')[0]);
  return directives.includes('public') && !directives.includes('private') && !directives.includes('no-store');
}

/** The offline page in the language of `pathname` ('/ar/cart' → '/ar/offline'). */
export function offlinePageFor(pathname: string): string {
  return `${splitPrefix(pathname).prefix}/offline`;
}

/** A push message's payload (JSON), the contract with the server that sends Web Push. */
export interface PushPayload {
  /** The notification's title, in the member's language. */
  title: string;
  /** Its text. */
  body: string;
  /** Where a click leads: a path of the shop ('/zh/account/orders/123'), or an address on its own origin. */
  url: string;
  /** Optional: a notification with the same tag replaces the earlier one. */
  tag?: string;
}

/** What `self.registration.showNotification(title, options)` is called with. */
export interface NotificationToShow {
  title: string;
  options: { body: string; tag?: string; data: { url: string }; icon: string; badge: string; lang: string; dir: 'ltr' | 'rtl' };
}

/**
 * The notification for a push payload (already parsed from JSON), or null when it does not follow
 * the contract (no title, a body or url that is not text). The url is resolved on `origin`; an
 * address elsewhere is replaced by the shop's home, so a click never leaves the shop. The language
 * and direction follow the url's language prefix (Arabic: right to left).
 * @param payload the parsed JSON
 * @param origin the worker's origin, e.g. 'https://shop.example.my'
 * @param icon the notification icon's path (192 px)
 */
export function notificationFor(payload: unknown, origin: string, icon: string): NotificationToShow | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.title !== 'string' || !p.title.trim() || typeof p.body !== 'string' || typeof p.url !== 'string') return null;
  let target: URL;
  try {
    target = new URL(p.url, origin);
  } catch {
    target = new URL('/', origin);
  }
  if (target.origin !== origin) target = new URL('/', origin);
  const { prefix } = splitPrefix(target.pathname);
  const lang = prefix === '/zh' ? 'zh-Hans' : prefix === '/ar' ? 'ar' : 'en';
  return {
    title: p.title,
    options: {
      body: p.body,
      ...(typeof p.tag === 'string' && p.tag ? { tag: p.tag } : {}),
      data: { url: target.href },
      icon,
      badge: icon,
      lang,
      dir: prefix === '/ar' ? 'rtl' : 'ltr',
    },
  };
}
