/**
 * Queries of the catalogue's own cacheable GETs (coverage.md §2 Product list view and Search, §5 Product
 * list query, §9 page size and suggestions), checked strictly: a bad value is a 400, never a
 * server error. Also the one mapping from a list (its source, sort and price filter) to the
 * product_listing query of the contract (coverage.md §7).
 *   - the next page of a list: `/fragments/products?line=&group_code=&search=&type=&brand=&sort=&min=&max=&limit=offset,count`
 *   - search suggestions: `/api/suggest?q=&lang=`
 */
import { z } from 'zod';
import { DEFAULT_SORT, parseLimit, SORTS, SUGGESTION_LIMIT, type Sort } from './product-list';
import { LIST_TYPES, type ListType } from './list-slugs';
import { MAX_PRICE_FILTER_RM, type PriceFilter } from './list-url';
import { LOCALES, type Locale } from './constants';

/** Longest search text (the contract's product_listing `search`). */
export const MAX_KEYWORD = 100;
/** Largest offset the contract's limit accepts (6 digits). */
const MAX_OFFSET = 999_999;

/** Which products a list shows (all optional: none at all is the whole catalogue, /shop/catalog). */
export type ListSource = { line?: string; group_code?: string; search?: string; type?: ListType; brand?: string };

/** A line, group or brand code: 1–30 letters, digits, '-', '_' or '.'. */
const code = z.string().max(30).regex(/^[\w.-]+$/, 'must be a code of letters, digits, - _ or .');
const price = z.coerce.number().min(0).max(MAX_PRICE_FILTER_RM);

const fragmentSchema = z.object({
  line: code.optional(),
  group_code: code.optional(),
  brand: code.optional(),
  search: z.string().trim().max(MAX_KEYWORD).optional(),
  type: z.enum(LIST_TYPES).optional(),
  sort: z.enum(SORTS).default(DEFAULT_SORT),
  min: price.optional(),
  max: price.optional(),
  limit: z
    .string()
    .default(`0,25`)
    .transform((v, ctx) => {
      try {
        const l = parseLimit(v);
        if (l.offset > MAX_OFFSET) throw new RangeError(`limit offset must be at most ${MAX_OFFSET}`);
        return l;
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
});
/** A checked fragment query: `limit` as { offset, count } (count 1–MAX_LIMIT_COUNT). */
export type FragmentQuery = z.output<typeof fragmentSchema>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The first value of each known key, empty values left out (`?line=` is no line). */
function pick(search: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = search.get(k);
    if (v !== null && v.trim() !== '') out[k] = v;
  }
  return out;
}

function explain(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ');
}

/**
 * Reads the query of the list-fragment endpoint. Unknown keys are ignored. Errors (→ 400) name the
 * field: a code with other characters, search over 100 characters, an unknown type or sort, a price
 * outside 0–1,000,000 or not a number, a limit that is not "offset,count" with offset 0–999999 and
 * count 1–100. A minimum above the maximum is swapped.
 */
export function parseFragmentQuery(search: URLSearchParams): Parsed<FragmentQuery> {
  const r = fragmentSchema.safeParse(pick(search, Object.keys(fragmentSchema.shape)));
  if (!r.success) return { ok: false, error: explain(r.error) };
  const v = r.data;
  if (v.min !== undefined && v.max !== undefined && v.min > v.max) [v.min, v.max] = [v.max, v.min];
  return { ok: true, value: v };
}

const suggestSchema = z.object({
  q: z.string().default(''),
  lang: z.enum(LOCALES).default('en'),
});
/** A checked suggestion query: the trimmed text (cut to 100 characters; '' asks for nothing) and the language. */
export type SuggestQuery = { q: string; lang: Locale };

/** Reads `?q=&lang=` of the suggestion endpoint; an unknown lang is an error (→ 400), a blank q an empty answer. */
export function parseSuggestQuery(search: URLSearchParams): Parsed<SuggestQuery> {
  const r = suggestSchema.safeParse(pick(search, ['q', 'lang']));
  if (!r.success) return { ok: false, error: explain(r.error) };
  return { ok: true, value: { q: r.data.q.trim().slice(0, MAX_KEYWORD).trim(), lang: r.data.lang } };
}

/** The limit of a suggestion request: the first SUGGESTION_LIMIT matches (coverage.md §7, §9: "0,10"). */
export const SUGGEST_LIMIT = `0,${SUGGESTION_LIMIT}`;

/**
 * The product_listing query of a list (coverage.md §7): its source, sort, limit "offset,count" and the
 * price filter as filter_price_min/max in RM. Absent values are left out; the language is the
 * contract client's (it fills `lang` itself).
 */
export function listingQuery(source: ListSource, state: PriceFilter & { sort: Sort }, limit: string) {
  return {
    ...source,
    sort: state.sort,
    limit,
    ...(state.min !== undefined && { filter_price_min: state.min }),
    ...(state.max !== undefined && { filter_price_max: state.max }),
  };
}

/**
 * The query string (without `limit`) the list's script sends to the fragment endpoint for the next
 * pages: the source plus the non-default sort and the price filter.
 * fragmentSearch({ line: 'PORK-CUTS' }, { sort: 'price_low' }) → 'line=PORK-CUTS&sort=price_low'
 */
export function fragmentSearch(source: ListSource, state: PriceFilter & { sort: Sort }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(source)) if (v) q.set(k, v);
  if (state.sort !== DEFAULT_SORT) q.set('sort', state.sort);
  if (state.min !== undefined) q.set('min', String(state.min));
  if (state.max !== undefined) q.set('max', String(state.max));
  return q.toString();
}
