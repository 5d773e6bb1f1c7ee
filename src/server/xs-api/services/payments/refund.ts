/**
 * Cancellation by staff, with a refund when the order was paid (issue "Money in" §5 "a paid order
 * is refunded through the adapter when an operator cancels it"; src/domain/order-status.ts marks
 * those changes `refunds`). The cancel is committed first (stock and voucher come back); then each
 * paid attempt is refunded with an idempotency key, so running the cancel again after a provider
 * fault retries the refund and never refunds twice. A refund that fails is flagged
 * 'refund_failed' for the operator.
 */
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../errors';
import type { PaymentAdapter } from '../../adapters/payment/types';
import type { OrderStatus } from '../../../../domain/orders';
import { changeOrderStatus, type StatusChange } from '../orders/status';
import { orderPayments, setPayment } from './attempts';
import { clock } from '../../../clock';

/** The result of an operator's cancel: the status the order had, and the refunds made or failed. */
export type OperatorCancel = {
  order_refno: string;
  from: OrderStatus | null;
  refunded: { payment_id: string; amount_sen: number; refund_ref: string }[];
  refund_failed: { payment_id: string; error: string }[];
};

/**
 * Cancels an order as staff (`staffId` in its history; `notice` the member's notice instead of the
 * plain status one) and refunds what is still owed of each paid attempt (less what short picks
 * refunded). An order already Cancelled only retries refunds that are still owed.
 * @throws ApiError 404 'order_not_found'; 409 'order_status_refused' (Completed, or Waiting Comment).
 */
export async function cancelByOperator(
  db: Db,
  adapter: PaymentAdapter,
  args: { orderRefno: string; reason: string; staffId?: number; notice?: StatusChange['notice']; now?: Date },
): Promise<OperatorCancel> {
  const now = args.now ?? clock.now();
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderRefno, args.orderRefno)).limit(1);
  if (!order) throw new ApiError(404, 'order_not_found');
  let from: OrderStatus | null = null;
  if (order.status !== 'Cancelled') {
    await changeOrderStatus(db, { orderRefno: args.orderRefno, from: order.status, to: 'Cancelled', actor: 'operator', reason: args.reason, staffId: args.staffId, notice: args.notice, now });
    from = order.status;
  }
  const result: OperatorCancel = { order_refno: args.orderRefno, from, refunded: [], refund_failed: [] };
  for (const p of await orderPayments(db, args.orderRefno)) {
    if (p.status !== 'paid' || !p.providerRef || p.provider !== adapter.name) continue;
    // What is still owed: the payment less what short picks already refunded of it.
    const amountSen = (p.paidAmountSen ?? p.amountSen) - p.refundedSen;
    if (amountSen <= 0) continue;
    try {
      const { refundRef } = await adapter.refund(p.providerRef, amountSen, `refund_${p.paymentId}`);
      await setPayment(db, p.paymentId, clock.now(), { status: 'refunded', refundRef, refundedAt: clock.now(), refundedSen: p.refundedSen + amountSen, flag: null });
      result.refunded.push({ payment_id: p.paymentId, amount_sen: amountSen, refund_ref: refundRef });
    } catch (err) {
      await setPayment(db, p.paymentId, clock.now(), { flag: 'refund_failed' });
      await db.update(orders).set({ paymentFlag: 'refund_failed' }).where(eq(orders.orderRefno, args.orderRefno));
      result.refund_failed.push({ payment_id: p.paymentId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (result.refunded.length && !result.refund_failed.length) await db.update(orders).set({ paymentFlag: null }).where(eq(orders.orderRefno, args.orderRefno));
  return result;
}
