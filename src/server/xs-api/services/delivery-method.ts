/**
 * The member's saved delivery method (coverage.md §3 "Delivery method (saved per user)", §4 Delivery
 * method modal; contract customer_delivery_method, update_delivery_method): kept on the member's
 * row (`customers.delivery_method`, JSON), so a member who logs in on another device finds it.
 */
import { and, eq, or } from 'drizzle-orm';
import type { DeliveryMethod } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { customers, stores } from '../db/schema';
import { ApiError } from '../errors';
import { checkStoreMethod } from './orders/fulfilment';

/** The member's saved delivery method, null before the first. @throws ApiError 404 'api_not_found' for an unknown member. */
export async function getDeliveryMethod(db: Db, memberCode: string): Promise<DeliveryMethod | null> {
  const [row] = await db.select({ method: customers.deliveryMethod }).from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!row) throw new ApiError(404, 'api_not_found');
  return row.method ?? null;
}

/**
 * Stores the member's delivery method (null forgets it); answers it. The outlet (store_code or
 * store_no) must be active and offer the method: the rule add_order applies (`checkStoreMethod`).
 * @throws ApiError 400 'store_method_unavailable' for an unknown or inactive outlet or one that does
 *   not offer the method; 404 'api_not_found' for an unknown member.
 */
export async function setDeliveryMethod(db: Db, memberCode: string, method: DeliveryMethod | null): Promise<DeliveryMethod | null> {
  if (method) {
    const [store] = await db
      .select({ pickDel: stores.pickDel })
      .from(stores)
      .where(and(eq(stores.isActive, true), or(eq(stores.storeCode, method.store.store_code), eq(stores.storeNo, method.store.store_no))))
      .limit(1);
    if (!store) throw new ApiError(400, 'store_method_unavailable');
    checkStoreMethod(store, method.type);
  }
  const rows = await db.update(customers).set({ deliveryMethod: method }).where(eq(customers.memberCode, memberCode)).returning({ code: customers.memberCode });
  if (!rows.length) throw new ApiError(404, 'api_not_found');
  return method;
}
