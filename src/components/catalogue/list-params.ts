/** Reads a product list's URL (`?sort=…&page=…`) into the product_listing query and page links (spec §2 Product list view, §9 page size 25). */
import { formatLimit, PAGE_SIZE, parseSort, DEFAULT_SORT, type Sort } from '../../domain/product-list';

/** Largest page number accepted from the URL (offset stays within the contract's 6 digits). */
const MAX_PAGE = 9999;

export type ListParams = { sort: Sort; page: number; limit: string };

/** `?page=` as a whole number ≥ 1 (anything else is page 1) and `?sort=` (unknown → the default). */
export function readListParams(search: URLSearchParams): ListParams {
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, MAX_PAGE) : 1;
  const sort = parseSort(search.get('sort'));
  return { sort, page, limit: formatLimit({ offset: (page - 1) * PAGE_SIZE, count: PAGE_SIZE }) };
}

/** Number of pages for a total (at least 1). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/**
 * The URL of a list page: `base?keep…&sort=…&page=N`, leaving out empty values, the default sort and page 1.
 * listHref('/category/PORK', { group_code: 'FRESH-PORK' }, 'latest', 2) → '/category/PORK?group_code=FRESH-PORK&sort=latest&page=2'
 */
export function listHref(base: string, keep: Record<string, string | undefined>, sort: Sort, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(keep)) if (v) q.set(k, v);
  if (sort !== DEFAULT_SORT) q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
