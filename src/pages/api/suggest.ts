/**
 * Search suggestions (coverage.md §2 Search, §7 Catalogue, §9: up to 10, product_listing with `search`
 * and limit "0,10"; the API matches EN, ZH and AR names). `GET /api/suggest?q=&lang=` →
 * `{ items: [{ code, name, href, price, picture }] }` with `price` formatted for display ('RM 16.90')
 * and `href` the product page in that language. A blank q answers `{ items: [] }` without a query;
 * an unknown lang answers 400. The same for every shopper, so public and cacheable.
 */
import type { APIRoute } from 'astro';
import { parseSuggestQuery } from '../../domain/list-query';
import { suggest } from '../../features/catalogue/queries/suggest';

export type { Suggestion } from '../../features/catalogue/queries/suggest';

const CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

export const GET: APIRoute = async ({ url }) => {
  const parsed = parseSuggestQuery(url.searchParams);
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400, headers: { 'cache-control': CACHE } });
  const { q, lang } = parsed.value;
  // The suggestions' language is the one asked for (the header sends its page's), not the URL's.
  const items = await suggest({ locals: { locale: lang } }, q);
  return Response.json({ items }, { headers: { 'cache-control': CACHE } });
};
