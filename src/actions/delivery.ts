/** Actions of the delivery-method modal (spec §4 steps 0–3). */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { addressInput } from '../lib/xs-api/contract';
import { requireMember, viaApi } from './api-errors';

export const delivery = {
  /** Step 0: the member's saved addresses. */
  addresses: defineAction({
    handler: async (_input, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('address_listing', { query: { limit: 50 } }).then((r) => r.data));
    },
  }),
  /** Step 0 (new address): the states for the form. */
  states: defineAction({
    handler: async (_input, ctx) => viaApi(ctx, () => ctx.locals.api.call('state_listing').then((r) => r.data)),
  }),
  /** Step 0 (new address): saves it; rules and messages of spec §5. */
  addAddress: defineAction({
    input: addressInput,
    handler: async (input, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('add_address', { body: { ...input, add_country: 'Malaysia' } }).then((r) => r.data));
    },
  }),
  /** Step 1: stores within 30 km of a point, nearest first. */
  stores: defineAction({
    input: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    handler: async (input, ctx) => viaApi(ctx, () => ctx.locals.api.call('pickup_store_listing', { query: input }).then((r) => r.data)),
  }),
  /** Step 3: pick-up settings and the times offered on a date. */
  pickupTimes: defineAction({
    input: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    handler: async (input, ctx) => viaApi(ctx, () => ctx.locals.api.call('self_pickup_time_range', { query: input }).then((r) => r.data.times)),
  }),
  pickupSettings: defineAction({
    handler: async (_input, ctx) => viaApi(ctx, () => ctx.locals.api.call('self_pickup_min_time').then((r) => r.data)),
  }),
};
