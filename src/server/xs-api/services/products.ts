/**
 * Products (coverage.md §3 Product, §7 product_listing and product_detail). Every query reads prices from
 * the database in integer sen and answers sen (the HTTP edge writes ringgit with 2 decimals, ADR 37). Stock and
 * favourites are computed in the same SQL statement (scalar subqueries), never per row in code.
 */
import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Product, ProductDetail, productListingQuery } from '../../../lib/xs-api/contract';
import { toSen } from '../../../domain/money';
import { parseLimit } from '../../../domain/product-list';
import { searchTerms } from '../../../domain/search-text';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { favourites, productLines, products, stores, storeStock, type LocalizedText } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { getStoreByNo } from './cart';
import { localized } from './localized';
import type { CatalogueSnapshot } from './catalogue-snapshot';

/** Who is asking and where: the outlet whose stock to show, and the member whose favourites to mark. */
export type ProductContext = { storeCode: string | null; memberCode: string | null; lang: Locale };

/** The columns of a product row as selected for the contract (money in sen). */
export type ProductRow = {
  code: string;
  name: LocalizedText;
  pictures: string[];
  priceSen: number;
  finalPriceSen: number;
  unit: string;
  brandCode: string | null;
  lineCode: string;
  lineName: LocalizedText;
  groupCode: string;
  /** Units at the context's outlet; null without an outlet. */
  quantity: number | null;
  /** In stock: at the context's outlet, or at any active outlet without one. */
  hasBalance: boolean;
  inFavorite: boolean;
};

/**
 * Selection of a product row for a context: stock and favourite as scalar subqueries. Select it
 * from `products` inner-joined to `productLines`, and map the rows with `toProduct` (also used by
 * services/promotions.ts and services/favourites.ts).
 */
export function productColumns({ storeCode, memberCode }: ProductContext) {
  const quantity = storeCode
    ? sql<number>`coalesce((select ${storeStock.quantity} from ${storeStock} where ${storeStock.storeCode} = ${storeCode} and ${storeStock.productCode} = ${products.productCode}), 0)`.mapWith(Number)
    : sql<number | null>`null`;
  const hasBalance = storeCode
    ? sql<boolean>`coalesce((select ${storeStock.quantity} from ${storeStock} where ${storeStock.storeCode} = ${storeCode} and ${storeStock.productCode} = ${products.productCode}), 0) > 0`
    : sql<boolean>`exists (select 1 from ${storeStock} inner join ${stores} on ${stores.storeCode} = ${storeStock.storeCode} where ${storeStock.productCode} = ${products.productCode} and ${storeStock.quantity} > 0 and ${stores.isActive})`;
  const inFavorite = memberCode
    ? sql<boolean>`exists (select 1 from ${favourites} where ${favourites.memberCode} = ${memberCode} and ${favourites.productCode} = ${products.productCode})`
    : sql<boolean>`false`;
  return {
    code: products.productCode,
    name: products.productName,
    pictures: products.pictures,
    priceSen: products.priceSen,
    finalPriceSen: products.finalPriceSen,
    unit: products.unit,
    brandCode: products.brandCode,
    lineCode: products.lineCode,
    lineName: productLines.lineName,
    groupCode: productLines.groupCode,
    quantity,
    hasBalance,
    inFavorite,
  };
}

/**
 * The one mapping from a product row to the contract's `product` (coverage.md §3 Product): prices in sen
 * stay integer sen (the HTTP edge writes '16.90'); names in `lang`, falling back to EN.
 */
export function toProduct(row: ProductRow, lang: Locale): Product {
  return {
    product_code: row.code,
    product_no: row.code,
    product_name: localized(row.name, lang),
    product_picture: row.pictures.map((picture) => ({ picture })),
    product_price: row.priceSen,
    final_price: row.finalPriceSen,
    product_has_balance: row.hasBalance ? 1 : 0,
    product_quantity: row.quantity,
    in_favorite: row.inFavorite ? 1 : 0,
    line_code: row.lineCode,
    line_name: localized(row.lineName, lang),
    brand_code: row.brandCode,
    unit: row.unit,
  };
}

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The outlet code of a store_no, or null when none was given. @throws ApiError 404 'store_not_found'. */
async function storeCodeOf(db: Db, storeNo: string | undefined): Promise<string | null> {
  if (!storeNo) return null;
  return (await getStoreByNo(db, storeNo)).storeCode;
}

/** Filters of product_listing as SQL conditions (all parameterised). */
function listingFilters(q: ProductListingQueryOutput): SQL[] {
  const where: SQL[] = [eq(products.isActive, true)];
  for (const term of searchTerms(q.search ?? '')) where.push(ilike(products.searchText, `%${escapeLike(term)}%`));
  if (q.line) where.push(eq(products.lineCode, q.line));
  if (q.group_code) where.push(eq(productLines.groupCode, q.group_code));
  if (q.brand) where.push(eq(products.brandCode, q.brand));
  if (q.type === 'homepage') where.push(eq(products.isFeatured, true));
  if (q.type === 'bestseller') where.push(gt(products.topSales, 0));
  if (q.type === 'promotion') where.push(lt(products.finalPriceSen, products.priceSen));
  if (q.filter_price_min !== undefined) where.push(gte(products.finalPriceSen, toSen(q.filter_price_min)));
  if (q.filter_price_max !== undefined) where.push(lte(products.finalPriceSen, toSen(q.filter_price_max)));
  return where;
}

