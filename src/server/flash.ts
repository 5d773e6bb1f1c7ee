/**
 * One-time messages across a redirect (e.g. 'Login Successful' for 3 s after logging in, spec §4):
 * a short-lived cookie naming a message key, read and removed by the page's script.
 */
import type { AstroCookies } from 'astro';

export const FLASH_COOKIE = 'xs_flash';
export type Flash = 'login_successful' | 'session_expired' | 'registration_successful' | 'password_reset_successful';

export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(FLASH_COOKIE, flash, { path: '/', maxAge: 60, sameSite: 'lax' });
}
