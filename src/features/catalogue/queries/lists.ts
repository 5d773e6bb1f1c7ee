/**
 * Server reads of the catalogue's lists (coverage.md §2 /category, /category/{line_code}, /shop/catalog,
 * /search-products, /product-list/{slug}, /brands/{brand_code}, /promotion/{id}, Product list view;
 * §7 get_prdtgroupline_listing, product_listing, brand_listing, get_promotion_detail; §9 page size 25).
 *
 * Every read uses `publicApi` (nothing per member: the pages are cached for everyone) and answers
 * view models with money in sen. Paging: a page number becomes the contract's limit "offset,count"
 * here (`pageLimit`, `formatLimit`), never in a page. Unknown line, brand, slug or promotion → null.
 */
import { publicApi } from '../../shared/api';
import { shopperError } from '../../shared/errors';
import { listingQuery, MAX_KEYWORD, parseFragmentQuery, type ListSource } from '../../../domain/list-query';
import { pageLimit, type PriceFilter } from '../../../domain/list-url';
import { productListBySlug, type ProductListSlug } from '../../../domain/list-slugs';
import { DEFAULT_SORT, formatLimit, type Limit, type Sort } from '../../../domain/product-list';
import {
  findLine,
  toBrand,
  toGroup,
  toProductSummary,
  toPromotion,
  type BrandView,
  type GroupView,
  type LineView,
  type ProductSummary,
  type PromotionView,
} from '../view-models';
import { isApiStatus, orRefused, type PublicContext } from './read';

export type { ListSource } from '../../../domain/list-query';

/** A page of a product list: its products and how many match in all. */
export type ProductList = { products: ProductSummary[]; total: number };

/** Which part of a list to read: a 1-based page of 25, or an explicit window (the fragments). */
export type ListWindow = { page: number } | { window: Limit };

/** A list request: sort, optional price filter in RM, and the window. */
export type ListRequest = PriceFilter & { sort: Sort } & ListWindow;

/** Category groups with their product lines (the header's nav, the sidebar, /category). */
export async function getCategoryGroups(ctx: PublicContext): Promise<GroupView[]> {
  const r = await publicApi(ctx.locals.locale).call('get_prdtgroupline_listing');
  return r.data.map(toGroup);
}

/**
 * Products of a source (a line, group, search text, list type or brand; none = all), sorted and
 * filtered by final price in RM. Example: listProducts(ctx, { line: 'PORK-CUTS' }, { sort: 'latest',
 * page: 2 }) asks product_listing for limit "25,25".
 * @throws XsApiError when the API refuses the query (4xx) or fails.
 */
export async function listProducts(ctx: PublicContext, source: ListSource, request: ListRequest): Promise<ProductList> {
  const limit = formatLimit('window' in request ? request.window : pageLimit(request.page));
  const { sort, min, max } = request;
  const r = await publicApi(ctx.locals.locale).call('product_listing', { query: listingQuery(source, { sort, min, max }, limit) });
  return { products: r.data.map(toProductSummary), total: r.total };
}

/** The list page of a product line: its group (for breadcrumbs and the line chips), the line and a page of products; null for an unknown line. */
export async function getLinePage(
  ctx: PublicContext,
  lineCode: string,
  request: PriceFilter & { sort: Sort; page: number },
): Promise<{ group: GroupView; line: LineView; list: ProductList } | null> {
  const found = findLine(await getCategoryGroups(ctx), lineCode);
  if (!found) return null;
  const { sort, min, max, page } = request;
  return { ...found, list: await listProducts(ctx, { line: lineCode }, { sort, min, max, page }) };
}

/**
 * Search results (coverage.md §2 /search-products): the keyword trimmed and cut to 100 characters; a blank
 * one reads nothing (`list` null, the page shows a hint).
 */
export async function getSearchPage(
  ctx: PublicContext,
  rawKeyword: string | null,
  request: { sort: Sort; page: number },
): Promise<{ keyword: string; list: ProductList | null }> {
  const keyword = (rawKeyword ?? '').trim().slice(0, MAX_KEYWORD);
  return { keyword, list: keyword ? await listProducts(ctx, { search: keyword }, { sort: request.sort, page: request.page }) : null };
}

/** A fixed list of the slug table (src/domain/list-slugs.ts) with its fixed source and sort. */
export type ProductListPage = ProductListSlug & { source: ListSource; sort: Sort; list: ProductList };

/** The list of /product-list/{slug}, page `page`; null for a slug not in the table. */
export async function getProductListPage(ctx: PublicContext, slug: string | undefined, page: number): Promise<ProductListPage | null> {
  const entry = productListBySlug(slug);
  if (!entry) return null;
  const sort = entry.sort ?? DEFAULT_SORT;
  const source: ListSource = entry.type ? { type: entry.type } : {};
  return { ...entry, source, sort, list: await listProducts(ctx, source, { sort, page }) };
}

/** A brand and a page of its products (top sales first unless sorted); null when brand_listing does not name it. */
export async function getBrandPage(
  ctx: PublicContext,
  brandCode: string,
  request: { sort: Sort; page: number },
): Promise<{ brand: BrandView; list: ProductList } | null> {
  const brands = (await publicApi(ctx.locals.locale).call('brand_listing')).data;
  const brand = brands.find((b) => b.brand_code === brandCode);
  if (!brand) return null;
  return { brand: toBrand(brand), list: await listProducts(ctx, { brand: brand.brand_code }, { sort: request.sort, page: request.page }) };
}

/**
 * A promotion running today and a page of its products; null when the id is unknown, malformed,
 * expired or not yet started (every refusal of get_promotion_detail).
 */
export async function getPromotionPage(ctx: PublicContext, id: string, page: number): Promise<{ promotion: PromotionView; list: ProductList } | null> {
  const r = await orRefused(
    publicApi(ctx.locals.locale).call('get_promotion_detail', { params: { banner_id: id }, query: { limit: formatLimit(pageLimit(page)) } }),
  );
  return r && { promotion: toPromotion(r.banner_info), list: { products: r.product.map(toProductSummary), total: r.total } };
}

/** The next items of a list for /fragments/products, or why the query is refused (→ 400, text in the shopper's language or the field at fault). */
export type FragmentAnswer = { ok: true; list: ProductList } | { ok: false; message: string };

/**
 * Reads the fragment endpoint's query (src/domain/list-query.ts `parseFragmentQuery`) and the
 * window of products it asks for. A bad query or a refusal of the API → `{ ok: false }`; a failure
 * of the API is thrown.
 */
export async function getListFragment(ctx: PublicContext, search: URLSearchParams): Promise<FragmentAnswer> {
  const parsed = parseFragmentQuery(search);
  if (!parsed.ok) return { ok: false, message: parsed.error };
  const { sort, min, max, limit, ...source } = parsed.value;
  try {
    return { ok: true, list: await listProducts(ctx, source, { sort, min, max, window: limit }) };
  } catch (err) {
    if (isApiStatus(err, (s) => s >= 400 && s < 500)) return { ok: false, message: shopperError(err, ctx.locals.locale).message };
    throw err;
  }
}

