/** Cart actions (spec §4 Cart): quantity changes as differences, removal, clearing on a store change. */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { requireMember, viaApi } from './api-errors';

const store = z.string().min(1).max(20);

export const cart = {
  get: defineAction({
    input: z.object({ store }),
    handler: async ({ store }, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('get_cart', { query: { store, lang: ctx.locals.locale } }).then((r) => r.data));
    },
  }),
  /** Changes a line by `difference` units (negative reduces; reaching 0 removes). */
  change: defineAction({
    input: z.object({ store, product_code: z.string().min(1).max(30), difference: z.number().int().min(-999).max(999) }),
    handler: async ({ store, product_code, difference }, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () =>
        ctx.locals.api.call('add_cart', { query: { store, lang: ctx.locals.locale }, body: [{ product_code, product_number: difference }] }).then((r) => r.data),
      );
    },
  }),
  remove: defineAction({
    input: z.object({ store, product_code: z.string().min(1).max(30) }),
    handler: async ({ store, product_code }, ctx) => {
      requireMember(ctx);
      return viaApi(ctx, () => ctx.locals.api.call('clear_cart', { query: { store, lang: ctx.locals.locale }, body: [{ product_code }] }).then((r) => r.data));
    },
  }),
  /** Empties the cart at every store (spec §4: changing the method or the store clears the cart). */
  clear: defineAction({
    handler: async (_input, ctx) => {
      requireMember(ctx);
      await viaApi(ctx, () => ctx.locals.api.call('clear_cart', { body: [] }));
      return { ok: true };
    },
  }),
};
