/**
 * Favourites (coverage.md §3 Favourites, §4 Favourites, §7 favorite_listing / add_favorite /
 * delete_favorite). Adding and removing are idempotent; the listing is products mapped by the one
 * product mapping (`toProduct`), optionally limited to what an outlet carries.
 */
import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Product } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { favourites, productLines, products, storeStock } from '../db/schema';
import { ApiError } from '../errors';
import { getStoreByNo } from './cart';
import { productColumns, toProduct } from './products';

/**
 * favorite_listing: the member's favourite active products, most recently added first. With
 * `storeNo`, only the products that outlet carries (a stock row there, even at 0), with the stock
 * there; without, every favourite, in stock when any active outlet has it. in_favorite is 1.
 * @throws ApiError 404 'store_not_found' for an unknown store_no.
 */
export async function listFavourites(db: Db, memberCode: string, opts: { storeNo?: string; lang: Locale }): Promise<{ data: Product[]; total: number }> {
  const storeCode = opts.storeNo ? (await getStoreByNo(db, opts.storeNo)).storeCode : null;
  const carried = storeCode
    ? exists(db.select({ one: sql`1` }).from(storeStock).where(and(eq(storeStock.storeCode, storeCode), eq(storeStock.productCode, products.productCode))))
    : undefined;
  const rows = await db
    .select(productColumns({ storeCode, memberCode, lang: opts.lang }))
    .from(favourites)
    .innerJoin(products, eq(products.productCode, favourites.productCode))
    .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
    .where(and(eq(favourites.memberCode, memberCode), eq(products.isActive, true), carried))
    .orderBy(desc(favourites.addedAt), asc(products.productCode));
  return { data: rows.map((r) => toProduct(r, opts.lang)), total: rows.length };
}

/** The member's favourite product codes, most recently added first (for the header count and the hearts). */
export async function favouriteCodes(db: Db, memberCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: favourites.productCode })
    .from(favourites)
    .innerJoin(products, eq(products.productCode, favourites.productCode))
    .where(and(eq(favourites.memberCode, memberCode), eq(products.isActive, true)))
    .orderBy(desc(favourites.addedAt), asc(favourites.productCode));
  return rows.map((r) => r.code);
}

/**
 * add_favorite: adds products; one already a favourite stays as it was (same added time).
 * @throws ApiError 404 'product_not_found' naming the first unknown or inactive code (nothing is added).
 */
export async function addFavourites(db: Db, memberCode: string, codes: string[]): Promise<string[]> {
  const unique = [...new Set(codes)];
  const found = await db.select({ code: products.productCode }).from(products).where(and(inArray(products.productCode, unique), eq(products.isActive, true)));
  const missing = unique.find((c) => !found.some((f) => f.code === c));
  if (missing) throw new ApiError(404, 'product_not_found', { code: missing });
  await db.insert(favourites).values(unique.map((productCode) => ({ memberCode, productCode }))).onConflictDoNothing();
  return favouriteCodes(db, memberCode);
}

/** delete_favorite: removes products from the favourites; codes that are not favourites are ignored. */
export async function deleteFavourites(db: Db, memberCode: string, codes: string[]): Promise<string[]> {
  await db.delete(favourites).where(and(eq(favourites.memberCode, memberCode), inArray(favourites.productCode, [...new Set(codes)])));
  return favouriteCodes(db, memberCode);
}
