/**
 * The home page's read (coverage.md §2 Home): header banners, the category grid (every product line),
 * promotions running today, the Features (type=homepage), Hottest (type=bestseller) and Latest
 * (sort=latest) rows of HOME_ROW_SIZE, featured products on offer and the brands. The three rows are
 * the first items of the fixed lists of the same slugs (src/domain/list-slugs.ts), whose pages their
 * View More links open. Banners, promotions, brands and featured products are optional content: a
 * failed read leaves its section out instead of failing the page.
 */
import { publicApi } from '../../shared/api';
import { productListBySlug } from '../../../domain/list-slugs';
import { DEFAULT_SORT, FEATURED_COUNT, HOME_ROW_SIZE, formatLimit } from '../../../domain/product-list';
import {
  groupOfLine,
  toBrand,
  toHeaderBanner,
  toLine,
  toProductSummary,
  toPromotion,
  type BrandView,
  type HeaderBannerView,
  type LineView,
  type ProductSummary,
  type PromotionView,
} from '../view-models';
import { orEmpty, type PublicContext } from './read';

/** The slugs of the home page's product rows, in page order. */
export const HOME_ROWS = ['features', 'hottest', 'latest'] as const;
export type HomeRowSlug = (typeof HOME_ROWS)[number];

export type HomePage = {
  banners: HeaderBannerView[];
  lines: LineView[];
  /** Line code → group code (recipes link to a line in its group). */
  groupOfLine: Record<string, string>;
  promotions: PromotionView[];
  rows: Record<HomeRowSlug, ProductSummary[]>;
  featured: ProductSummary[];
  brands: BrandView[];
};

/**
 * Everything the home page shows, read at once.
 * @throws XsApiError when the rows or the product lines cannot be read.
 */
export async function getHomePage(ctx: PublicContext): Promise<HomePage> {
  const client = publicApi(ctx.locals.locale);
  const row = (slug: HomeRowSlug) => {
    const entry = productListBySlug(slug)!;
    const query = { type: entry.type, sort: entry.sort ?? DEFAULT_SORT, limit: formatLimit({ offset: 0, count: HOME_ROW_SIZE }) };
    return client.call('product_listing', { query }).then((r) => r.data.map(toProductSummary));
  };
  const [features, hottest, latest, lines, featured, banners, promotions, brands] = await Promise.all([
    row('features'),
    row('hottest'),
    row('latest'),
    client.call('productline_listing').then((r) => r.data.map(toLine)),
    orEmpty(
      client
        .call('product_listing', { query: { type: 'promotion', limit: formatLimit({ offset: 0, count: FEATURED_COUNT }) } })
        .then((r) => r.data.map(toProductSummary)),
    ),
    orEmpty(client.call('mobile_ecommerce_header_banner').then((r) => r.data.map(toHeaderBanner))),
    orEmpty(client.call('get_promotion_banner').then((r) => r.banner_info.map(toPromotion))),
    orEmpty(client.call('brand_listing').then((r) => r.data.map(toBrand))),
  ]);
  return { banners, lines, groupOfLine: groupOfLine(lines), promotions, rows: { features, hottest, latest }, featured, brands };
}
