/**
 * The URL of a product list (coverage.md §2 Product list view, §4 Product list, §5 Product list query):
 * `?sort=…&min=…&max=…&page=…` next to the list's own keys (keyword, group_code). The URL holds the
 * whole state so a list can be shared and works without JavaScript; with JavaScript the infinite
 * scroll keeps `page` up to date. Lenient on purpose: a bad value in a shopper's URL falls back to
 * the default instead of failing (the fragment endpoint is strict, see list-query.ts).
 */
import { toRinggit, toSen } from './money';
import { DEFAULT_SORT, formatLimit, PAGE_SIZE, parseSort, type Limit, type Sort } from './product-list';

/**
 * Largest page number accepted from the URL (offset stays within the contract's 6 digits).
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export const MAX_PAGE = 9999;
/** Highest price filter in RM (the contract's bound of filter_price_min/max). */
export const MAX_PRICE_FILTER_RM = 1_000_000;

/** A price filter in RM on the final price; either end may be absent. */
export type PriceFilter = { min?: number; max?: number };

/** What a list's URL says: the sort, the price filter and the 1-based page. */
type ListState = PriceFilter & { sort: Sort; page: number };

/** A list's state plus the product_listing `limit` ("offset,count") of its page. */
export type ListParams = ListState & { limit: string };

/**
 * A price from the URL in RM: a finite number 0–1,000,000, rounded to whole sen.
 * '' / null / 'abc' / '-1' / 'Infinity' → undefined (no filter). parsePrice('12.345') → 12.35.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function parsePrice(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE_FILTER_RM) return undefined;
  return toRinggit(toSen(n));
}

/**
 * `?min=&max=` as a price filter; a minimum above the maximum is swapped (5–20 from min=20&max=5).
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function readPriceFilter(search: URLSearchParams): PriceFilter {
  let min = parsePrice(search.get('min'));
  let max = parsePrice(search.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

/** True when a price filter is set at either end. */
export function hasPriceFilter(f: PriceFilter): boolean {
  return f.min !== undefined || f.max !== undefined;
}

/**
 * Reads a list's URL: `?page=` a whole number ≥ 1 (else 1, at most MAX_PAGE), `?sort=` (unknown →
 * the default), `?min=`/`?max=` (see readPriceFilter; ignored when `filters` is false), and the
 * page's product_listing limit "offset,count" with PAGE_SIZE items.
 */
export function readListParams(search: URLSearchParams, { filters = true }: { filters?: boolean } = {}): ListParams {
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, MAX_PAGE) : 1;
  const sort = parseSort(search.get('sort'));
  const price = filters ? readPriceFilter(search) : {};
  return { sort, page, ...price, limit: formatLimit(pageLimit(page)) };
}

/** The product_listing window of a 1-based page of PAGE_SIZE items: pageLimit(3) → { offset: 50, count: 25 }. */
export function pageLimit(page: number): Limit {
  return { offset: (page - 1) * PAGE_SIZE, count: PAGE_SIZE };
}

/** Number of pages for a total (at least 1). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/**
 * The page numbers a list's page links show (coverage.md §9 pagination siblings 1): the first and last
 * page, the current one and one sibling each side; null stands for a gap of two or more pages, and a
 * gap of one page shows that page instead. pageWindow(5, 12) → [1, null, 4, 5, 6, null, 12];
 * pageWindow(3, 5) → [1, 2, 3, 4, 5]. `current` is clamped to 1…`last`.
 */
export function pageWindow(current: number, last: number): (number | null)[] {
  const page = Math.min(Math.max(current, 1), last);
  const sorted = [...new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last))].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

/** The page holding the last of `loaded` items counted from the start of the list (at least 1). */
export function pageOfItems(loaded: number): number {
  return Math.max(1, Math.ceil(loaded / PAGE_SIZE));
}

/** Query values of a list state in URL order, leaving out the default sort, no filter and page 1. */
function stateQuery(state: Partial<ListState>): Record<string, string> {
  const q: Record<string, string> = {};
  if (state.sort && state.sort !== DEFAULT_SORT) q.sort = state.sort;
  if (state.min !== undefined) q.min = String(state.min);
  if (state.max !== undefined) q.max = String(state.max);
  if (state.page && state.page > 1) q.page = String(state.page);
  return q;
}

/**
 * The URL of a list page: `base?keep…&sort=…&min=…&max=…&page=N`, leaving out empty values, the
 * default sort, an absent filter and page 1.
 * listHref('/category/PORK', { group_code: 'FRESH-PORK' }, 'latest', 2) → '/category/PORK?group_code=FRESH-PORK&sort=latest&page=2'
 */
export function listHref(base: string, keep: Record<string, string | undefined>, sort: Sort, page: number, price: PriceFilter = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(keep)) if (v) q.set(k, v);
  for (const [k, v] of Object.entries(stateQuery({ sort, page, ...price }))) q.set(k, v);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/**
 * The canonical address of a list page (hreflang and canonical links): the list's path, with
 * `?page=N` from page 2 on; sort and price filter are left out (the same products, another order).
 * canonicalListPath('/shop/catalog', 2) → '/shop/catalog?page=2'; canonicalListPath('/shop/catalog', 1) → '/shop/catalog'.
 */
export function canonicalListPath(path: string, page: number): string {
  return listHref(path, {}, DEFAULT_SORT, page);
}
