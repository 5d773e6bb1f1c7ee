/**
 * The couriers a delivery order can leave with, and their tracking codes (issue "A shopper trusts
 * every step": "tracking codes have no courier name or link"). The one place that lists them:
 * the bundled API checks what staff send against it, the order page and the staff console read
 * names and links from it, `npm run ops -- deliver --courier` takes its codes.
 *
 * - A courier is a code the contract carries (`tracking_courier`, 'POSLAJU'), the name shoppers
 *   know it by ('Pos Laju'; a brand, the same in every language) and the address of its public
 *   tracking page, with `{code}` where the tracking code goes (URL-encoded).
 * - A tracking code is 1 to `TRACKING_CODE_MAX_LENGTH` printable ASCII characters (letters, digits,
 *   punctuation; spaces only between them), as couriers print them on a consignment note. Refused
 *   otherwise with a message key (the API answers it in the caller's language).
 *
 * A courier whose tracking page moves is changed here once. Lalamove is not listed: its deliveries
 * are followed through a link the driver's app sends, not a code a page can look up.
 */
import { z } from 'zod';

/** Codes of the couriers, as the contract carries them (`tracking_courier`). */
export const COURIER_CODES = ['JNT', 'POSLAJU', 'GDEX', 'NINJAVAN', 'DHL', 'CITYLINK'] as const;
export type CourierCode = (typeof COURIER_CODES)[number];

/** A courier: its code, the name shown, and its tracking page with `{code}` for the tracking code. */
export type Courier = { code: CourierCode; name: string; trackingUrl: string };

/** The couriers in the order staff are offered them. */
export const COURIERS: readonly Courier[] = [
  { code: 'JNT', name: 'J&T Express', trackingUrl: 'https://www.jtexpress.my/tracking/{code}' },
  { code: 'POSLAJU', name: 'Pos Laju', trackingUrl: 'https://tracking.pos.com.my/tracking/{code}' },
  { code: 'GDEX', name: 'GDex', trackingUrl: 'https://gdexpress.com/tracking/?consignmentno={code}' },
  { code: 'NINJAVAN', name: 'Ninja Van', trackingUrl: 'https://www.ninjavan.co/en-my/tracking?id={code}' },
  { code: 'DHL', name: 'DHL eCommerce', trackingUrl: 'https://www.dhl.com/my-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id={code}' },
  { code: 'CITYLINK', name: 'City-Link Express', trackingUrl: 'https://www.citylinkexpress.com/tracking-result/?track0={code}' },
];

/** Longest tracking code, in characters (the staff form's `maxlength`). */
export const TRACKING_CODE_MAX_LENGTH = 60;

/** Printable ASCII, no space at either end: 'ER123456789MY', 'NVMY-0042 17'. */
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** The courier of a code ('POSLAJU'); null for anything else (an unknown code, null). */
export function courierByCode(code: string | null | undefined): Courier | null {
  return COURIERS.find((c) => c.code === code) ?? null;
}

/**
 * Whether a tracking code, already trimmed, is one a courier could print: 1 to 60 printable ASCII
 * characters. 'ER123456789MY' → true; '' → false; 'AB\u0000' → false; '单号123' → false.
 */
export function isTrackingCode(code: string): boolean {
  return code.length <= TRACKING_CODE_MAX_LENGTH && PRINTABLE.test(code);
}

/**
 * The courier's tracking page for a code: 'POSLAJU', 'ER123456789MY' →
 * 'https://tracking.pos.com.my/tracking/ER123456789MY'. The code is URL-encoded. Null when the
 * courier is unknown or the code is not a tracking code (`isTrackingCode`).
 */
export function trackingUrl(courier: string | null | undefined, code: string | null | undefined): string | null {
  const c = courierByCode(courier);
  if (!c || !code || !isTrackingCode(code)) return null;
  return c.trackingUrl.replace('{code}', encodeURIComponent(code));
}

/*
 * The schemas' messages are message-catalogue keys (as src/domain/validation.ts's): the API and the
 * staff console answer them in the caller's language.
 */

/** A tracking code as staff type it: trimmed, required, printable, at most 60 characters. */
export const trackingCodeSchema = z
  .string()
  .trim()
  .min(1, 'tracking_code_required')
  .refine(isTrackingCode, 'tracking_code_invalid');

/** A courier code from `COURIER_CODES`; anything else is 'tracking_courier_unknown'. */
export const courierCodeSchema = z.enum(COURIER_CODES, { error: 'tracking_courier_unknown' });
