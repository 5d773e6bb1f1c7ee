/**
 * The catalogue's view models (docs/architecture.md The feature layer): contract answers (coverage.md §3 Product, Product
 * line, Category group, Brand, Promotion banner, Header banner, Review; §7 Catalogue) reshaped ONCE
 * into what pages and components show. Pure functions, no I/O, so they are unit-tested.
 *
 * Money is integer sen (`toSen` of src/domain/money.ts); components format it with `formatPrice`.
 * Names are already in the shopper's language (the contract client asks in its locale). Pictures are
 * site paths or URLs, with the placeholder picture where the contract has none.
 */
import type { Brand, Product, ProductDetail, PromotionBanner, Review } from '../../lib/xs-api/contract';
import { FALLBACK_PICTURE } from '../../components/inline-scripts.mjs';
import { formatAverage, ratingSummary, type RatingSummary } from '../../domain/reviews';

/** The picture shown when a product, brand or banner has none (also the load-error fallback). */
export const PLACEHOLDER_PICTURE = FALLBACK_PICTURE;

/** A product as cards, rows, lists, suggestions and the quick view show it. */
export type ProductSummary = {
  code: string;
  name: string;
  /** The first picture, or PLACEHOLDER_PICTURE. */
  picture: string;
  /** Selling unit as the catalogue writes it ('500g', '1 pack'); may be ''. */
  unit: string;
  lineCode: string;
  lineName: string;
  /** What the shopper pays, in sen (the contract's final_price). */
  priceSen: number;
  /** The regular price in sen (product_price); above `priceSen` when on offer. */
  regularPriceSen: number;
  /** True when the final price is below the regular price (the Promo badge, the struck-through price). */
  onSale: boolean;
  inStock: boolean;
};

/** A product on its own page: the summary plus every picture (possibly none) and its group. */
export type ProductDetailView = ProductSummary & {
  /** All pictures in order; empty when the product has none (the gallery shows the placeholder). */
  pictures: string[];
  groupCode: string;
};

/** A product line (a category) of a group. */
export type LineView = { code: string; name: string; icon: string; groupCode: string };

/** A category group with its product lines, in catalogue order. */
export type GroupView = { code: string; name: string; lines: LineView[] };

/** A brand (coverage.md §3 Brand); `logo` falls back to the placeholder. */
export type BrandView = { code: string; name: string; logo: string };

/** A promotion (coverage.md §3 Promotion banner): dates 'YYYY-MM-DD', inclusive, Malaysian time. */
export type PromotionView = { id: number; name: string; description: string; image: string; startDate: string; endDate: string };

/** A header banner: picture, its alt text and where it leads (a site path or an absolute URL). */
export type HeaderBannerView = { image: string; alt: string; link: string };

/** A review as everyone sees it; `writtenAt` ISO 8601 with offset; `comment` is text, never HTML. */
export type ReviewView = { id: number; rate: number; comment: string; writtenAt: string; member: string; avatar: string | null };

/** A product's rating figures (average to 1 decimal, count, count per star) and the average as shown ('4.3'). */
export type RatingView = RatingSummary & { averageText: string };

/**
 * A listed product in sen. Example: final_price '12.90', product_price '15.00' →
 * { priceSen: 1290, regularPriceSen: 1500, onSale: true, … }.
 * @throws RangeError when a price is not a ringgit amount (the contract checks they are).
 */
export function toProductSummary(p: Product): ProductSummary {
  const priceSen = p.final_price;
  const regularPriceSen = p.product_price;
  return {
    code: p.product_code,
    name: p.product_name,
    picture: p.product_picture[0]?.picture ?? PLACEHOLDER_PICTURE,
    unit: p.unit,
    lineCode: p.line_code,
    lineName: p.line_name,
    priceSen,
    regularPriceSen,
    onSale: priceSen < regularPriceSen,
    inStock: p.product_has_balance === 1,
  };
}

/** A product of product_detail for its page: the summary, all pictures and the group code. */
export function toProductDetail(p: ProductDetail): ProductDetailView {
  return { ...toProductSummary(p), pictures: p.product_picture.map((x) => x.picture), groupCode: p.group_code };
}

/** Product lines of productline_listing or of a group. */
export function toLine(l: { line_code: string; line_name: string; line_icon: string; group_code: string }): LineView {
  return { code: l.line_code, name: l.line_name, icon: l.line_icon, groupCode: l.group_code };
}

/** A group of get_prdtgroupline_listing with its lines. */
export function toGroup(g: { group_code: string; group_name: string; line: Parameters<typeof toLine>[0][] }): GroupView {
  return { code: g.group_code, name: g.group_name, lines: g.line.map(toLine) };
}

/**
 * The group a page shows: the one asked for by code, else the first; undefined when there are no
 * groups. `chosen` says whether the code named it (a page title and canonical path follow it).
 */
export function selectGroup(groups: readonly GroupView[], code: string | null | undefined): { group: GroupView | undefined; chosen: boolean } {
  const asked = code ? groups.find((g) => g.code === code) : undefined;
  return { group: asked ?? groups[0], chosen: asked !== undefined };
}

/** The group holding a product line, and the line itself; null when no group has it. */
export function findLine(groups: readonly GroupView[], lineCode: string): { group: GroupView; line: LineView } | null {
  for (const group of groups) {
    const line = group.lines.find((l) => l.code === lineCode);
    if (line) return { group, line };
  }
  return null;
}

/** Line code → group code, for links to a line that keep its group (recipes name only the line). */
export function groupOfLine(lines: readonly LineView[]): Record<string, string> {
  return Object.fromEntries(lines.map((l) => [l.code, l.groupCode]));
}

export function toBrand(b: Brand): BrandView {
  return { code: b.brand_code, name: b.brand_name, logo: b.brand_logo ?? PLACEHOLDER_PICTURE };
}

export function toPromotion(b: PromotionBanner): PromotionView {
  return {
    id: b.banner_id,
    name: b.banner_name,
    description: b.banner_desc,
    image: b.banner_image[0] ?? PLACEHOLDER_PICTURE,
    startDate: b.banner_start_date,
    endDate: b.banner_end_date,
  };
}

export function toHeaderBanner(b: { banner_url: string; alt: string; link: string }): HeaderBannerView {
  return { image: b.banner_url, alt: b.alt, link: b.link };
}

export function toReview(r: Review): ReviewView {
  return { id: r.review_id, rate: r.review_rate, comment: r.review_comment, writtenAt: r.review_datetime, member: r.member, avatar: r.avatar };
}

/**
 * The rating of get_review's count per star: { '5': 2, '4': 1 } → average 4.7, count 3, averageText '4.7'.
 * No reviews → average 0, count 0, '0.0'.
 */
export function toRating(countsByRate: Partial<Record<string, number>>): RatingView {
  const summary = ratingSummary(countsByRate);
  return { ...summary, averageText: formatAverage(summary.average) };
}

/**
 * Related products of a product: the line's products without the product itself, at most `count`.
 */
export function relatedProducts(products: readonly Product[], productCode: string, count: number): ProductSummary[] {
  return products.filter((p) => p.product_code !== productCode).slice(0, count).map(toProductSummary);
}
