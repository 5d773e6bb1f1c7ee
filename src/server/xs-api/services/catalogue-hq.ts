/**
 * What HQ's catalogue screens read (issue 20 item 1; contract/catalogue-hq.ts; ADR 26): the product
 * list (hidden products too, paged, searched like the shop's search or by the start of the code),
 * a product's stock per outlet, the groups with their lines, and every banner. Reads only; the
 * writes are services/catalogue-writes. Prices in sen.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { headerBanners, productGroups, productLines, products, promotionBanners, stores, storeStock } from '../db/schema';
import { ApiError } from '../errors';
import { searchTerms } from '../../../domain/search-text';
import { escapeLike } from './products';
import { HQ_PRODUCT_PAGE_DEFAULT } from '../../../lib/xs-api/contract/catalogue-hq';
import { productsCsv } from '../../../domain/catalogue-export';

/** What ops_product_list is asked. */
export type HqProductQuery = { search?: string; line_code?: string; visible?: '0' | '1'; page?: number; per_page?: number };

/**
 * One page of HQ's product list, by product code. `search`: every word must occur in the folded
 * names (EN, ZH, AR; src/domain/search-text.ts), or the whole query starts the code ('P00').
 * @returns rows with `stock_total` (units over every outlet, 0 with none), `total` (every match).
 */
export async function listProductsForHq(db: Db, q: HqProductQuery) {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? HQ_PRODUCT_PAGE_DEFAULT;
  const where: SQL[] = [];
  const search = (q.search ?? '').trim();
  if (search) {
    const terms = searchTerms(search);
    const byName = terms.length ? and(...terms.map((t) => ilike(products.searchText, `%${escapeLike(t)}%`))) : undefined;
    const byCode = ilike(products.productCode, `${escapeLike(search.toUpperCase())}%`);
    where.push(byName ? or(byName, byCode)! : byCode);
  }
  if (q.line_code) where.push(eq(products.lineCode, q.line_code));
  if (q.visible) where.push(eq(products.isActive, q.visible === '1'));
  const filter = where.length ? and(...where) : undefined;
  // Qualified by hand: inside a select list the columns would print unqualified and match themselves.
  const stockTotal = sql<number>`coalesce((select sum(s.quantity) from ${storeStock} s where s.product_code = ${products}.product_code), 0)::int`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        product_code: products.productCode,
        product_name: products.productName,
        line_code: products.lineCode,
        unit: products.unit,
        price_sen: products.priceSen,
        final_price_sen: products.finalPriceSen,
        visible: products.isActive,
        stock_total: stockTotal,
        updated_at: products.updatedAt,
      })
      .from(products)
      .where(filter)
      .orderBy(asc(products.productCode))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(products).where(filter),
  ]);
  return {
    data: rows.map((r) => ({ ...r, stock_total: Number(r.stock_total), updated_at: r.updated_at?.toISOString() ?? null })),
    total: counted?.n ?? 0,
    page,
    per_page: perPage,
  };
}

/**
 * A product's units on hand at every outlet, by store code (null: never counted there).
 * @throws ApiError 404 'product_not_found'.
 */
export async function productStockForHq(db: Db, code: string) {
  const [product] = await db.select({ code: products.productCode }).from(products).where(eq(products.productCode, code));
  if (!product) throw new ApiError(404, 'product_not_found', { code });
  const rows = await db
    .select({ store_code: stores.storeCode, store_name: stores.storeName, active: stores.isActive, quantity: storeStock.quantity })
    .from(stores)
    .leftJoin(storeStock, and(eq(storeStock.storeCode, stores.storeCode), eq(storeStock.productCode, code)))
    .orderBy(asc(stores.storeCode));
  return { product_code: code, data: rows };
}

/** Every group with its lines (each with its number of products), in their order. */
export async function catalogueStructure(db: Db) {
  const [groups, lines, counts] = await Promise.all([
    db.select().from(productGroups).orderBy(asc(productGroups.sortOrder), asc(productGroups.groupCode)),
    db.select().from(productLines).orderBy(asc(productLines.sortOrder), asc(productLines.lineCode)),
    db.select({ line: products.lineCode, n: count() }).from(products).groupBy(products.lineCode),
  ]);
  const perLine = new Map(counts.map((c) => [c.line, Number(c.n)]));
  return groups.map((g) => ({
    group_code: g.groupCode,
    group_name: g.groupName,
    sort_order: g.sortOrder,
    lines: lines
      .filter((l) => l.groupCode === g.groupCode)
      .map((l) => ({ line_code: l.lineCode, line_name: l.lineName, line_icon: l.lineIcon, sort_order: l.sortOrder, products: perLine.get(l.lineCode) ?? 0 })),
  }));
}

/** Every header banner (in order) and promotion banner (latest start first), past ones too. */
export async function bannersForHq(db: Db) {
  const [header, promotion] = await Promise.all([
    db.select().from(headerBanners).orderBy(asc(headerBanners.sortOrder), asc(headerBanners.id)),
    db.select().from(promotionBanners).orderBy(desc(promotionBanners.startDate), desc(promotionBanners.bannerId)),
  ]);
  return {
    header: header.map((b) => ({ id: b.id, banner_url: b.bannerUrl, link: b.link, alt: b.alt, sort_order: b.sortOrder, start_date: b.startDate, end_date: b.endDate })),
    promotion: promotion.map((b) => ({
      banner_id: b.bannerId,
      banner_name: b.bannerName,
      banner_desc: b.bannerDesc,
      banner_image: b.bannerImage,
      banner_url: b.bannerUrl,
      product_codes: b.productCodes,
      start_date: b.startDate,
      end_date: b.endDate,
    })),
  };
}

/**
 * The products export (ops_export_products): every product, hidden ones too, by product code, as
 * the import's CSV (src/domain/catalogue-export.ts). One read of the products with their lines'
 * groups; about 2 MB of text for 10,000 products.
 * @returns { csv, products } (products: the rows written)
 */
export async function exportProducts(db: Db): Promise<{ csv: string; products: number }> {
  const rows = await db
    .select({
      product_code: products.productCode,
      product_name: products.productName,
      line_code: products.lineCode,
      group_code: productLines.groupCode,
      unit: products.unit,
      price_sen: products.priceSen,
      final_price_sen: products.finalPriceSen,
      visible: products.isActive,
      product_description: products.productDescription,
      product_detail: products.productDetail,
    })
    .from(products)
    .innerJoin(productLines, eq(productLines.lineCode, products.lineCode))
    .orderBy(asc(products.productCode));
  return { csv: productsCsv(rows), products: rows.length };
}
