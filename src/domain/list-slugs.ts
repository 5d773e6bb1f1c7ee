/**
 * The fixed product-list slug table (coverage.md §2 /product-list/{slug}, Home "View More" links; the spec
 * names features, hottest and latest "and others" and leaves the table to us, §9). Each slug fixes
 * the product_listing query of its list; the page hides the sort and filter controls.
 */
import type { Sort } from './product-list';

/** product_listing `type` values (coverage.md §2 Home: homepage, bestseller; promotion for our Promotions list). */
export const LIST_TYPES = ['homepage', 'bestseller', 'promotion'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** One list of the table: its title's message key and the product_listing query it fixes. */
export type ProductListSlug = {
  slug: string;
  /** Message key of the page title (messages/*.json). */
  titleKey: 'home_features' | 'home_hottest' | 'home_latest' | 'list_promotions';
  /** The product_listing `type`, when the list is one. */
  type?: ListType;
  /** The fixed sort (product_listing `sort`); the default sort otherwise. */
  sort?: Sort;
};

/**
 * The table, in display order.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export const PRODUCT_LIST_SLUGS: readonly ProductListSlug[] = [
  { slug: 'features', titleKey: 'home_features', type: 'homepage' },
  { slug: 'hottest', titleKey: 'home_hottest', type: 'bestseller' },
  { slug: 'latest', titleKey: 'home_latest', sort: 'latest' },
  { slug: 'promotions', titleKey: 'list_promotions', type: 'promotion' },
];

/**
 * The list of a slug, matched exactly (case-sensitive, as URLs are); unknown → null (the page answers 404).
 * productListBySlug('hottest') → { slug: 'hottest', titleKey: 'home_hottest', type: 'bestseller' }.
 */
export function productListBySlug(slug: string | undefined): ProductListSlug | null {
  return PRODUCT_LIST_SLUGS.find((l) => l.slug === slug) ?? null;
}
