/**
 * The number being verified, carried from the register form to the verification page
 * (/resend-verification) so the shopper need not type it twice: a short-lived HttpOnly cookie
 * `xs_verify_mobile` (30 minutes), never in the URL (addresses end up in logs and histories).
 */
import type { AstroCookies } from 'astro';
import { config } from '../../server/config';

export const VERIFY_MOBILE_COOKIE = 'xs_verify_mobile';
/** 30 minutes, in seconds: longer than a code lives (10 minutes), enough for a resend. */
const VERIFY_MOBILE_MAX_AGE_S = 30 * 60;

/** Remembers the number just registered. */
export function rememberVerifyMobile(cookies: AstroCookies, mobile: string): void {
  cookies.set(VERIFY_MOBILE_COOKIE, mobile.slice(0, 30), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: VERIFY_MOBILE_MAX_AGE_S });
}

/** The number remembered, '' when none. */
export function verifyMobile(cookies: Pick<AstroCookies, 'get'>): string {
  return (cookies.get(VERIFY_MOBILE_COOKIE)?.value ?? '').slice(0, 30);
}

/** Forgets it once the number is verified. */
export function forgetVerifyMobile(cookies: AstroCookies): void {
  cookies.delete(VERIFY_MOBILE_COOKIE, { path: '/' });
}
