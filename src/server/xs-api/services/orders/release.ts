/**
 * What a cancelled order gives back (spec §4 Order changes; issue "unpaid orders expire"; DESIGN
 * "Unpaid orders expire and give their stock and voucher back"): its quantities return to the
 * outlet's stock, its member voucher becomes usable again, and its place in the pick-up slot or
 * delivery day is given back (./capacity.ts). Runs inside the transaction that moves the order to
 * Cancelled, so a cancel and its release are one change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVouchers, orderItems, orders, storeStock } from '../../db/schema';
import { bookingOf, givePlaceBack } from './capacity';

/**
 * Returns the stock of every line of order `orderRefno` to outlet `storeCode` (rows locked in
 * product order, as the order took them, so a release and a checkout never deadlock) and frees the
 * member voucher the order used, if any, and gives back its place (after the stock, the order in
 * which an order takes them).
 * @returns the units returned per product code and whether a voucher was freed
 */
export async function releaseOrder(tx: Db, args: { orderRefno: string; storeCode: string }): Promise<{ stock: Record<string, number>; voucherFreed: boolean }> {
  const lines = await tx
    .select({ code: orderItems.productCode, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderRefno, args.orderRefno))
    .orderBy(orderItems.productCode);
  const stock: Record<string, number> = {};
  for (const l of lines) stock[l.code] = (stock[l.code] ?? 0) + l.quantity;
  for (const [code, quantity] of Object.entries(stock)) {
    await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} + ${quantity}` })
      .where(and(eq(storeStock.storeCode, args.storeCode), eq(storeStock.productCode, code)));
  }
  const freed = await tx
    .update(memberVouchers)
    .set({ usedAt: null, usedOrderRefno: null })
    .where(eq(memberVouchers.usedOrderRefno, args.orderRefno))
    .returning({ no: memberVouchers.vmVoucherNo });
  const [order] = await tx
    .select({ storeCode: orders.storeCode, delType: orders.delType, orderDate: orders.orderDate, pickupDate: orders.pickupDate, pickupTime: orders.pickupTime })
    .from(orders)
    .where(eq(orders.orderRefno, args.orderRefno))
    .limit(1);
  const booking = order ? bookingOf(order) : null;
  if (booking) await givePlaceBack(tx, booking);
  return { stock, voucherFreed: freed.length > 0 };
}
