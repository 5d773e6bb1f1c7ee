/**
 * Product list query rules (coverage.md §2 Product list view, §4 Product list states, §5 Product list
 * query, §7 product_listing `limit` "offset,count", §9 page sizes and sorts).
 */

/** Items per product-list page (limit "0,25"). */
export const PAGE_SIZE = 25;
/** Items in each home page row (Features, Hottest, Latest). */
export const HOME_ROW_SIZE = 10;
/** Products on offer in the home page's featured grid: two rows of four on wide screens. */
export const FEATURED_COUNT = 8;
/** Related products shown under a product (same line, the product itself left out). */
export const RELATED_COUNT = 5;
/** Search suggestions shown while typing (limit "0,10"). */
export const SUGGESTION_LIMIT = 10;
/** Largest count one product_listing request may ask for (our guard; the spec names none). */
export const MAX_LIMIT_COUNT = 100;

/** Sort options of the product list, in display order. */
export const SORTS = ['product_topsales', 'latest', 'price_low', 'price_high'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'product_topsales';

/** A product_listing window: skip `offset` items, return up to `count`. */
export interface Limit {
  offset: number;
  count: number;
}

/**
 * True when `value` is one of `SORTS`.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function isSort(value: unknown): value is Sort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/**
 * Read a sort from a query string value: a known sort as is; missing, empty or unknown → DEFAULT_SORT.
 */
export function parseSort(value: string | null | undefined): Sort {
  return isSort(value) ? value : DEFAULT_SORT;
}

/**
 * Parse a `limit` query value "offset,count" ('0,25' → { offset: 0, count: 25 }). Spaces around the
 * numbers are allowed. Missing or empty → the first page { offset: 0, count: PAGE_SIZE }. A single
 * number 'N' means { offset: 0, count: N } (SQL LIMIT style).
 * @throws RangeError with a message saying what is wrong: not two whole numbers, a negative offset
 *   or count, a count of 0, or a count above MAX_LIMIT_COUNT (100).
 */
export function parseLimit(value: string | null | undefined): Limit {
  if (value === null || value === undefined || value.trim() === '') return { offset: 0, count: PAGE_SIZE };
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length > 2 || parts.some((p) => !/^-?\d+$/.test(p))) {
    throw new RangeError(`limit must be "offset,count" with whole numbers, e.g. "0,25"; got "${value}"`);
  }
  const [offset, count] = (parts.length === 1 ? [0, Number(parts[0])] : [Number(parts[0]), Number(parts[1])]).map((n) => n || 0) as [
    number,
    number,
  ];
  if (offset < 0) throw new RangeError(`limit offset must not be negative; got "${value}"`);
  if (!Number.isSafeInteger(offset)) throw new RangeError(`limit offset is too large; got "${value}"`);
  if (count < 1) throw new RangeError(`limit count must be at least 1; got "${value}"`);
  if (count > MAX_LIMIT_COUNT) throw new RangeError(`limit count must be at most ${MAX_LIMIT_COUNT}; got "${value}"`);
  return { offset, count };
}

/**
 * Write a limit as the query value "offset,count": { offset: 25, count: 25 } → '25,25'.
 * @throws RangeError on a negative or fractional offset, or a count outside 1–100.
 */
export function formatLimit({ offset, count }: Limit): string {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`limit offset must be a whole number ≥ 0, got ${offset}`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_LIMIT_COUNT) {
    throw new RangeError(`limit count must be a whole number 1–${MAX_LIMIT_COUNT}, got ${count}`);
  }
  return `${offset},${count}`;
}

/**
 * The limit of the next request while scrolling (coverage.md §9 "the next page asks for an offset and a
 * count rounded up to a multiple of 25"): offset = items already loaded; count = `wanted` rounded up
 * to a multiple of PAGE_SIZE (at least one page, at most MAX_LIMIT_COUNT).
 * nextLimit(25) → { offset: 25, count: 25 }; nextLimit(40, 30) → { offset: 40, count: 50 }.
 * @param loadedCount items loaded so far, whole number ≥ 0
 * @param wanted how many more items the view wants; default one page
 * @throws RangeError on a negative or fractional loadedCount or wanted.
 */
export function nextLimit(loadedCount: number, wanted: number = PAGE_SIZE): Limit {
  if (!Number.isSafeInteger(loadedCount) || loadedCount < 0) {
    throw new RangeError(`Loaded count must be a whole number ≥ 0, got ${loadedCount}`);
  }
  if (!Number.isSafeInteger(wanted) || wanted < 0) throw new RangeError(`Wanted count must be a whole number ≥ 0, got ${wanted}`);
  const pages = Math.max(1, Math.ceil(wanted / PAGE_SIZE));
  return { offset: loadedCount, count: Math.min(MAX_LIMIT_COUNT, pages * PAGE_SIZE) };
}

/**
 * Whether the list is done (coverage.md §4 Product list): the last request returned fewer items than it
 * asked for, or none.
 * @param returned items in the last answer
 * @param requested the count that request asked for
 */
export function isDone(returned: number, requested: number): boolean {
  return returned <= 0 || returned < requested;
}
