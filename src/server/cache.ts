/**
 * Cache headers (DESIGN Pages): catalogue pages hold nothing per user, so a CDN may keep them a
 * while; per-user pages are never stored.
 */

/** Public, CDN-cacheable for 5 minutes, served stale for 10 more while revalidating. */
export function cacheCatalogue(response: { headers: Headers }): void {
  response.headers.set('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  response.headers.set('Vary', 'Accept-Encoding');
}

/** Per-user pages (cart, checkout, account). */
export function noStore(response: { headers: Headers }): void {
  response.headers.set('Cache-Control', 'private, no-store');
}
