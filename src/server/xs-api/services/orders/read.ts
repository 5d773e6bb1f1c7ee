/**
 * Reading orders (coverage.md §7 order_listing, order_detail; §3 Order): a member sees only their own.
 * Rows become the contract's order shape through `toContractOrder` (amounts sen → RM strings).
 * Given a language, a line's product name comes from the catalogue in that language (falling back
 * to EN, services/localized.ts) while the product is still there, else the name the order stored
 * when it was placed — the rule of outlet bills (services/purchases.ts).
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order as ContractOrder } from '../../../../lib/xs-api/contract';
import type { Db } from '../../db/client';
import { orderItems, orders, products, type Order, type OrderItem } from '../../db/schema';
import type { Locale } from '../../../../i18n/messages';
import { localized } from '../localized';
import { ApiError } from '../../errors';
import { toContractOrder } from '../order-mapping';

/** Order lines with their product names in `lang` from the catalogue (one query); as stored without `lang`. */
async function inLanguage(db: Db, items: OrderItem[], lang: Locale | undefined): Promise<OrderItem[]> {
  const codes = [...new Set(items.map((i) => i.productCode))];
  if (!lang || codes.length === 0) return items;
  const names = new Map(
    (await db.select({ code: products.productCode, name: products.productName }).from(products).where(inArray(products.productCode, codes))).map((p) => [p.code, p.name]),
  );
  return items.map((i) => ({ ...i, productName: localized(names.get(i.productCode), lang) || i.productName }));
}

async function loadOrder(db: Db, where: SQL | undefined, lang?: Locale): Promise<ContractOrder | null> {
  const [o] = await db.select().from(orders).where(where).limit(1);
  if (!o) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderRefno, o.orderRefno)).orderBy(orderItems.id);
  return toContractOrder(o, await inLanguage(db, items, lang));
}

/**
 * One order of a member, with its lines; product names in `lang` when given (see the module).
 * @throws ApiError 404 'order_not_found' when it does not exist or belongs to someone else.
 */
export async function getOrder(db: Db, memberCode: string, orderRefno: string, lang?: Locale): Promise<ContractOrder> {
  const o = await loadOrder(db, and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode)), lang);
  if (!o) throw new ApiError(404, 'order_not_found');
  return o;
}

/**
 * A member's orders, newest first, with their lines.
 * @param statuses keeps only these statuses (coverage.md §3 Order statuses); empty = all
 * @param limit "offset,count", e.g. '0,50' (checked by the contract)
 * @param lang product names in this language when given (see the module)
 * @returns the page of orders and the total number matching
 */
export async function listOrders(db: Db, memberCode: string, statuses: string[], limit: string, lang?: Locale): Promise<{ data: ContractOrder[]; total: number }> {
  const [offset, count] = limit.split(',').map(Number) as [number, number];
  const where = and(eq(orders.memberCode, memberCode), statuses.length ? inArray(orders.status, statuses as Order['status'][]) : undefined);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(count).offset(offset);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(where)) as [{ total: number }];
  const stored = rows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderRefno, rows.map((r) => r.orderRefno))).orderBy(orderItems.id) : [];
  const items = await inLanguage(db, stored, lang);
  return { data: rows.map((o) => toContractOrder(o, items.filter((i) => i.orderRefno === o.orderRefno))), total };
}
