/**
 * Cache policy (DESIGN Pages): catalogue pages hold nothing per user, so a CDN may keep them and the
 * server keeps rendered copies in memory (Astro route caching, `memoryCache` in astro.config.mjs);
 * per-user pages are never stored.
 */
import type { AstroGlobal } from 'astro';

/** Seconds a catalogue page is fresh, then served stale while it is re-rendered. */
export const CATALOGUE_MAX_AGE_S = 60;
export const CATALOGUE_SWR_S = 600;

/** Public and cacheable: in this server's memory and for CDNs (5 min at the edge). */
export function cacheCatalogue(astro: Pick<AstroGlobal, 'cache' | 'response' | 'request'>): void {
  // A page rendered for a form post (an Action's error shown in place) is one shopper's answer.
  if (astro.request.method !== 'GET' && astro.request.method !== 'HEAD') return noStore(astro.response);
  astro.cache.set({ maxAge: CATALOGUE_MAX_AGE_S, swr: CATALOGUE_SWR_S, tags: ['catalogue'] });
  astro.response.headers.set('Cache-Control', `public, max-age=${CATALOGUE_MAX_AGE_S}, s-maxage=300, stale-while-revalidate=${CATALOGUE_SWR_S}`);
}

/** Per-user pages (cart, checkout, account). */
export function noStore(response: { headers: Headers }): void {
  response.headers.set('Cache-Control', 'private, no-store');
}
