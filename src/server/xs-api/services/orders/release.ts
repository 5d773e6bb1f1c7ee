/**
 * What a cancelled order gives back (spec §4 Order changes; issue "unpaid orders expire"; DESIGN
 * "Unpaid orders expire and give their stock and voucher back"): its quantities return to the
 * outlet's stock and its member voucher becomes usable again. Runs inside the transaction that
 * moves the order to Cancelled, so a cancel and its release are one change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVouchers, orderItems, storeStock } from '../../db/schema';

/**
 * Returns the stock of every line of order `orderRefno` to outlet `storeCode` (rows locked in
 * product order, as the order took them, so a release and a checkout never deadlock) and frees the
 * member voucher the order used, if any.
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
  return { stock, voucherFreed: freed.length > 0 };
}
