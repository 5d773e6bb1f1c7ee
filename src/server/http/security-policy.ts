/**
 * The shop's security policy for HTTP responses, in one place (README "Security"): read by
 * astro.config.mjs (Content-Security-Policy of rendered pages, trusted proxy domains) and by
 * the server, ./serve.ts (the other headers, on every response the server sends: pages, Actions, the
 * API, static files, pictures, errors and redirects).
 */

import type { AstroUserConfig } from 'astro';

/** One directive of Astro's CSP configuration. */
type CspDirective = NonNullable<Extract<NonNullable<Extract<AstroUserConfig['security'], object>['csp']>, object>['directives']>[number];

/** Origin of Stripe's hosted Checkout page: Pay Now's form is redirected there (303) when PAYMENT_PROVIDER=stripe. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * CSP directives of every rendered page, besides script-src and style-src (which Astro writes with
 * the hashes of every script and style it emits; no 'unsafe-inline' for scripts). Pictures may be
 * data: URIs (placeholders) and blob: URLs (the profile picture's preview of the file a member
 * chose, made in the page itself); nothing is framed, and no one may frame the shop.
 */
export const CSP_DIRECTIVES: CspDirective[] = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** CSP of responses that are not rendered pages (JSON, files, pictures, redirects): nothing may run or frame them. */
export const FALLBACK_CSP = "default-src 'none'; img-src 'self' data:; style-src 'self'; media-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** One year, in seconds: how long browsers keep to HTTPS after seeing Strict-Transport-Security. */
export const HSTS_MAX_AGE_S = 31_536_000;

/** Browser features: the delivery modal's "use my location" needs geolocation on the shop itself; the rest is off. */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
].join(', ');

/**
 * The headers sent on every response. Strict-Transport-Security only when the shop's public
 * address (SITE_URL) is https: never on a plain-HTTP demo or test server.
 * `siteUrl`: SITE_URL, e.g. 'https://shop.example.my'.
 */
export function securityHeaders(siteUrl: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': FALLBACK_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (isHttps(siteUrl)) headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;
  return headers;
}

/** Whether SITE_URL is an https address. */
export function isHttps(siteUrl: string | undefined): boolean {
  try {
    return new URL(siteUrl ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

