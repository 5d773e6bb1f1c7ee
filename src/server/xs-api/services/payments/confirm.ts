/**
 * The payment-confirm call of a zero-amount order (coverage.md §4 Checkout: "if the rounded amount is 0 a
 * payment-confirm call (by order_refno) is made first"; §7 update_order_status_paid). Nothing is
 * owed, so the shop itself (actor `system`) marks it Paid; any other order must be paid through
 * the provider.
 */
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { changeOrderStatus } from '../orders/status';
import { lockOrder } from './attempts';

/**
 * Marks the member's zero-amount order Paid. Idempotent: an order already Paid answers as done.
 * @throws ApiError 404 'order_not_found'; 409 'payment_required' (the total is not 0),
 *   'order_not_payable' (cancelled, or past Paid).
 */
export async function confirmZeroAmountOrder(db: Db, args: { memberCode: string; orderRefno: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, args.orderRefno, args.memberCode);
    if (order.amountSen !== 0) throw new ApiError(409, 'payment_required');
    if (order.status === 'Paid') return;
    if (order.status !== 'Pending') throw new ApiError(409, 'order_not_payable');
    await changeOrderStatus(tx, { orderRefno: order.orderRefno, from: 'Pending', to: 'Paid', actor: 'system', reason: 'zero amount', now: args.now });
  });
}
