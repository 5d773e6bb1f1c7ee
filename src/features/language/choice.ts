/**
 * The shopper's language choice kept locally (spec §1 "The choice is stored locally and by the
 * member's profile; the default is EN"): the cookie `xs_lang` ('en' | 'zh' | 'ar'), one year,
 * readable by the language switcher's script (not HttpOnly: it holds no secret). The server reads it
 * where a request carries no language of its own (an island's Action call without a Referer,
 * src/middleware.ts); the URL's language (/zh/…, /ar/…) always wins for a page.
 */
import type { AstroCookies } from 'astro';
import { LOCALES, type Locale } from '../../domain/constants';

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
  cookies.set(LANGUAGE_COOKIE, locale, { path: '/', sameSite: 'lax', maxAge: LANGUAGE_COOKIE_MAX_AGE_S });
}
