/**
 * The delivery choice's cookie: the one place that knows its name and lifetime, writes it in the
 * browser and reads it on the server. The choice itself lives in localStorage as `shipping`
 * (coverage.md §4 "saved locally as shipping", ./shipping.ts); this cookie mirrors it so server-rendered
 * pages (cart, favourites, checkout), the per-user GET endpoints and form posts to Actions (add to
 * cart without JavaScript) know the store.
 *
 * Value: the choice as JSON (./choice.ts), percent-encoded. Lifetime: the login's (one month, spec
 * §9): a guest has no delivery choice (coverage.md §4 Session). Not HttpOnly, since the browser writes it;
 * it carries nothing secret, and the server checks it against the schema and never trusts it for
 * prices (the store only picks which cart and stock are read).
 */
import type { AstroCookies } from 'astro';
import { LOGIN_COOKIE_MAX_AGE_S } from '../../domain/constants';
import { toShipping, type Shipping } from './choice';

/** The cookie's name. */
export const CHOICE_COOKIE = 'xs_shipping';
/** Its lifetime in seconds (`Max-Age`): as long as the login, one month. */
export const CHOICE_COOKIE_MAX_AGE_S = LOGIN_COOKIE_MAX_AGE_S;
/** Longest value written (after percent-encoding), well under the 4096 bytes browsers keep per cookie. */
export const CHOICE_COOKIE_MAX_CHARS = 3000;

/**
 * The cookie value for a choice: its JSON, percent-encoded. When the address makes it too long
 * (long non-Latin text), the address is left out: the server needs the type, store, state, date
 * and time; the address stays in localStorage and the member's address book.
 */
export function serialiseChoice(choice: Shipping): string {
  const full = encodeURIComponent(JSON.stringify(choice));
  return full.length <= CHOICE_COOKIE_MAX_CHARS ? full : encodeURIComponent(JSON.stringify({ ...choice, address: null }));
}

/**
 * The choice in a cookie value (percent-encoded or already decoded JSON): null when absent,
 * malformed, or not a valid choice. Never throws.
 */
export function parseChoice(value: string | null | undefined): Shipping | null {
  if (!value) return null;
  try {
    const text = value.startsWith('%7B') ? decodeURIComponent(value) : value;
    return toShipping(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Browser: writes the cookie for `choice`, or removes it for null. */
export function writeChoiceCookie(choice: Shipping | null): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = choice
    ? `${CHOICE_COOKIE}=${serialiseChoice(choice)}; path=/; max-age=${CHOICE_COOKIE_MAX_AGE_S}; samesite=lax${secure}`
    : `${CHOICE_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

/** Server: the request's delivery choice, or null (none, or a bad cookie). */
export function readChoice(cookies: AstroCookies): Shipping | null {
  return parseChoice(cookies.get(CHOICE_COOKIE, { decode: (v) => v })?.value);
}

/** Server: the chosen store's store_no (for the contract's `?store=`), or null. */
export function chosenStore(cookies: AstroCookies): string | null {
  return readChoice(cookies)?.store.store_no ?? null;
}

/** Server: removes the cookie (e.g. on logout: a guest has no delivery choice, coverage.md §4 Session). */
export function forgetChoice(cookies: AstroCookies): void {
  cookies.delete(CHOICE_COOKIE, { path: '/' });
}
