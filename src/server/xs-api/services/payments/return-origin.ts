/**
 * Where a payment provider sends the shopper back (issue "Safe to run in production" §3): always
 * this shop, never an address taken from the request. With SITE_URL set (every production shop),
 * only its origin; without it (a development shop), also a loopback origin (localhost, 127.0.0.1,
 * [::1], any port), so a shop opened as http://127.0.0.1:4321 gets its shopper back there.
 */
import { invalidPayload } from '../../errors';

/** The shop's own origin and whether it was configured (SITE_URL) or is the development default. */
export type ShopOrigin = { origin: string; configured: boolean };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin to send the shopper back to: `asked` (an http(s) origin the storefront passes) when it
 * is the shop's own, else the shop's own when nothing was asked.
 * Examples: (undefined, shop) → shop.origin; ('https://evil.example', shop) → 400.
 * @throws ApiError 400 'api_invalid_payload' for any other origin
 */
export function paymentReturnOrigin(asked: string | undefined, shop: ShopOrigin): string {
  if (!asked) return shop.origin;
  const url = new URL(asked);
  if (url.origin === shop.origin) return url.origin;
  if (!shop.configured && LOOPBACK.has(url.hostname)) return url.origin;
  throw invalidPayload("return_origin: not this shop's origin (SITE_URL)");
}
