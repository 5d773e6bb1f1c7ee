/**
 * Search suggestions (spec §2 Search, §7 Catalogue, §9: up to 10, product_listing with `search`
 * and limit "0,10"; the API matches EN and ZH names). `GET /api/suggest?q=&lang=` →
 * `{ items: [{ code, name, href, price, picture }] }` with `price` formatted for display ('RM16.90')
 * and `href` the product page in that language. A blank q answers `{ items: [] }` without a query;
 * an unknown lang answers 400. The same for every shopper, so public and cacheable.
 */
import type { APIRoute } from 'astro';
import { parseSuggestQuery, SUGGEST_LIMIT } from '../../domain/list-query';
import { formatPrice, toSen } from '../../domain/money';
import { localizePath } from '../../i18n/messages';

/** One suggestion as the header's script shows it. */
export type Suggestion = { code: string; name: string; href: string; price: string; picture: string };

const CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
const PLACEHOLDER = '/images/placeholder.svg';

export const GET: APIRoute = async ({ locals, url }) => {
  const parsed = parseSuggestQuery(url.searchParams);
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400, headers: { 'cache-control': CACHE } });
  const { q, lang } = parsed.value;
  if (!q) return Response.json({ items: [] }, { headers: { 'cache-control': CACHE } });
  const list = await locals.api.call('product_listing', { query: { search: q, limit: SUGGEST_LIMIT, lang } });
  const items: Suggestion[] = list.data.map((p) => ({
    code: p.product_code,
    name: p.product_name,
    href: localizePath(lang, `/product/${encodeURIComponent(p.product_code)}`),
    price: formatPrice(toSen(p.final_price), lang),
    picture: p.product_picture[0]?.picture ?? PLACEHOLDER,
  }));
  return Response.json({ items }, { headers: { 'cache-control': CACHE } });
};
