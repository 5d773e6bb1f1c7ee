/**
 * "Tell me when it's back" (ADR 32; contract back_in_stock_request, back_in_stock_status,
 * back_in_stock_cancel): a member asks to be told when a product out of stock at their outlet is in
 * stock there again, and may take it back. Asking twice is one request (one open request per
 * member, product and outlet: a partial unique index).
 *
 * Every write that sets or raises an outlet's stock calls `fulfilBackInStock` inside its own
 * transaction, after its stock write: the staff and point-of-sale stock writes
 * (catalogue-writes/stock.ts), the CSV import (catalogue-writes/import.ts), a cancelled order's
 * stock given back (orders/release.ts) and a short pick's (staff/short-pick.ts). It ends the open
 * requests whose stock is now above 0 with one conditional update (`… WHERE fulfilled_at IS NULL
 * RETURNING`), so of twenty writes racing on one product only the first to commit ends a request
 * (the others, waiting on its row, find it ended), and queues one text message and one push (when
 * the member has devices subscribed) per request ended, in the same transaction: sent after the
 * commit (./outbox.ts), in the member's language.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/client';
import { backInStockRequests, products, stores, storeStock } from '../../db/schema';
import { ApiError } from '../../errors';
import { clock } from '../../../clock';
import { queueMessages, type OutboxMessage } from './outbox';

/**
 * Records the member's request for `productCode` at the outlet `storeNo`.
 * @returns whether a request was made (false: one was already open) and the outlet's name
 * @throws ApiError 404 'product_not_found', 'store_not_found'; 409 'back_in_stock_available' when
 *   the outlet has the product in stock now.
 */
export async function requestBackInStock(db: Db, memberCode: string, productCode: string, storeNo: string): Promise<{ created: boolean; store_name: string }> {
  const [product] = await db.select({ code: products.productCode }).from(products).where(and(eq(products.productCode, productCode), eq(products.isActive, true))).limit(1);
  if (!product) throw new ApiError(404, 'product_not_found', { code: productCode });
  const [store] = await db.select({ code: stores.storeCode, name: stores.storeName }).from(stores).where(and(eq(stores.storeNo, storeNo), eq(stores.isActive, true))).limit(1);
  if (!store) throw new ApiError(404, 'store_not_found', { store: storeNo });
  const [stock] = await db.select({ quantity: storeStock.quantity }).from(storeStock).where(and(eq(storeStock.storeCode, store.code), eq(storeStock.productCode, productCode))).limit(1);
  if ((stock?.quantity ?? 0) > 0) throw new ApiError(409, 'back_in_stock_available');
  const made = await db
    .insert(backInStockRequests)
    .values({ memberCode, productCode, storeCode: store.code, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: backInStockRequests.id });
  return { created: made.length > 0, store_name: store.name };
}

/** Whether the member has an open request for the product at the outlet `storeNo`. */
export async function hasOpenRequest(db: Db, memberCode: string, productCode: string, storeNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .innerJoin(stores, eq(stores.storeCode, backInStockRequests.storeCode))
    .where(and(eq(backInStockRequests.memberCode, memberCode), eq(backInStockRequests.productCode, productCode), eq(stores.storeNo, storeNo), isNull(backInStockRequests.fulfilledAt)))
    .limit(1);
  return !!row;
}

/**
 * Ends the member's open request for the product at the outlet `storeNo` (the member changed their
 * mind): the row is deleted, so nothing is sent for it. @returns whether there was one.
 */
export async function cancelBackInStock(db: Db, memberCode: string, productCode: string, storeNo: string): Promise<boolean> {
  const outlet = db.select({ code: stores.storeCode }).from(stores).where(eq(stores.storeNo, storeNo));
  const gone = await db
    .delete(backInStockRequests)
    .where(and(eq(backInStockRequests.memberCode, memberCode), eq(backInStockRequests.productCode, productCode), inArray(backInStockRequests.storeCode, outlet), isNull(backInStockRequests.fulfilledAt)))
    .returning({ id: backInStockRequests.id });
  return gone.length > 0;
}

/** An outlet's product whose stock a write just set or raised. */
export type StockWritten = { storeCode: string; productCode: string };

/**
 * Ends the open requests for `written` whose outlet now has the product in stock, and queues their
 * text message and push (see the module's comment). Call inside the transaction that wrote the
 * stock, after the write. @returns how many requests were ended.
 */
export async function fulfilBackInStock(tx: Db, written: readonly StockWritten[]): Promise<number> {
  if (!written.length) return 0;
  const list = JSON.stringify(written.map((w) => ({ store_code: w.storeCode, product_code: w.productCode })));
  const ended = resultRows<{ member_code: string; product_code: string; store_code: string; quantity: number }>(
    await tx.execute(sql`update ${backInStockRequests} r set fulfilled_at = ${clock.now().toISOString()}::timestamptz, quantity = s.quantity
      from ${storeStock} s, jsonb_to_recordset(${list}::jsonb) as v(store_code text, product_code text)
      where r.fulfilled_at is null and r.store_code = v.store_code and r.product_code = v.product_code
        and s.store_code = r.store_code and s.product_code = r.product_code and s.quantity > 0
      returning r.member_code, r.product_code, r.store_code, s.quantity`),
  );
  if (!ended.length) return 0;
  const codes = [...new Set(ended.map((e) => e.product_code))];
  const outlets = [...new Set(ended.map((e) => e.store_code))];
  const names = new Map((await tx.select({ code: products.productCode, name: products.productName }).from(products).where(sql`${products.productCode} in ${codes}`)).map((p) => [p.code, p.name]));
  const outletNames = new Map((await tx.select({ code: stores.storeCode, name: stores.storeName }).from(stores).where(sql`${stores.storeCode} in ${outlets}`)).map((s) => [s.code, s.name]));
  const messages: OutboxMessage[] = ended.flatMap((e) => {
    const name = names.get(e.product_code);
    const params = { product_code: e.product_code, outlet: outletNames.get(e.store_code) ?? e.store_code, name_en: name?.en ?? e.product_code, name_zh: name?.zh ?? '', name_ar: name?.ar ?? '' };
    return [
      { memberCode: e.member_code, channel: 'sms' as const, kind: 'back_in_stock' as const, params },
      { memberCode: e.member_code, channel: 'push' as const, kind: 'back_in_stock' as const, params },
    ];
  });
  await queueMessages(tx, messages);
  return ended.length;
}
