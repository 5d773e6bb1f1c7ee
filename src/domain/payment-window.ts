/**
 * The payment window (issue "Money in": unpaid orders expire after PAYMENT_WINDOW_MINUTES,
 * default 30): an order not paid this long after it was placed is cancelled by the shop.
 */

/** The default payment window in minutes. */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;

/** The moment an order placed at `placedAt` stops being payable: placedAt + `windowMinutes` (minutes). */
export function paymentDeadline(placedAt: Date, windowMinutes: number): Date {
  return new Date(placedAt.getTime() + windowMinutes * 60_000);
}
