/**
 * The catalogue's named server reads (docs/architecture.md The feature layer; coverage.md §2 public routes, §7
 * Catalogue): pages and components call these, never the contract client. Each takes the page's
 * context for the shopper's language, reads through `publicApi` (nothing per member, so every page
 * built from them can be cached for everyone) and answers view models (./view-models.ts) with money
 * in sen. Not found → null; other failures are thrown (fragments answer 400 with the shopper's text).
 *
 * - home: getHomePage
 * - lists: getCategoryGroups, listProducts, getLinePage, getSearchPage, getProductListPage,
 *   getBrandPage, getPromotionPage, getListFragment
 * - product: getProductPage, getQuickView
 * - suggest (the header's suggestions), sitemapEntries
 */
export { getHomePage, HOME_ROWS, type HomePage, type HomeRowSlug } from './queries/home';
export {
  getBrandPage,
  getCategoryGroups,
  getLinePage,
  getListFragment,
  getProductListPage,
  getPromotionPage,
  getSearchPage,
  listProducts,
  type FragmentAnswer,
  type ListRequest,
  type ListSource,
  type ProductList,
  type ProductListPage,
} from './queries/lists';
export { getProductPage, getQuickView, type PageContext, type ProductPage } from './queries/product';
export { suggest, type Suggestion } from './queries/suggest';
export { sitemapEntries, type SitemapEntry } from './queries/sitemap';
export type { PublicContext } from './queries/read';
