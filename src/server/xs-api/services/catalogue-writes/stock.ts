/**
 * Stock per outlet, set by HQ (ops_stock_set) or by the point-of-sale system (pos_stock, with an
 * integration token) (issue "The chain's own catalogue" §1, §4; ADR 26).
 *
 * A batch holds rows { outlet (store code), product_code, quantity }: the units on hand now, set as
 * they are (not added), so the same batch twice changes nothing the second time. Every row is
 * checked before anything is written; one bad row (a negative or fractional quantity, an unknown
 * outlet or product, the same outlet and product twice) refuses the whole batch with a 400 naming
 * the row (1-based), its outlet and product, and why, in the caller's language. The batch is
 * applied in one transaction: each changed row is written and recorded (`catalogue_events`, subject
 * the product code, detail { outlet, quantity: [old, new] }), unchanged rows are left alone. Once
 * committed, the changed products' pages are dropped on every instance.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, stores, storeStock } from '../../db/schema';
import { fulfilBackInStock } from '../push/back-in-stock';
import { ApiError } from '../../errors';
import { isMessageKey, translate, type MessageKey } from '../../../../i18n/messages';
import { stockRowSchema, type StockRow } from '../../../../domain/catalogue-edit';
import { productChangeTags } from '../../../cache';
import { pagesChanged } from '../../../page-changes';
import { recordEvents, type Actor } from './record';

/** A batch row as sent: checked here, row by row, so a refusal names its row. */
export type StockRowInput = { outlet?: unknown; product_code?: unknown; quantity?: unknown };

/** What a batch did: rows changed and unchanged, and the products whose stock changed. */
export type StockBatchResult = { rows: number; changed: number; unchanged: number; products: string[] };

/** A 400 naming row `index` (0-based) of the batch and the reason (a message key). */
function refuse(index: number, row: StockRowInput, reason: MessageKey): ApiError {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 40) : '?');
  return new ApiError(400, 'catalogue_row_refused', { row: index + 1, outlet: text(row.outlet), product: text(row.product_code), reason: (locale) => translate(locale, reason) }, { row: index + 1 });
}

/**
 * Checks every row, then sets the stock in one transaction.
 * @throws ApiError 400 'catalogue_row_refused' naming the first bad row; nothing is written then.
 */
export async function setStockBatch(db: Db, actor: Actor, input: readonly StockRowInput[]): Promise<StockBatchResult> {
  const indexOf = new Map<StockRow, number>();
  // Every row is checked; the refusal names the first bad one, whatever is wrong with it.
  const rows: StockRow[] = [];
  const problems: { index: number; raw: StockRowInput; reason: MessageKey }[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of input.entries()) {
    const parsed = stockRowSchema.safeParse(raw);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message;
      problems.push({ index: i, raw, reason: (key && isMessageKey(key) ? key : 'catalogue_stock_invalid') as MessageKey });
      continue;
    }
    const pair = `${parsed.data.outlet}\u0000${parsed.data.product_code}`;
    if (seen.has(pair)) problems.push({ index: i, raw, reason: 'catalogue_row_duplicate' });
    seen.add(pair);
    rows.push(parsed.data);
    indexOf.set(parsed.data, i);
  }
  const outletCodes = [...new Set(rows.map((r) => r.outlet))];
  const productCodes = [...new Set(rows.map((r) => r.product_code))];
  const knownOutlets = new Set(outletCodes.length ? (await db.select({ code: stores.storeCode }).from(stores).where(inArray(stores.storeCode, outletCodes))).map((r) => r.code) : []);
  const lines = new Map<string, string>();
  for (let i = 0; i < productCodes.length; i += 1000) {
    const found = await db.select({ code: products.productCode, line: products.lineCode }).from(products).where(inArray(products.productCode, productCodes.slice(i, i + 1000)));
    for (const r of found) lines.set(r.code, r.line);
  }
  for (const r of rows) {
    if (!knownOutlets.has(r.outlet)) problems.push({ index: indexOf.get(r)!, raw: r, reason: 'catalogue_row_unknown_outlet' });
    else if (!lines.has(r.product_code)) problems.push({ index: indexOf.get(r)!, raw: r, reason: 'catalogue_row_unknown_product' });
  }
  if (problems.length > 0) {
    const first = problems.reduce((a, b) => (b.index < a.index ? b : a));
    throw refuse(first.index, first.raw, first.reason);
  }
  const changedRows = await db.transaction(async (tx) => {
    // Lock the stock rows of these outlets and products, so orders taking stock wait for the batch.
    const current = new Map<string, number>();
    for (let i = 0; i < productCodes.length; i += 1000) {
      const chunk = productCodes.slice(i, i + 1000);
      const existing = await tx
        .select({ outlet: storeStock.storeCode, product: storeStock.productCode, quantity: storeStock.quantity })
        .from(storeStock)
        .where(and(inArray(storeStock.storeCode, outletCodes), inArray(storeStock.productCode, chunk)))
        // In key order, as every writer of stock rows takes them, so two writers never deadlock.
        .orderBy(asc(storeStock.storeCode), asc(storeStock.productCode))
        .for('update');
      for (const e of existing) current.set(`${e.outlet}\u0000${e.product}`, e.quantity);
    }
    const changed = rows
      .filter((r) => current.get(`${r.outlet}\u0000${r.product_code}`) !== r.quantity)
      .sort((x, y) => (x.outlet === y.outlet ? (x.product_code < y.product_code ? -1 : 1) : x.outlet < y.outlet ? -1 : 1));
    for (let i = 0; i < changed.length; i += 1000) {
      await tx
        .insert(storeStock)
        .values(changed.slice(i, i + 1000).map((r) => ({ storeCode: r.outlet, productCode: r.product_code, quantity: r.quantity })))
        .onConflictDoUpdate({ target: [storeStock.storeCode, storeStock.productCode], set: { quantity: sql`excluded.quantity` } });
    }
    // Members waiting for these products at these outlets are told, once (services/push/back-in-stock.ts).
    await fulfilBackInStock(tx, changed.filter((r) => r.quantity > 0).map((r) => ({ storeCode: r.outlet, productCode: r.product_code })));
    await recordEvents(
      tx,
      actor,
      changed.map((r) => ({ action: 'stock_set', subject: r.product_code, detail: { outlet: r.outlet, quantity: [current.get(`${r.outlet}\u0000${r.product_code}`) ?? null, r.quantity] } })),
    );
    return changed;
  });
  const touched = [...new Set(changedRows.map((r) => r.product_code))];
  if (touched.length > 0) await pagesChanged(db, productChangeTags(touched, touched.map((c) => lines.get(c)!)));
  return { rows: rows.length, changed: changedRows.length, unchanged: rows.length - changedRows.length, products: touched };
}

/** One outlet's stock of a product (0 when it has no row). */
export async function stockOf(db: Db, outlet: string, product: string): Promise<number> {
  const [row] = await db.select({ q: storeStock.quantity }).from(storeStock).where(and(eq(storeStock.storeCode, outlet), eq(storeStock.productCode, product)));
  return row?.q ?? 0;
}
