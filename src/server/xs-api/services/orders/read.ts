/**
 * Reading orders (spec §7 order_listing, order_detail; §3 Order): a member sees only their own.
 * Rows become the contract's order shape through `toContractOrder` (amounts sen → RM strings).
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order as ContractOrder } from '../../../../lib/xs-api/contract';
import type { Db } from '../../db/client';
import { orderItems, orders, type Order } from '../../db/schema';
import { ApiError } from '../../errors';
import { toContractOrder } from '../order-mapping';

async function loadOrder(db: Db, where: SQL | undefined): Promise<ContractOrder | null> {
  const [o] = await db.select().from(orders).where(where).limit(1);
  if (!o) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderRefno, o.orderRefno)).orderBy(orderItems.id);
  return toContractOrder(o, items);
}

/**
 * One order of a member, with its lines.
 * @throws ApiError 404 'order_not_found' when it does not exist or belongs to someone else.
 */
export async function getOrder(db: Db, memberCode: string, orderRefno: string): Promise<ContractOrder> {
  const o = await loadOrder(db, and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode)));
  if (!o) throw new ApiError(404, 'order_not_found');
  return o;
}

/**
 * A member's orders, newest first, with their lines.
 * @param statuses keeps only these statuses (spec §3 Order statuses); empty = all
 * @param limit "offset,count", e.g. '0,50' (checked by the contract)
 * @returns the page of orders and the total number matching
 */
export async function listOrders(db: Db, memberCode: string, statuses: string[], limit: string): Promise<{ data: ContractOrder[]; total: number }> {
  const [offset, count] = limit.split(',').map(Number) as [number, number];
  const where = and(eq(orders.memberCode, memberCode), statuses.length ? inArray(orders.status, statuses as Order['status'][]) : undefined);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(count).offset(offset);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(where)) as [{ total: number }];
  const items = rows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderRefno, rows.map((r) => r.orderRefno))).orderBy(orderItems.id) : [];
  return { data: rows.map((o) => toContractOrder(o, items.filter((i) => i.orderRefno === o.orderRefno))), total };
}
