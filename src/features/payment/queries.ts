/**
 * Payment reads for pages (issue "Money in": unpaid orders expire after PAYMENT_WINDOW_MINUTES).
 * Pure: the deadline comes from the order's placing time and the configured window.
 */
import { paymentDeadline } from '../../domain/payment-window';
import { formatShopDateTime } from '../../domain/pickup';
import { memberOrderActions } from '../../domain/order-status';
import { config } from '../../server/config';
import type { OrderView } from '../orders/view';
import type { Locale } from '../../domain/constants';
import { STRIPE_CHECKOUT_ORIGIN } from '../../server/http/security-policy.ts';
import { clock } from '../../server/clock';

/** What the Pay Now box shows: whether to offer it, and the deadline as shown ('22/11/2026 06:30 pm', Malaysian time). */
export type PayNowView = { payable: boolean; deadlineLabel: string };

/**
 * Pay Now is offered while the member may pay the order (`memberOrderActions`: To Pay) with something to pay;
 * the deadline is the order's placing time plus the payment window (minutes).
 * `locale` picks the deadline's date and time format (EN 'DD/MM/YYYY hh:mm a').
 */
export function payNowView(order: Pick<OrderView, 'status' | 'type' | 'totalSen' | 'placedAt'>, now = clock.now(), locale: Locale = 'en'): PayNowView {
  const deadline = paymentDeadline(new Date(order.placedAt), config.paymentWindowMinutes);
  const payable = memberOrderActions(order.status, order.type).payNow && order.totalSen > 0 && deadline > now;
  return { payable, deadlineLabel: formatShopDateTime(deadline, locale) };
}

/**
 * Lets a page's forms lead to the payment provider's hosted page: Pay Now without JavaScript posts
 * to the shop, which answers 303 to the provider, and the Content-Security-Policy's form-action
 * covers redirects too. Stripe Checkout's origin when PAYMENT_PROVIDER=stripe; the sandbox page is
 * the shop's own. Call from the page's frontmatter (the header is written before components render).
 */
export function allowPaymentProviderForms(ctx: { csp?: { insertDirective: (directive: `form-action ${string}`) => void } }): void {
  if (config.paymentProvider === 'stripe') ctx.csp?.insertDirective(`form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`);
}
