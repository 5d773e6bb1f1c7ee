/**
 * Pay Now (coverage.md §4 Pay Now; §7 get_update_order_status_paid_{provider}_url; ADR 10): opens the
 * provider's payment page for an order that is still To Pay.
 *
 * Two clicks must never open two pages that could both be paid. So, with the order row locked,
 * an attempt still open is handed out again, and a new attempt is recorded before the provider is
 * asked; the provider is called outside any transaction (a network call must not hold a lock, and
 * the embedded database has a single connection), then the attempt gets its page.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { ApiError } from '../../errors';
import { SHOP_CURRENCY, type PaymentAdapter } from '../../adapters/payment/types';
import { paymentDeadline } from '../../../../domain/payment-window';
import { changeOrderStatus } from '../orders/status';
import { lockOrder, newPaymentId, orderPayments, setPayment } from './attempts';
import { clock } from '../../../clock';

/** How long an attempt may wait for its provider page before another click replaces it (ms). */
const OPENING_MS = 60_000;

/** The absolute addresses the provider sends the shopper back to. */
export type ReturnUrls = { returnUrl: string; cancelUrl: string };

/**
 * Opens (or reopens) the payment page of the member's order.
 * @returns `{ url, payment_id }`: the provider's page and our attempt id
 * @throws ApiError 404 'order_not_found'; 409 'order_not_payable' (not Pending or Processing
 *   Payment), 'payment_not_needed' (a zero total: confirm it with update_order_status_paid),
 *   'payment_window_closed' (the payment window is over: the order is about to be cancelled),
 *   'payment_in_progress' (another click is opening the page right now). A provider fault
 *   propagates after the attempt is closed as failed.
 */
export async function startPayment(
  db: Db,
  adapter: PaymentAdapter,
  args: { memberCode: string; orderRefno: string; urls: ReturnUrls; windowMinutes: number; now?: Date },
): Promise<{ url: string; payment_id: string }> {
  const now = args.now ?? clock.now();
  const begun = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, args.orderRefno, args.memberCode);
    if (order.status !== 'Pending' && order.status !== 'Processing Payment') throw new ApiError(409, 'order_not_payable');
    if (order.amountSen === 0) throw new ApiError(409, 'payment_not_needed');
    const expiresAt = paymentDeadline(order.createdAt, args.windowMinutes);
    if (expiresAt <= now) throw new ApiError(409, 'payment_window_closed');
    const open = (await orderPayments(tx, order.orderRefno)).find((p) => p.status === 'created');
    if (open?.pageUrl && open.provider === adapter.name && open.amountSen === order.amountSen) return { reuse: { url: open.pageUrl, payment_id: open.paymentId } } as const;
    // Another click is asking the provider right now; an attempt left without a page longer than
    // that (the process stopped mid-call) is abandoned.
    if (open && !open.pageUrl && now.getTime() - open.createdAt.getTime() < OPENING_MS) throw new ApiError(409, 'payment_in_progress');
    if (open) await setPayment(tx, open.paymentId, now, { status: 'cancelled' });
    const paymentId = newPaymentId();
    await tx.insert(payments).values({ paymentId, orderRefno: order.orderRefno, provider: adapter.name, amountSen: order.amountSen, currency: SHOP_CURRENCY, status: 'created', createdAt: now, updatedAt: now });
    return { paymentId, amountSen: order.amountSen, expiresAt, status: order.status } as const;
  });
  if ('reuse' in begun) return begun.reuse!;

  let page;
  try {
    page = await adapter.createPayment({ paymentId: begun.paymentId, orderRefno: args.orderRefno, amountSen: begun.amountSen, currency: SHOP_CURRENCY, ...args.urls, expiresAt: begun.expiresAt });
  } catch (err) {
    await setPayment(db, begun.paymentId, clock.now(), { status: 'failed' });
    throw err;
  }
  await db
    .update(payments)
    .set({ providerRef: page.providerRef, pageUrl: page.url, updatedAt: clock.now() })
    .where(and(eq(payments.paymentId, begun.paymentId), isNull(payments.providerRef)));
  if (begun.status === 'Pending') {
    try {
      await changeOrderStatus(db, { orderRefno: args.orderRefno, from: 'Pending', to: 'Processing Payment', actor: 'member', memberCode: args.memberCode, reason: begun.paymentId, now });
    } catch (err) {
      // Cancelled or paid meanwhile: the page still opens; a payment on it would be flagged.
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
  }
  return { url: page.url, payment_id: begun.paymentId };
}
