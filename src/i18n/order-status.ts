/**
 * Order status names in the shopper's language (issue 24 "Words and numbers"): the ONE mapping from
 * an order status as the API names it ('Ready To Pickup', coverage.md §3) to its message, used by every
 * badge, list, history line, notice and the staff console. Typed over `ORDER_STATUSES`, so a new
 * status without a message is a type error, not an English word on a Chinese page.
 */
import type { OrderStatus } from '../domain/orders';
import { translate, type Locale, type MessageKey } from './messages';

/** Each status's message key. */
export const ORDER_STATUS_MESSAGES: Readonly<Record<OrderStatus, MessageKey>> = {
  Pending: 'status_pending',
  'Processing Payment': 'status_processing_payment',
  Paid: 'status_paid',
  Delivering: 'status_delivering',
  'Ready To Pickup': 'status_ready_to_pickup',
  'Waiting Comment': 'status_waiting_comment',
  Completed: 'status_completed',
  Cancelled: 'status_cancelled',
};

/** The message key of `status`, or null for a status the shop does not know (a newer backend's). */
export function orderStatusMessageKey(status: string): MessageKey | null {
  return Object.hasOwn(ORDER_STATUS_MESSAGES, status) ? ORDER_STATUS_MESSAGES[status as OrderStatus] : null;
}

/**
 * `status` as a shopper in `locale` reads it: ('Ready To Pickup', 'zh') → '可取货', ('Waiting
 * Comment', 'ar') → 'بانتظار التعليق'. A status the shop does not know is shown as the API wrote it.
 * Never throws.
 */
export function orderStatusLabel(status: string, locale: Locale): string {
  const key = orderStatusMessageKey(status);
  return key ? translate(locale, key) : status;
}
