/**
 * Payment operations (coverage.md §4 Pay Now, Checkout's zero-amount confirm; §7
 * get_update_order_status_paid_{provider}_url, payment_request_{provider}, update_order_status_paid;
 * ADR 10). `{provider}` is the payment adapter's name, `sandbox` or `stripe`: the server answers
 * only for the one it runs (PAYMENT_PROVIDER), 404 for the other. The providers' callbacks reach
 * `payment_webhook_{provider}` (signed, no API key; see docs/api.md).
 */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';

/** An order number as members send it. */
const orderRefno = z.string().trim().min(1).max(30);

/** An http(s) origin such as 'https://shop.example.my' (no path): where the provider sends the shopper back. */
export const returnOrigin = z
  .string()
  .max(200)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/+$/, '');
    } catch {
      return false;
    }
  }, 'return_origin must be an http(s) origin');

/** The state of an order's payment (see services/payments/status.ts). */
export const paymentStateShape = z.object({
  order_refno: z.string(),
  order_status: z.string(),
  payment: z.object({ payment_id: z.string(), provider: z.string(), status: z.enum(['created', 'paid', 'failed', 'cancelled', 'refunded']) }).nullable(),
});

/** The two operations of coverage.md §7 named after a provider. */
function providerOperations<P extends 'sandbox' | 'stripe'>(provider: P) {
  return {
    payNow: defineOperation({
      name: `get_update_order_status_paid_${provider}_url`,
      method: 'GET',
      path: `get_update_order_status_paid_${provider}_url/:member/:orderId`,
      member: 'required',
      summary: `Pay Now with ${provider}: opens (or reopens, while still open) the provider's payment page for the member's order while it is To Pay, and answers its address. The order moves to Processing Payment. 409 when the order cannot be paid (already paid, cancelled, a zero total, the payment window over); 404 when ${provider} is not the shop's provider.`,
      query: z.object({ return_origin: returnOrigin.optional() }),
      response: z.object({ Status: statusOk, url: z.string(), payment_id: z.string() }),
    }),
    state: defineOperation({
      name: `payment_request_${provider}`,
      method: 'GET',
      path: `payment_request_${provider}/:member`,
      member: 'required',
      summary: `The state of the member's order and of its latest ${provider} payment attempt; an attempt still open is first checked with the provider (reconciliation).`,
      query: z.object({ order_refno: orderRefno }),
      response: z.object({ Status: statusOk, data: paymentStateShape }),
    }),
  };
}

export const sandboxPayment = providerOperations('sandbox');
export const stripePayment = providerOperations('stripe');

export const updateOrderStatusPaid = defineOperation({
  name: 'update_order_status_paid',
  method: 'POST',
  path: 'update_order_status_paid/:member',
  member: 'required',
  summary: 'The payment-confirm call of a zero-amount order (spec §4 Checkout): marks it Paid. 409 for an order whose total is not 0 (it must be paid through the provider).',
  body: z.object({ order_refno: orderRefno }),
  response: z.object({ Status: statusOk, order_refno: z.string() }),
});
