/**
 * Payment reads for pages (issue "Money in": unpaid orders expire after PAYMENT_WINDOW_MINUTES).
 * Pure: the deadline comes from the order's placing time and the configured window.
 */
import { paymentDeadline } from '../../domain/payment-window';
import { formatPickupDate, formatPickupTime } from '../../domain/pickup';
import { orderTabOf } from '../../domain/orders';
import { shopDate, shopTime } from '../../domain/shop-time';
import { config } from '../../server/config';
import type { OrderView } from '../orders/view';

/** What the Pay Now box shows: whether to offer it, and the deadline as shown ('06:30 PM 22/11/2026', Malaysian time). */
export type PayNowView = { payable: boolean; deadlineLabel: string };

/**
 * Pay Now is offered while the order is To Pay (spec §4 Order tab grouping) with something to pay;
 * the deadline is the order's placing time plus the payment window (minutes).
 */
export function payNowView(order: Pick<OrderView, 'status' | 'totalSen' | 'placedAt'>, now = new Date()): PayNowView {
  const deadline = paymentDeadline(new Date(order.placedAt), config.paymentWindowMinutes);
  const payable = orderTabOf(order.status) === 'to_pay' && order.totalSen > 0 && deadline > now;
  return { payable, deadlineLabel: `${formatPickupTime(shopTime(deadline))} ${formatPickupDate(shopDate(deadline))}` };
}
