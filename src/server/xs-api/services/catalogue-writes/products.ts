/**
 * HQ's product writes (issue "The chain's own catalogue" §1; ADR 26): create a product, replace
 * what HQ edits of one (names, descriptions and details in EN/ZH/AR, line, brand, unit, list and
 * promotional price in sen, visible or hidden, featured, pictures), and read its history.
 *
 * - Validation is the contract's (src/domain/catalogue-edit.ts); the line and brand must exist.
 * - The search text is refolded from the names on every write (ADR 19), so a new or renamed
 *   product is found in all three languages at once.
 * - Each change is one `catalogue_events` row with the changed fields old → new; a change of either
 *   price is also a `price_history` row. An update that changes nothing writes nothing.
 * - Orders keep the price they were placed at: `order_items.product_price_sen` is copied when the
 *   order is made, never read from the product again.
 * - Once committed, the product's pages, its line's pages and every listing are dropped on every
 *   instance (src/server/page-changes.ts).
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, catalogueEvents, priceHistory, productLines, products, staff, type LocalizedText } from '../../db/schema';
import { ApiError } from '../../errors';
import { productSearchText } from '../../../../domain/search-text';
import { compactTexts, type ProductInput, type Texts } from '../../../../domain/catalogue-edit';
import { productChangeTags } from '../../../cache';
import { pagesChanged } from '../../../page-changes';
import { changedFields, recordEvents, type Actor, type Tx } from './record';
import { clock } from '../../../clock';

/** A product as HQ edits it; prices in sen. */
export type ProductAdminView = {
  product_code: string;
  product_name: LocalizedText;
  product_description: LocalizedText | null;
  product_detail: LocalizedText | null;
  line_code: string;
  brand_code: string | null;
  unit: string;
  price_sen: number;
  final_price_sen: number;
  visible: boolean;
  featured: boolean;
  pictures: string[];
  search_text: string;
  updated_at: string | null;
};

type ProductRow = typeof products.$inferSelect;

export function toView(r: ProductRow): ProductAdminView {
  return {
    product_code: r.productCode,
    product_name: r.productName,
    product_description: r.productDescription,
    product_detail: r.productDetail,
    line_code: r.lineCode,
    brand_code: r.brandCode,
    unit: r.unit,
    price_sen: r.priceSen,
    final_price_sen: r.finalPriceSen,
    visible: r.isActive,
    featured: r.isFeatured,
    pictures: r.pictures,
    search_text: r.searchText,
    updated_at: r.updatedAt?.toISOString() ?? null,
  };
}

/**
 * The columns of what HQ's form and the CSV import both set (services/catalogue-writes/import.ts):
 * texts without blank languages, the names folded for search (ADR 19), prices in sen.
 */
export function productColumns(p: Pick<ProductInput, 'product_name' | 'line_code' | 'unit' | 'price_sen' | 'final_price_sen' | 'visible'> & { product_description?: Texts | null; product_detail?: Texts | null }) {
  const name = compactTexts(p.product_name)!;
  return {
    productName: name,
    searchText: productSearchText(name),
    productDescription: compactTexts(p.product_description),
    productDetail: compactTexts(p.product_detail),
    lineCode: p.line_code,
    unit: p.unit,
    priceSen: p.price_sen,
    finalPriceSen: p.final_price_sen,
    isActive: p.visible,
  };
}

/** The columns a ProductInput sets (pictures and featured only when given). */
function columns(input: ProductInput) {
  return {
    ...productColumns(input),
    brandCode: input.brand_code ?? null,
    ...(input.featured !== undefined && { isFeatured: input.featured }),
    ...(input.pictures !== undefined && { pictures: input.pictures }),
  };
}

/** @throws ApiError 404 when the line or the brand of `input` does not exist. */
async function requireReferences(tx: Tx, input: ProductInput) {
  const [line] = await tx.select({ code: productLines.lineCode }).from(productLines).where(eq(productLines.lineCode, input.line_code));
  if (!line) throw new ApiError(404, 'catalogue_line_not_found', { line: input.line_code }, { field: 'line_code' });
  if (input.brand_code) {
    const [brand] = await tx.select({ code: brands.brandCode }).from(brands).where(eq(brands.brandCode, input.brand_code));
    if (!brand) throw new ApiError(404, 'catalogue_brand_not_found', { brand: input.brand_code }, { field: 'brand_code' });
  }
}

