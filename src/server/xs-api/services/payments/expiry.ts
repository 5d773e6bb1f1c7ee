/**
 * Unpaid orders expire (issue "Money in" §2; DESIGN The order's life): an order still To Pay
 * (Pending or Processing Payment) `windowMinutes` after it was placed is cancelled by the shop
 * (actor `system`), which gives its stock and voucher back (services/orders/release.ts). Every
 * instance may run this at once: each cancel names the status it expects, so an order is cancelled
 * once and a late payment callback finds it Cancelled (and is flagged for an operator).
 */
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError } from '../../errors';
import { changeOrderStatus } from '../orders/status';
import { clock } from '../../../clock';

/**
 * Cancels every order whose payment window is over at `now`.
 * @returns the order numbers this call cancelled (others may have been cancelled by another instance)
 */
export async function expireUnpaidOrders(db: Db, args: { windowMinutes: number; now?: Date }): Promise<string[]> {
  const now = args.now ?? clock.now();
  const cutoff = new Date(now.getTime() - args.windowMinutes * 60_000);
  const due = await db
    .select({ refno: orders.orderRefno, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.status, ['Pending', 'Processing Payment']), lt(orders.createdAt, cutoff)))
    .orderBy(orders.createdAt)
    .limit(500);
  const expired: string[] = [];
  for (const o of due) {
    try {
      await changeOrderStatus(db, { orderRefno: o.refno, from: o.status, to: 'Cancelled', actor: 'system', reason: 'payment window expired', now });
      expired.push(o.refno);
    } catch (err) {
      // Paid or cancelled meanwhile (another instance, a callback): nothing to do.
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
  }
  return expired;
}
