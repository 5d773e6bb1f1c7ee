/**
 * The shopper's language choice kept locally (coverage.md §1 "The choice is stored locally and by the
 * member's profile; the default is EN"): the cookie `xs_lang` ('en' | 'zh' | 'ar'), one year,
 * readable by the language switcher's script (not HttpOnly: it holds no secret). The server reads it
 * where a request carries no language of its own (an island's Action call without a Referer,
 * src/middleware.ts); the URL's language (/zh/…, /ar/…) always wins for a page.
 */
import type { AstroCookies } from 'astro';
import { config } from '../../server/config';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants';

export const LANGUAGE_COOKIE = 'xs_lang';
/** One year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A value that is one of the shop's languages, else null: 'zh' → 'zh'; 'fr', undefined → null. */
export function asLocale(value: string | null | undefined): Locale | null {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
}

/** The stored choice, or null. */
export function readLanguageChoice(cookies: Pick<AstroCookies, 'get'>): Locale | null {
  return asLocale(cookies.get(LANGUAGE_COOKIE)?.value);
}

/** Stores the choice for a year. */
export function writeLanguageChoice(cookies: Pick<AstroCookies, 'set'>, locale: Locale): void {
  cookies.set(LANGUAGE_COOKIE, locale, { path: '/', sameSite: 'lax', secure: config.cookieSecure, maxAge: LANGUAGE_COOKIE_MAX_AGE_S });
}

/**
 * The language a login leads to (coverage.md §1: the shop follows the member's profile; the choice is also
 * stored locally). A choice made on this device wins: the login page's own language when it is not
 * the default (the shopper is on /zh/… or /ar/…), else the local choice (`xs_lang`). Without
 * either, the profile's language; without that (it could not be read), the page's.
 *
 * Examples: ('en', null, 'zh') → 'zh'; ('en', 'en', 'zh') → 'en'; ('ar', 'zh', 'en') → 'ar';
 * ('en', null, null) → 'en'.
 */
export function languageAfterLogin(page: Locale, local: Locale | null, profile: Locale | null): Locale {
  if (page !== DEFAULT_LOCALE) return page;
  return local ?? profile ?? page;
}

/** True when `languageAfterLogin` needs the profile's language: an unprefixed page and no local choice. */
export function needsProfileLanguage(page: Locale, local: Locale | null): boolean {
  return page === DEFAULT_LOCALE && local === null;
}
