/**
 * The storefront's login cookie (coverage.md §4 Session, docs/architecture.md Security): a sealed (encrypted and signed)
 * HttpOnly cookie holding the API session token and member code, one month long. The token names a
 * session row in the database, so logout revokes it everywhere.
 */
import type { AstroCookies } from 'astro';
import * as Iron from 'iron-webcrypto';
import { LOGIN_COOKIE_MAX_AGE_S } from '../domain/constants';
import { config } from './config';
import { SESSION_COOKIE } from './http/request-names.ts';

/** The cookie's name, known to the server in front of the app too (src/server/http/request-names.ts). */
export { SESSION_COOKIE };

export type SessionPayload = { token: string; member: string };

/** Reads the cookie; null when absent, tampered with, or sealed with another secret. */
export async function readSession(cookies: AstroCookies): Promise<SessionPayload | null> {
  const sealed = cookies.get(SESSION_COOKIE)?.value;
  if (!sealed) return null;
  try {
    const data = (await Iron.unseal(sealed, config.sessionSecret, Iron.defaults)) as SessionPayload;
    return typeof data?.token === 'string' && typeof data?.member === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** Writes the cookie for a fresh login. */
export async function writeSession(cookies: AstroCookies, payload: SessionPayload): Promise<void> {
  const sealed = await Iron.seal(payload, config.sessionSecret, { ...Iron.defaults, ttl: LOGIN_COOKIE_MAX_AGE_S * 1000 });
  cookies.set(SESSION_COOKIE, sealed, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: LOGIN_COOKIE_MAX_AGE_S,
  });
}

export function clearSession(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
