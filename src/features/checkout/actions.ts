/**
 * Checkout Actions (spec §4 Checkout, §7 Checkout, orders and payment): the delivery charge of the
 * chosen lines, and placing the order. The member comes from the session, never from the browser;
 * the server recomputes every price, the charge, the voucher and the total (DESIGN "The server
 * recomputes"), so a disagreeing amount is refused with the API's message (409).
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { orderInput } from '../../lib/xs-api/contract';
import { toSen } from '../../domain/money';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';

/** One line as the delivery charge needs it: product code and quantity. */
const chargeLine = z.object({ product_code: z.string().min(1).max(30), product_quantity: z.number().int().min(1).max(999) });

export const checkout = {
  /**
   * The delivery charge for `product` delivered to an address in `state` from a store
   * `distance_km` away (spec §4 "for delivery fetch the delivery charge").
   * Answers `{ deliverySen }`, integer sen (RM 5.00 → 500).
   * Errors: UNAUTHORIZED for a guest; the API's refusal (e.g. a state the store does not deliver
   * to) with its message in the shopper's language.
   */
  deliveryCharge: defineAction({
    input: z.object({
      product: z.array(chargeLine).min(1).max(100),
      state: z.string().min(1).max(60),
      distance_km: z.number().min(0).max(1000),
    }),
    handler: async (input, ctx) => {
      requireMember(ctx);
      const answer = await viaApi(ctx, () => memberApi(ctx).call('delivery_charges', { body: input }));
      return { deliverySen: toSen(answer.delivery_charges) };
    },
  }),

  /**
   * Places the order (spec §3 Order, §4 Checkout). The input is the contract's order, amounts in
   * ringgit with 2 decimals, with an `idempotency_key`: a retry with the same key answers the first
   * order instead of making a second one.
   * An order whose total is 0 is confirmed as paid at once (update_order_status_paid, spec §4).
   * Answers `{ order_refno }`; the island goes on to the order success page in its own language
   * (an island's Action call is not under the page's /zh or /ar prefix).
   * Errors: UNAUTHORIZED for a guest; the API's refusal with its message (out of stock, an amount
   * that changed, an expired pick-up slot, no default address…).
   */
  placeOrder: defineAction({
    input: orderInput,
    handler: async (input, ctx) => {
      requireMember(ctx);
      const api = memberApi(ctx);
      const answer = await viaApi(ctx, () => api.call('add_order', { body: input }));
      // Spec §4: nothing to pay (a voucher covers it all) → the payment-confirm call comes first.
      if (toSen(answer.data.order_amount) === 0) {
        await viaApi(ctx, () => api.call('update_order_status_paid', { body: { order_refno: answer.order_refno } }));
      }
      return { order_refno: answer.order_refno };
    },
  }),
};
