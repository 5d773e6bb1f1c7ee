/** Checkout actions (spec §4 Checkout): the delivery charge, and placing the order. */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { orderInput } from '../lib/xs-api/contract';
import { requireMember, viaApi } from './api-errors';

export const checkout = {
  deliveryCharge: defineAction({
    input: z.object({
      product: z.array(z.object({ product_code: z.string(), product_quantity: z.number().int().min(1) })).min(1).max(100),
      state: z.string().min(1).max(60),
      distance_km: z.number().min(0).max(1000),
    }),
    handler: async (input, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('delivery_charges', { body: input }).then((r) => r.delivery_charges));
    },
  }),
  placeOrder: defineAction({
    input: orderInput,
    handler: async (input, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('add_order', { body: input }).then((r) => ({ order_refno: r.order_refno })));
    },
  }),
};
