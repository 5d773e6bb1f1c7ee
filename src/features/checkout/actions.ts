/**
 * Checkout Actions (coverage.md §4 Checkout, §7 Checkout, orders and payment): the delivery charge of the
 * chosen lines, the check of a chosen voucher, and placing the order. The member comes from the
 * session, never from the browser; the server recomputes every price, the charge, the voucher and
 * the total (docs/architecture.md "The server recomputes"), so a disagreeing amount is refused with the API's
 * message (409).
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { orderInput, validateProductVoucher } from '../../lib/xs-api/contract';
import { memberApi } from '../shared/api';
import { capacityRefusal, outOfStockLines, requireMember, shopperError, viaApi, type StockShortage } from '../shared/errors';

/** One line as the delivery charge needs it: product code and quantity. */
const chargeLine = z.object({ product_code: z.string().min(1).max(30), product_quantity: z.number().int().min(1).max(999) });

/** The order's figures as the server computed them, all integer sen. */
export type ServerTotals = { subtotalSen: number; deliverySen: number; voucherSen: number; roundingSen: number; totalSen: number };

/** A voucher the server accepted for the lines: its numbers, name, and the order's figures with its discount (sen). */
export type CheckedVoucher = { no: string; code: string; name: string; totals: ServerTotals };

/**
 * What placing an order answers: the order, the lines the store cannot fill, or the API's message
 * that the chosen pick-up slot is full (in those two, nothing was ordered).
 */
export type PlaceOrderResult =
  | { order_refno: string; outOfStock?: undefined; slotFull?: undefined }
  | { order_refno?: undefined; outOfStock: { message: string; product: StockShortage[] }; slotFull?: undefined }
  | { order_refno?: undefined; outOfStock?: undefined; slotFull: { message: string } };

export const checkout = {
  /**
   * The delivery charge for `product` delivered to an address in `state` from a store
   * `distance_km` away (coverage.md §4 "for delivery fetch the delivery charge").
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
      return { deliverySen: answer.delivery_charges };
    },
  }),

  /**
   * Checks the member's voucher `vm_voucher_no` (kind `vc_code`) for the lines (ringgit prices, as
   * the order sends them; read as sen by the contract's parse, ADR 37) and the delivery charge (RM;
   * 0 for pick-up): coverage.md §4 "choosing a voucher
   * triggers a validity check" (validate_product_voucher). Answers a `CheckedVoucher`: the discount
   * and the order's figures in sen, exactly those add_order will compute.
   * Errors: UNAUTHORIZED for a guest; CONFLICT with the reason in the shopper's language (not
   * theirs, used, expired, minimum spend not reached: the island toasts it and clears the voucher);
   * CONFLICT for a changed price.
   */
  validateVoucher: defineAction({
    input: validateProductVoucher.body!,
    handler: async (input, ctx): Promise<CheckedVoucher> => {
      requireMember(ctx);
      const a = await viaApi(ctx, () => memberApi(ctx).call('validate_product_voucher', { body: input }));
      return {
        no: a.vm_voucher_no,
        code: a.vc_code,
        name: a.vc_name,
        totals: {
          subtotalSen: a.order_subtotal,
          deliverySen: a.order_delivery_charges,
          voucherSen: a.order_voucher_amount,
          roundingSen: a.order_rounding,
          totalSen: a.order_amount,
        },
      };
    },
  }),

  /**
   * Places the order (coverage.md §3 Order, §4 Checkout). The input is the contract's order as the
   * island sends it, amounts in ringgit with 2 decimals (the contract's parse reads them as sen, and
   * sen is what goes on to the API, ADR 37), with an `idempotency_key`: a retry with the same key
   * answers the first order instead of making a second one.
   * An order whose total is 0 is confirmed as paid at once (update_order_status_paid, coverage.md §4).
   * Answers `{ order_refno }`; the island goes on to the order success page in its own language
   * (an island's Action call is not under the page's /zh or /ar prefix). When the store cannot fill
   * some lines (409 out_of_stock) it answers `{ outOfStock: { message, product: [{ product_code,
   * available_quantity }] } }` instead, for the out-of-stock modal (coverage.md §4): nothing was ordered.
   * When the pick-up slot has no place left at the outlet (409 pickup_slot_full) it answers
   * `{ slotFull: { message } }`, the API's message, so the shopper can choose another time.
   * Errors: UNAUTHORIZED for a guest; the API's other refusals with their message (an amount that
   * changed, an expired pick-up slot, a voucher no longer usable, no default address…).
   */
  placeOrder: defineAction({
    input: orderInput,
    handler: async (input, ctx): Promise<PlaceOrderResult> => {
      requireMember(ctx);
      const api = memberApi(ctx);
      return viaApi(ctx, async () => {
        let answer;
        try {
          answer = await api.call('add_order', { body: input });
        } catch (err) {
          const product = outOfStockLines(err);
          if (product) return { outOfStock: { message: shopperError(err, ctx.locals.locale).message, product } };
          if (capacityRefusal(err)?.kind === 'PICKUP') return { slotFull: { message: shopperError(err, ctx.locals.locale).message } };
          throw err;
        }
        // coverage.md §4: nothing to pay (a voucher covers it all) → the payment-confirm call comes first.
        if (answer.data.order_amount === 0) await api.call('update_order_status_paid', { body: { order_refno: answer.order_refno } });
        return { order_refno: answer.order_refno };
      });
    },
  }),
};
