/**
 * Where a login leads (coverage.md §2 /login, §6): back to the page that asked for it, carried as
 * `/login?redirect={path}` and then in the form's hidden `redirect` field. Pure, no I/O.
 */
import { href, paths, safeRedirectPath } from '../../domain/paths';
import { splitLocale, type Locale } from '../../i18n/messages';

/**
 * The path to go to after logging in, in the login page's language: the `redirect` value when it is
 * a path on this site (src/domain/paths.ts `safeRedirectPath`), else home.
 *
 * Examples: `loginTarget('/product/P0005', 'en')` → '/product/P0005';
 * `loginTarget('/cart', 'ar')` → '/ar/cart'; `loginTarget('/zh/cart?x=1', 'en')` → '/cart?x=1';
 * `loginTarget('//evil.example', 'zh')` → '/zh'; `loginTarget(undefined, 'en')` → '/'.
 */
export function loginTarget(redirect: string | null | undefined, locale: Locale): string {
  const safe = safeRedirectPath(redirect, '');
  if (!safe) return href(locale, paths.home);
  const url = new URL(safe, 'http://site.invalid');
  // Re-judged after the language is changed: '/zh//evil.example' must not become '//evil.example'.
  return safeRedirectPath(href(locale, splitLocale(url.pathname).path) + url.search + url.hash, href(locale, paths.home));
}

/**
 * The value for the login form's hidden `redirect` field: a safe path, or '' (then home).
 * Never echoes another origin into the page.
 */
export function redirectField(value: string | null | undefined): string {
  return safeRedirectPath(value, '');
}