/**
 * Creates a product (no stock at any outlet yet: pos_stock or ops_stock_set gives it some).
 * @throws ApiError 409 'catalogue_product_exists'; 404 unknown line or brand.
 */
export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<ProductAdminView> {
  const row = await db.transaction(async (tx) => {
    await requireReferences(tx, input);
    const values = { productCode: input.product_code, pictures: [] as string[], ...columns(input), updatedAt: clock.now() };
    const [created] = await tx.insert(products).values(values).onConflictDoNothing().returning();
    if (!created) throw new ApiError(409, 'catalogue_product_exists', { code: input.product_code }, { field: 'product_code' });
    await tx.insert(priceHistory).values({ productCode: created.productCode, oldPriceSen: null, newPriceSen: created.priceSen, oldFinalPriceSen: null, newFinalPriceSen: created.finalPriceSen, staffId: actor.staffId });
    await recordEvents(tx, actor, [{ action: 'product_created', subject: created.productCode, detail: toView(created) }]);
    return created;
  });
  await pagesChanged(db, productChangeTags([row.productCode], [row.lineCode]));
  return toView(row);
}

/**
 * Replaces what HQ edits of a product. Nothing changed: nothing written, no page dropped.
 * @throws ApiError 404 'product_not_found', or an unknown line or brand.
 */
export async function updateProduct(db: Db, actor: Actor, input: ProductInput): Promise<{ data: ProductAdminView; changed: string[] }> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.productCode, input.product_code)).for('update');
    if (!before) throw new ApiError(404, 'product_not_found', { code: input.product_code });
    await requireReferences(tx, input);
    const next = columns(input);
    const changes = changedFields(before as unknown as Record<string, unknown>, next);
    if (Object.keys(changes).length === 0) return { row: before, changes, lineBefore: before.lineCode };
    const [after] = await tx.update(products).set({ ...next, updatedAt: clock.now() }).where(eq(products.productCode, input.product_code)).returning();
    if ('priceSen' in changes || 'finalPriceSen' in changes) {
      await tx.insert(priceHistory).values({ productCode: before.productCode, oldPriceSen: before.priceSen, newPriceSen: after!.priceSen, oldFinalPriceSen: before.finalPriceSen, newFinalPriceSen: after!.finalPriceSen, staffId: actor.staffId });
    }
    const { searchText: _folded, ...shown } = changes;
    void _folded;
    await recordEvents(tx, actor, [{ action: 'product_updated', subject: before.productCode, detail: shown }]);
    return { row: after!, changes, lineBefore: before.lineCode };
  });
  const changed = Object.keys(result.changes);
  if (changed.length > 0) await pagesChanged(db, productChangeTags([result.row.productCode], [result.lineBefore, result.row.lineCode]));
  return { data: toView(result.row), changed };
}

/** One product as HQ edits it. @throws ApiError 404 'product_not_found'. */
export async function productForHq(db: Db, code: string): Promise<ProductAdminView> {
  const [row] = await db.select().from(products).where(eq(products.productCode, code));
  if (!row) throw new ApiError(404, 'product_not_found', { code });
  return toView(row);
}

/**
 * A product's history: its price changes (oldest first, in sen) and its catalogue events (newest
 * first, at most 200), each with the staff member's login (null: an integration token).
 */
export async function productHistory(db: Db, code: string) {
  await productForHq(db, code);
  const prices = await db
    .select({ at: priceHistory.createdAt, old_price_sen: priceHistory.oldPriceSen, new_price_sen: priceHistory.newPriceSen, old_final_price_sen: priceHistory.oldFinalPriceSen, new_final_price_sen: priceHistory.newFinalPriceSen, staff: staff.login })
    .from(priceHistory)
    .leftJoin(staff, eq(staff.id, priceHistory.staffId))
    .where(eq(priceHistory.productCode, code))
    .orderBy(asc(priceHistory.id));
  const events = await db
    .select({ at: catalogueEvents.createdAt, action: catalogueEvents.action, subject: catalogueEvents.subject, detail: catalogueEvents.detail, staff: staff.login, token_id: catalogueEvents.actorTokenId })
    .from(catalogueEvents)
    .leftJoin(staff, eq(staff.id, catalogueEvents.actorStaffId))
    .where(eq(catalogueEvents.subject, code))
    .orderBy(desc(catalogueEvents.id))
    .limit(200);
  return {
    prices: prices.map((p) => ({ ...p, at: p.at.toISOString() })),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}
