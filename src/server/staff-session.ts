/**
 * The staff console's login cookie (issue "The outlets run the shop" §1; ADR 25): sealed like the
 * members' (src/server/session.ts), with its own name and path, so it is sent only to the console
 * (/staff…) and never mixed with a shopper's login on the same browser. It holds the staff session
 * token (a revocable `staff_sessions` row) and the console's language; it lives as long as the
 * session (12 hours).
 */
import type { AstroCookies } from 'astro';
import * as Iron from 'iron-webcrypto';
import { STAFF_SESSION_MAX_AGE_S } from '../domain/staff';
import { LOCALES, type Locale } from '../domain/constants';
import { config } from './config';

export const STAFF_COOKIE = 'xs_staff';
/** Every console page and form post is under this path. */
export const STAFF_COOKIE_PATH = '/staff';

export type StaffSessionPayload = { token: string; language: Locale };

/** Reads the cookie; null when absent, tampered with, or sealed with another secret. */
export async function readStaffSession(cookies: AstroCookies): Promise<StaffSessionPayload | null> {
  const sealed = cookies.get(STAFF_COOKIE)?.value;
  if (!sealed) return null;
  try {
    const data = (await Iron.unseal(sealed, config.sessionSecret, Iron.defaults)) as StaffSessionPayload;
    return typeof data?.token === 'string' && (LOCALES as readonly string[]).includes(data.language) ? data : null;
  } catch {
    return null;
  }
}

/** Writes the cookie for a login, or anew with another language. */
export async function writeStaffSession(cookies: AstroCookies, payload: StaffSessionPayload): Promise<void> {
  const sealed = await Iron.seal(payload, config.sessionSecret, { ...Iron.defaults, ttl: STAFF_SESSION_MAX_AGE_S * 1000 });
  cookies.set(STAFF_COOKIE, sealed, { path: STAFF_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: STAFF_SESSION_MAX_AGE_S });
}

export function clearStaffSession(cookies: AstroCookies): void {
  cookies.delete(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
}
