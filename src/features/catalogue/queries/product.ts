/**
 * Server reads of one product (coverage.md §2 Product detail, §4 Quick view; §7 product_detail, get_review,
 * get_prdtgroupline_listing, product_listing). Both use `publicApi`: product_detail without the
 * member segment, so `in_favorite` and anything else per member never reaches the cached HTML (the
 * favourite state and the availability at the chosen store are filled in after load).
 */
import { publicApi } from '../../shared/api';
import { RELATED_COUNT, formatLimit } from '../../../domain/product-list';
import { href, paths } from '../../../domain/paths';
import { descriptionHtml, descriptionText } from '../../../server/description-html';
import { siteOrigin } from '../../../server/site-origin';
import { jsonLdText, productJsonLd } from '../json-ld';
import {
  relatedProducts,
  toGroup,
  toProductDetail,
  toRating,
  toReview,
  type GroupView,
  type ProductDetailView,
  type ProductSummary,
  type RatingView,
  type ReviewView,
} from '../view-models';
import { orNotFound, type PublicContext } from './read';

/** A page context: the language, plus the page's address and the configured site (absolute links). */
export type PageContext = PublicContext & { url: URL; site?: URL | undefined };

/** Everything the product page shows; money in sen, text already safe to render. */
export type ProductPage = {
  product: ProductDetailView;
  /** The product's category group with its lines (side list, breadcrumbs); undefined when not listed. */
  group: GroupView | undefined;
  /** Up to RELATED_COUNT other products of the same line. */
  related: ProductSummary[];
  /** Newest first, as get_review answers them. */
  reviews: ReviewView[];
  rating: RatingView;
  /** The description as sanitised HTML with clickable links; '' when there is none ('No Description'). */
  descriptionHtml: string;
  /** Plain text of the description cut to 160 characters, for the meta description; may be ''. */
  metaDescription: string;
  /** schema.org Product as the text of a JSON-LD script element. */
  jsonLd: string;
};

/** The product of a code, or null when the API does not know it (404). */
async function readProduct(ctx: PublicContext, code: string) {
  const r = await orNotFound(publicApi(ctx.locals.locale).call('product_detail', { params: { code } }));
  return r?.data ?? null;
}

/**
 * The product page of `code`: the product, its group, related products, reviews and rating, the
 * description and the JSON-LD. Null for an unknown product.
 * @throws XsApiError when a call fails otherwise.
 */
export async function getProductPage(ctx: PageContext, code: string): Promise<ProductPage | null> {
  const detail = await readProduct(ctx, code);
  if (!detail) return null;
  const client = publicApi(ctx.locals.locale);
  // One more than shown: the product itself is in its line's list.
  const relatedLimit = formatLimit({ offset: 0, count: RELATED_COUNT + 1 });
  const [groups, line, reviews] = await Promise.all([
    client.call('get_prdtgroupline_listing').then((r) => r.data),
    client.call('product_listing', { query: { line: detail.line_code, limit: relatedLimit } }).then((r) => r.data),
    client.call('get_review', { params: { code: detail.product_code } }),
  ]);
  const product = toProductDetail(detail);
  const rating = toRating(reviews.review_count_by_rate);
  const origin = siteOrigin(ctx.url);
  const group = groups.find((g) => g.group_code === detail.group_code);
  return {
    product,
    group: group && toGroup(group),
    related: relatedProducts(line, detail.product_code, RELATED_COUNT),
    reviews: reviews.data.map(toReview),
    rating,
    descriptionHtml: descriptionHtml(detail.product_description, { siteHost: new URL(origin).host }),
    metaDescription: descriptionText(detail.product_description, 160),
    jsonLd: jsonLdText(
      productJsonLd(product, {
        origin,
        pageUrl: new URL(href(ctx.locals.locale, paths.product(code)), origin).href,
        rating,
        description: descriptionText(detail.product_description),
      }),
    ),
  };
}

/** The quick view of a product (picture, name, unit, price, stock); null for an unknown product. */
export async function getQuickView(ctx: PublicContext, code: string): Promise<ProductDetailView | null> {
  const detail = await readProduct(ctx, code);
  return detail && toProductDetail(detail);
}
