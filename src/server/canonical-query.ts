/**
 * The query parameters each cached page reads (issue "Hardened for the open internet" part 3, ADR
 * 6 "the cache key holds only the parameters a page reads"). The route cache and a CDN key a page
 * by its whole URL, so `/?r=random` would be a new entry each time (and push the real ones out of
 * the LRU). The middleware answers a GET for a cached page that carries any other parameter with a
 * 308 to the canonical URL: the same path with only the parameters the page reads, in their order.
 * Per-user pages (cart, checkout, account, access pages) are never cached and are left alone.
 */

/** A list's state in its URL (src/domain/list-url.ts `readListParams`). */
const LIST = ['sort', 'min', 'max', 'page'] as const;

/** Cached page (path without the language prefix; `*` is one segment) → the parameters it reads. */
const CACHED_PAGES: readonly [pattern: string, params: readonly string[]][] = [
  ['/', []],
  ['/shop/catalog', LIST],
  ['/category', ['group_code']],
  ['/category/*', ['group_code', ...LIST]],
  ['/search-products', ['keyword', ...LIST]],
  ['/product-list/*', LIST],
  ['/brands/*', LIST],
  ['/promotion/*', LIST],
  ['/product/*', []],
  ['/quick-view/*', []],
  ['/voucher-details/', ['code']],
  ['/voucher-details', ['code']],
  // The next items of a list (src/domain/list-query.ts fragment schema).
  ['/fragments/products', ['line', 'group_code', 'brand', 'search', 'type', 'sort', 'min', 'max', 'limit']],
  ['/about-us', []],
  ['/privacy-policy', []],
  ['/member-zone', []],
  ['/outlets', ['near']],
  ['/contacts', []],
];

function matches(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === path;
  const base = pattern.slice(0, -1);
  return path.startsWith(base) && path.length > base.length && !path.slice(base.length).includes('/');
}

/** The parameters the cached page at `path` (without language prefix) reads, or null when the page is not cached. */
export function cachedPageParams(path: string): readonly string[] | null {
  for (const [pattern, params] of CACHED_PAGES) if (matches(pattern, path)) return params;
  return null;
}

/**
 * Where a GET for `url` should go instead, or null when it is canonical (or not a cached page).
 * `path` is the URL's path without the language prefix. Examples: ('/', '/?r=1') → '/';
 * ('/category/X', '/zh/category/X?sort=latest&utm=1') → '/zh/category/X?sort=latest'.
 */
export function canonicalRedirect(path: string, url: URL): string | null {
  const allowed = cachedPageParams(path);
  if (!allowed || !url.search) return null;
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [k, v] of url.searchParams) {
    // A parameter the page does not read, or one it reads given twice (the page reads the first).
    if (allowed.includes(k) && !kept.has(k)) kept.append(k, v);
    else dropped = true;
  }
  if (!dropped) return null;
  const qs = kept.toString();
  return url.pathname + (qs ? `?${qs}` : '');
}