/** ORDER BY of a sort; ties always broken by product code so pages never overlap (also the catalogue snapshot's ranks, ./catalogue-snapshot.ts). */
export function listingOrder(sort: ProductListingQueryOutput['sort']): SQL[] {
  switch (sort) {
    case 'latest':
      return [desc(products.createdAt), asc(products.productCode)];
    case 'price_low':
      return [asc(products.finalPriceSen), asc(products.productCode)];
    case 'price_high':
      return [desc(products.finalPriceSen), asc(products.productCode)];
    default:
      return [desc(products.topSales), asc(products.productCode)];
  }
}

/** The product_listing query after the contract's parsing (defaults filled in). */
export type ProductListingQueryOutput = z.output<typeof productListingQuery>;

/**
 * product_listing (coverage.md §7 Catalogue): one page of products and the total count of matches.
 * - `store` (store_no): product_quantity and product_has_balance at that outlet; without it
 *   product_quantity is null and product_has_balance is 1 when any active outlet has stock.
 * - `customer_code`: marks in_favorite (the route checks the caller is that member).
 * - `search`: every word must occur in the product's EN, ZH or AR name, folded on both sides by
 *   src/domain/search-text.ts (case, full-width Latin, Arabic marks and letter variants); Chinese
 *   matches as a substring of the characters; % and _ are literal.
 * - `limit` "offset,count"; `sort` product_topsales (top_sales desc), latest (created_at desc),
 *   price_low / price_high (final price), ties by product_code.
 * - `type` homepage (featured), bestseller (top_sales > 0), promotion (final < list price);
 *   `line`, `group_code`, `brand`; `filter_price_min/max` in RM on the final price.
 * - `client` is accepted and ignored. Names in `lang`.
 * - `snapshot` (a page read that may be as old as a cached page, ADR 44): the public form (no store,
 *   member or search) is answered from it, not from the database.
 * @throws ApiError 404 'store_not_found' for an unknown store, 400 for a malformed limit.
 */
export async function listProducts(db: Db, q: ProductListingQueryOutput, snapshot?: CatalogueSnapshot): Promise<{ data: Product[]; total: number }> {
  let limit;
  try {
    limit = parseLimit(q.limit);
  } catch (err) {
    throw invalidPayload(`limit: ${(err as Error).message}`);
  }
  if (snapshot && !q.store && !q.customer_code && searchTerms(q.search ?? '').length === 0) return snapshot.listProducts(db, q, limit);
  const ctx: ProductContext = { storeCode: await storeCodeOf(db, q.store), memberCode: q.customer_code ?? null, lang: q.lang };
  const where = and(...listingFilters(q));
  // The total rides on every row of the page (a window over all matches, computed before LIMIT):
  // one statement per listing, not two (ADR 17). Only a page past the end, which has no row to
  // carry it, counts separately.
  const rows = await db
    .select({ ...productColumns(ctx), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
    .where(where)
    .orderBy(...listingOrder(q.sort))
    .limit(limit.count)
    .offset(limit.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && limit.offset > 0) {
    const [counted] = await db.select({ total: count() }).from(products).innerJoin(productLines, eq(productLines.lineCode, products.lineCode)).where(where);
    total = counted?.total ?? 0;
  }
  return { data: rows.map((r) => toProduct(r, q.lang)), total };
}

/**
 * product_detail (coverage.md §7 Catalogue): one active product with description and detail texts.
 * `pickupStoreNo` gives the stock at that outlet; `memberCode` (already proven) fills in_favorite.
 * `snapshot` (a page read, ADR 44): without outlet and member, answered from it.
 * @throws ApiError 404 'product_not_found' for an unknown or inactive code, 404 'store_not_found'.
 */
export async function getProductDetail(
  db: Db,
  code: string,
  opts: { pickupStoreNo?: string; memberCode: string | null; lang: Locale },
  snapshot?: CatalogueSnapshot,
): Promise<ProductDetail> {
  if (snapshot && !opts.pickupStoreNo && !opts.memberCode) return snapshot.productDetail(db, code, opts.lang);
  const ctx: ProductContext = { storeCode: await storeCodeOf(db, opts.pickupStoreNo), memberCode: opts.memberCode, lang: opts.lang };
  const [row] = await db
    .select({ ...productColumns(ctx), description: products.productDescription, detail: products.productDetail })
    .from(products)
    .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
    .where(and(eq(products.productCode, code), eq(products.isActive, true)))
    .limit(1);
  if (!row) throw new ApiError(404, 'product_not_found', { code });
  return {
    ...toProduct(row, opts.lang),
    product_description: row.description ? localized(row.description, opts.lang) : null,
    product_detail: row.detail ? localized(row.detail, opts.lang) : null,
    group_code: row.groupCode,
  };
}
