/**
 * An integration token is shown once (ADR 26: the shop keeps only its hash). The issuing form
 * redirects after its POST like every console form, so the token crosses that redirect in a sealed
 * cookie of its own, readable only by the tokens page (its path), for one minute, and removed the
 * first time the page reads it: a reload shows it no more.
 */
import type { AstroCookies } from 'astro';
import * as Iron from 'iron-webcrypto';
import { config } from '../../server/config';
import { paths } from '../../domain/paths';

const COOKIE = 'xs_staff_issued';
const TTL_S = 60;

/** Keeps the token (and its name) for the next render of the tokens page. */
export async function keepIssuedToken(cookies: AstroCookies, issued: { token: string; name: string }): Promise<void> {
  const sealed = await Iron.seal(issued, config.sessionSecret, { ...Iron.defaults, ttl: TTL_S * 1000 });
  cookies.set(COOKIE, sealed, { path: paths.staff.catalogue.tokens, httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, maxAge: TTL_S });
}

/** The token issued just before, once: read and removed; null when none, expired or tampered with. */
export async function takeIssuedToken(cookies: AstroCookies): Promise<{ token: string; name: string } | null> {
  const sealed = cookies.get(COOKIE)?.value;
  if (!sealed) return null;
  cookies.delete(COOKIE, { path: paths.staff.catalogue.tokens });
  try {
    const data = (await Iron.unseal(sealed, config.sessionSecret, Iron.defaults)) as { token: string; name: string };
    return typeof data?.token === 'string' && typeof data.name === 'string' ? data : null;
  } catch {
    return null;
  }
}
