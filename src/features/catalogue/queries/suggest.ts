/**
 * Search suggestions (coverage.md §2 Search; §7 product_listing with `search` and limit "0,10"; §9 up to
 * 10, the API matching EN, ZH and AR names, folded by src/domain/search-text.ts): what the header's script lists while the shopper types.
 * Public and the same for everyone (`publicApi`). Kept apart from the other reads so the suggestion
 * endpoint loads only what it needs.
 */
import { publicApi } from '../../shared/api';
import { formatPrice } from '../../../domain/money';
import { href, paths } from '../../../domain/paths';
import { SUGGEST_LIMIT } from '../../../domain/list-query';
import { toProductSummary } from '../view-models';
import type { PublicContext } from './read';

/** One suggestion as the header's script shows it: `price` formatted for display ('RM 16.90'), `href` the product page in the context's language. */
export type Suggestion = { code: string; name: string; href: string; price: string; picture: string };

/**
 * Up to SUGGESTION_LIMIT products matching `q` (already trimmed), in the context's language; a
 * blank `q` asks for nothing and answers [].
 * @throws XsApiError when the API refuses or fails.
 */
export async function suggest(ctx: PublicContext, q: string): Promise<Suggestion[]> {
  if (!q) return [];
  const locale = ctx.locals.locale;
  const list = await publicApi(locale).call('product_listing', { query: { search: q, limit: SUGGEST_LIMIT } });
  return list.data.map(toProductSummary).map((p) => ({
    code: p.code,
    name: p.name,
    href: href(locale, paths.product(p.code)),
    price: formatPrice(p.priceSen, locale),
    picture: p.picture,
  }));
}
