/**
 * What a cancelled order gives back (coverage.md §4 Order changes; issue "unpaid orders expire"; docs/architecture.md
 * "Unpaid orders expire and give their stock and voucher back"): its quantities return to the
 * outlet's stock, its member voucher becomes usable again, and its place in the pick-up slot or
 * delivery day is given back (./capacity.ts). Runs inside the transaction that moves the order to
 * Cancelled, so a cancel and its release are one change.
 *
 * One order or many (the expiry of unpaid orders releases a batch at once; issue "Safe to run in
 * production" §7): the same rules, in a fixed number of statements whatever the batch's size.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVouchers, orderItems, orders, storeStock } from '../../db/schema';
import { fulfilBackInStock } from '../push/back-in-stock';
import type { CapacityKey } from '../../../../domain/slot-capacity';
import { bookingOf, givePlaceBack } from './capacity';

/** What a release gave back: units of stock, vouchers freed and places in slots or days. */
export type Released = { units: number; vouchersFreed: number; places: number };

/**
 * Returns the stock of every line of the orders `orderRefnos` to their outlets, frees the member
 * vouchers they used, and gives back their places (after the stock, the order in which an order
 * takes them). Stock rows are locked in (outlet, product) order — the order a checkout locks its
 * outlet's rows in (product order) — before one update adds the quantities back, so a release, a
 * checkout and another release never deadlock; places are given back in (outlet, kind, date, time)
 * order for the same reason. Orders of `orderRefnos` that do not exist give nothing.
 * Call it only for orders the caller has just moved to Cancelled, inside that transaction.
 * @returns the units returned, vouchers freed and places given back
 */
export async function releaseOrders(tx: Db, orderRefnos: readonly string[]): Promise<Released> {
  if (!orderRefnos.length) return { units: 0, vouchersFreed: 0, places: 0 };
  const refnos = [...orderRefnos];
  const lines = await tx
    .select({ store: orders.storeCode, code: orderItems.productCode, quantity: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderRefno, orderItems.orderRefno))
    .where(inArray(orderItems.orderRefno, refnos))
    .groupBy(orders.storeCode, orderItems.productCode)
    .orderBy(orders.storeCode, orderItems.productCode);
  if (lines.length) {
    const pairs = sql.join(lines.map((l) => sql`(${l.store}, ${l.code})`), sql`, `);
    await tx.execute(sql`select 1 from ${storeStock} where (${storeStock.storeCode}, ${storeStock.productCode}) in (${pairs}) order by ${storeStock.storeCode}, ${storeStock.productCode} for update`);
    const values = sql.join(lines.map((l) => sql`(${l.store}, ${l.code}, ${l.quantity}::int)`), sql`, `);
    await tx.execute(sql`update ${storeStock} set quantity = ${storeStock}.quantity + v.quantity
      from (values ${values}) as v(store_code, product_code, quantity)
      where ${storeStock}.store_code = v.store_code and ${storeStock}.product_code = v.product_code`);
    // Stock given back can end a wait: members asking for these products there are told, once.
    await fulfilBackInStock(tx, lines.map((l) => ({ storeCode: l.store, productCode: l.code })));
  }
  const freed = await tx
    .update(memberVouchers)
    .set({ usedAt: null, usedOrderRefno: null })
    .where(inArray(memberVouchers.usedOrderRefno, refnos))
    .returning({ no: memberVouchers.vmVoucherNo });
  const booked = await tx
    .select({ storeCode: orders.storeCode, delType: orders.delType, orderDate: orders.orderDate, pickupDate: orders.pickupDate, pickupTime: orders.pickupTime })
    .from(orders)
    .where(inArray(orders.orderRefno, refnos));
  const places = new Map<string, { key: CapacityKey; count: number }>();
  for (const o of booked) {
    const key = bookingOf(o);
    if (!key) continue;
    const id = [key.storeCode, key.kind, key.date, key.time].join('\u0000');
    const seen = places.get(id);
    if (seen) seen.count += 1;
    else places.set(id, { key, count: 1 });
  }
  const sorted = [...places.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { key, count }] of sorted) await givePlaceBack(tx, key, count);
  return {
    units: lines.reduce((s, l) => s + l.quantity, 0),
    vouchersFreed: freed.length,
    places: sorted.reduce((s, [, p]) => s + p.count, 0),
  };
}
