/**
 * Cache policy (docs/architecture.md Pages): catalogue pages hold nothing per user, so a CDN may keep them and the
 * server keeps rendered copies in memory (Astro route caching, `memoryCache` in astro.config.mjs);
 * per-user pages are never stored.
 */
import type { AstroGlobal } from 'astro';

/** Seconds a catalogue page is fresh, then served stale while it is re-rendered. */
export const CATALOGUE_MAX_AGE_S = 60;
export const CATALOGUE_SWR_S = 600;

/**
 * The cache tags of the pages (issue "The chain's own catalogue" §5; ADR 26): what a page shows, so
 * a change drops exactly the pages that show it (src/server/page-changes.ts `pagesChanged`).
 * - `catalogue`: every cached page (the menu of product lines and groups is on each);
 * - `listing`: pages that list products with their prices and stock (home, categories, search,
 *   the fixed lists, brands, promotions, the shop's catalogue, the list fragments, the sitemap);
 * - `product:<code>`: a product's page and quick view;
 * - `line:<code>`: a product line's page and its products' pages (their related products);
 * - `banners`: pages showing header or promotion banners (home, promotion pages).
 */
export const pageTags = {
  all: 'catalogue',
  listing: 'listing',
  banners: 'banners',
  product: (code: string) => `product:${code}`,
  line: (code: string) => `line:${code}`,
} as const;

/** Beyond this many products, a change drops every page (`catalogue`) instead of naming each product. */
export const PRODUCT_TAGS_MAX = 500;

/**
 * The tags a change of a product (its texts, price, visibility, pictures or stock) drops: its own
 * page, every page of its line (related products) and every listing. `lines` are its line codes,
 * before and after the change. A change of more than PRODUCT_TAGS_MAX products (an import, a big
 * stock batch) drops every page: ['catalogue'].
 */
export function productChangeTags(codes: Iterable<string>, lines: Iterable<string>): string[] {
  const products = new Set(codes);
  if (products.size > PRODUCT_TAGS_MAX) return [pageTags.all];
  return [pageTags.listing, ...[...new Set(lines)].map(pageTags.line), ...[...products].map(pageTags.product)];
}

/**
 * Public and cacheable: in this server's memory and for CDNs (5 min at the edge). `tags` say what
 * the page shows besides the catalogue (`pageTags`).
 */
export function cacheCatalogue(astro: Pick<AstroGlobal, 'cache' | 'response' | 'request'>, tags: readonly string[] = []): void {
  // A page rendered for a form post (an Action's error shown in place) is one shopper's answer.
  if (astro.request.method !== 'GET' && astro.request.method !== 'HEAD') return noStore(astro.response);
  astro.cache.set({ maxAge: CATALOGUE_MAX_AGE_S, swr: CATALOGUE_SWR_S, tags: [pageTags.all, ...tags] });
  astro.response.headers.set('Cache-Control', `public, max-age=${CATALOGUE_MAX_AGE_S}, s-maxage=300, stale-while-revalidate=${CATALOGUE_SWR_S}`);
}

/** Per-user pages (cart, checkout, account). */
export function noStore(response: { headers: Headers }): void {
  response.headers.set('Cache-Control', 'private, no-store');
}
