/**
 * The site paths a sitemap lists (SEO): home, the category page, every product line's page and
 * every product's page, without a language prefix (the sitemap writes each in EN, ZH and AR).
 * Read through `publicApi`; codes are the same in every language, so the context's language serves.
 */
import { publicApi } from '../../shared/api';
import { paths } from '../../../domain/paths';
import { formatLimit, MAX_LIMIT_COUNT } from '../../../domain/product-list';
import type { PublicContext } from './read';

/**
 * Paths of the sitemap: '/', '/category', '/category/{line}'…, '/product/{code}'… (newest products
 * first, read MAX_LIMIT_COUNT at a time).
 * @throws XsApiError when the catalogue cannot be read.
 */
export async function sitemapEntries(ctx: PublicContext): Promise<string[]> {
  const client = publicApi(ctx.locals.locale);
  const page = (offset: number) =>
    client.call('product_listing', { query: { sort: 'latest', limit: formatLimit({ offset, count: MAX_LIMIT_COUNT }) } });
  const [lines, first] = await Promise.all([client.call('productline_listing'), page(0)]);
  const codes = first.data.map((p) => p.product_code);
  for (let offset = MAX_LIMIT_COUNT; offset < first.total; offset += MAX_LIMIT_COUNT) {
    codes.push(...(await page(offset)).data.map((p) => p.product_code));
  }
  return [paths.home, paths.categories(), ...lines.data.map((l) => paths.category(l.line_code)), ...codes.map((c) => paths.product(c))];
}
