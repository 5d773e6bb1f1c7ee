/**
 * The state of an order's payment as the member's page polls it (coverage.md §7 payment_request_{provider};
 * issue "Money in": "when the payment completes, the page shows the new status without a manual
 * reload"). The latest attempt, when still open, is reconciled with the provider first, so the
 * answer is right even if the provider's callback was lost.
 */
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import type { PaymentAdapter } from '../../adapters/payment/types';
import { orders } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { orderPayments } from './attempts';
import { reconcilePayment } from './reconcile';

/** `order_status` and the latest attempt (`status`: created, paid, failed, cancelled, refunded), or null before any. */
export type PaymentState = {
  order_refno: string;
  order_status: string;
  payment: { payment_id: string; provider: string; status: string } | null;
};

/**
 * The member's order payment state.
 * @throws ApiError 404 'order_not_found' (unknown, or another member's).
 */
export async function paymentState(db: Db, adapter: PaymentAdapter, args: { memberCode: string; orderRefno: string; now?: Date }): Promise<PaymentState> {
  const read = async () => {
    const [order] = await db.select({ status: orders.status, memberCode: orders.memberCode }).from(orders).where(eq(orders.orderRefno, args.orderRefno)).limit(1);
    if (!order || order.memberCode !== args.memberCode) throw new ApiError(404, 'order_not_found');
    return { order, latest: (await orderPayments(db, args.orderRefno))[0] ?? null };
  };
  let { order, latest } = await read();
  if (latest?.status === 'created') {
    // A provider fault must not break the page's poll: the next poll tries again.
    const outcome = await reconcilePayment(db, adapter, latest, args.now).catch(() => null);
    if (outcome) ({ order, latest } = await read());
  }
  return {
    order_refno: args.orderRefno,
    order_status: order.status,
    payment: latest ? { payment_id: latest.paymentId, provider: latest.provider, status: latest.status } : null,
  };
}
