/**
 * Actions of the delivery-method modal (coverage.md §4 Delivery method modal, steps 0–3; §7 Addresses,
 * Stores and pickup; the places of a postcode or town, for a shopper without a saved address). The member's addresses go through `memberApi` (member from the session);
 * states, stores and pick-up times are the same for everyone and go through `publicApi`.
 * Failures carry the shopper's message (src/features/shared/errors.ts). A new address is saved by
 * the one address Action, `addresses.save` (src/features/addresses/actions.ts). `save` keeps the
 * member's choice on the server (coverage.md §3 "saved per user", update_delivery_method), which /api/me
 * gives back to a device that has none.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { memberApi, publicApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import { calendarDate, deliveryMethodShape } from '../../lib/xs-api/contract';

/** Most saved addresses offered at step 0. */
const ADDRESS_LIST_LIMIT = 50;

/** The pick-up times of a date ('HH:mm', in order) and those of them the outlet has no place left in. */
export type PickupTimes = { times: string[]; full: string[] };

export const delivery = {
  /** Step 0: the member's saved addresses (with their geocoded latitude and longitude). */
  addresses: defineAction({
    handler: async (_input, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => memberApi(ctx).call('address_listing', { query: { limit: ADDRESS_LIST_LIMIT } }).then((r) => r.data));
    },
  }),
  /** Step 0 (new address): the states for the form. */
  states: defineAction({
    handler: async (_input, ctx) => viaApi(ctx, () => publicApi(ctx.locals.locale).call('state_listing').then((r) => r.data)),
  }),
  /**
   * Step 0 without a saved address (issue "A shopper trusts every step"): the places of a postcode
   * (5 digits) or town, best first (locate_place), whose point `stores` then takes. For a guest or a
   * member alike. Fails with the API's message in the shopper's language: 400 for a bad search
   * ('A postcode is 5 digits, such as 47300.'), 404 when nothing matches.
   */
  locate: defineAction({
    input: z.object({ q: z.string().max(500) }),
    handler: async (input, ctx) => viaApi(ctx, () => publicApi(ctx.locals.locale).call('locate_place', { query: { q: input.q } }).then((r) => r.data)),
  }),
  /** Step 1: stores within 30 km of a point (decimal degrees), nearest first, with distance_km. */
  stores: defineAction({
    input: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    handler: async (input, ctx) => viaApi(ctx, () => publicApi(ctx.locals.locale).call('pickup_store_listing', { query: input }).then((r) => r.data)),
  }),
  /**
   * Step 3: the pick-up times (HH:mm) offered on a date (YYYY-MM-DD); with `store` (the outlet's
   * store code, 'S001'), `full` lists those it has no place left in (still in `times`, shown as Full).
   */
  pickupTimes: defineAction({
    input: z.object({ date: calendarDate(), store: z.string().trim().min(1).max(20).optional() }),
    handler: async (input, ctx): Promise<PickupTimes> =>
      viaApi(ctx, () => publicApi(ctx.locals.locale).call('self_pickup_time_range', { query: input }).then((r) => ({ times: r.data.times, full: r.data.full }))),
  }),
  /** Step 3: the pick-up settings (lead time in days, opening hours and weekdays). */
  pickupSettings: defineAction({
    handler: async (_input, ctx) => viaApi(ctx, () => publicApi(ctx.locals.locale).call('self_pickup_min_time').then((r) => r.data)),
  }),
  /**
   * The modal's save (coverage.md §3 Delivery method saved per user; §4): stores the member's choice on the
   * server, so another device where the member logs in finds it. Answers nothing; fails with the
   * API's message (400 when the outlet does not offer the method).
   */
  save: defineAction({
    input: deliveryMethodShape,
    handler: async (input, ctx): Promise<void> => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('update_delivery_method', { body: { delivery_method: input } }));
    },
  }),
};
