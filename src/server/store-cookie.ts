/**
 * The chosen outlet's store_no mirrored in a cookie, so server-rendered pages (cart, checkout) and
 * plain form posts know the store; the full delivery choice lives in localStorage as `shipping`
 * (spec §4). Written by the browser when the choice changes (src/stores/shipping.ts).
 */
import type { AstroCookies } from 'astro';

export const STORE_COOKIE = 'xs_store';

/** The chosen store_no, when it looks like one. */
export function chosenStore(cookies: AstroCookies): string | null {
  const v = cookies.get(STORE_COOKIE)?.value ?? '';
  return /^[A-Za-z0-9_-]{1,20}$/.test(v) ? v : null;
}
