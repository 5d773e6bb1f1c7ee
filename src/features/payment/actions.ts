/**
 * Payment Actions (coverage.md §4 Pay Now; §7 get_update_order_status_paid_{provider}_url,
 * payment_request_{provider}; ADR 10). The provider is PAYMENT_PROVIDER ('sandbox' or 'stripe'),
 * the member comes from the session.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { config } from '../../server/config';
import { siteOrigin } from '../../server/site-origin';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

const orderRefno = z.string().trim().min(1).max(30);

export const payment = {
  /**
   * Pay Now: the provider's payment page for the member's order (`{ url }`, absolute). A form post
   * without JavaScript is sent there (303); a script opens it in a pop-up.
   * Errors: UNAUTHORIZED for a guest; CONFLICT when the order cannot be paid (already paid,
   * cancelled, the payment window over); BAD_GATEWAY when the provider is unavailable.
   */
  start: defineAction({
    accept: 'form',
    input: z.object({ order_refno: orderRefno }),
    handler: async ({ order_refno }, ctx): Promise<{ url: string } & FormRedirect> => {
      requireMember(ctx);
      const op = config.paymentProvider === 'stripe' ? 'get_update_order_status_paid_stripe_url' : 'get_update_order_status_paid_sandbox_url';
      const answer = await viaApi(ctx, () => memberApi(ctx).call(op, { params: { orderId: order_refno }, query: { return_origin: siteOrigin(ctx.url) } }));
      return { url: answer.url, external: answer.url };
    },
  }),

  /**
   * The order's status and its latest payment attempt's (`created`, `paid`, `failed`,
   * `cancelled`, `refunded`, or null before any), for the page that waits for a payment.
   * Errors: UNAUTHORIZED for a guest; NOT_FOUND for an order that is not the member's.
   */
  status: defineAction({
    accept: 'form',
    input: z.object({ order_refno: orderRefno }),
    handler: async ({ order_refno }, ctx) => {
      requireMember(ctx);
      const op = config.paymentProvider === 'stripe' ? 'payment_request_stripe' : 'payment_request_sandbox';
      const { data } = await viaApi(ctx, () => memberApi(ctx).call(op, { query: { order_refno } }));
      return { orderStatus: data.order_status, paymentStatus: data.payment?.status ?? null };
    },
  }),
};
