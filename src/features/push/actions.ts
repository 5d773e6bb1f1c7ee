/**
 * Order news on this device and "tell me when it's back" (ADR 32; contract push_subscribe,
 * push_unsubscribe, back_in_stock_request). The member comes from the session, never from the
 * browser; the language of a device is the page's.
 *
 * - `subscribe` / `unsubscribe`: the profile's switch (ui/push-optin.ts) posts the browser's push
 *   subscription here once the browser gave one.
 * - `askBackInStock`: the product page's button (ui/BackInStock.astro) for the outlet chosen in
 *   the delivery choice; answers the outlet's name for "We'll tell you…", and a form post goes back
 *   to the product page.
 * - `backInStockStatus`: whether the member already asked, read by the product page after load
 *   (the page is cached for everyone, so the member's own state never is in its HTML);
 *   `cancelBackInStock`: takes the request back.
 */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { translate } from '../../i18n/messages';
import { outletName } from '../../i18n/outlet-name';
import { chosenStore, readChoice } from '../delivery/choice-cookie';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';

const endpoint = z.string().min(1).max(1000);

export const push = {
  /** Switches order news on for this browser. Answers `{ devices }`: how many of the member's devices have it on. Errors: UNAUTHORIZED; the API's refusal (an endpoint it does not accept). */
  subscribe: defineAction({
    accept: 'form',
    input: z.object({ endpoint, p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100), user_agent: z.string().max(120).optional() }),
    handler: async (input, ctx) => {
      requireMember(ctx);
      const body = { endpoint: input.endpoint, keys: { p256dh: input.p256dh, auth: input.auth }, user_agent: input.user_agent, language: ctx.locals.locale };
      const { devices } = await viaApi(ctx, () => memberApi(ctx).call('push_subscribe', { body }));
      return { devices };
    },
  }),
  /** Switches order news off for this browser (idempotent). Answers `{ devices }`. */
  unsubscribe: defineAction({
    accept: 'form',
    input: z.object({ endpoint }),
    handler: async (input, ctx) => {
      requireMember(ctx);
      const { devices } = await viaApi(ctx, () => memberApi(ctx).call('push_unsubscribe', { body: { endpoint: input.endpoint } }));
      return { devices };
    },
  }),
  /**
   * Asks to be told when `product_code` is back at the chosen outlet. Answers `{ redirect, store_name,
   * created }` (the product page; the outlet's name in the page's language; `created` false when the
   * member had already asked). Errors:
   * UNAUTHORIZED; PRECONDITION_FAILED without a chosen outlet; the API's refusal (in stock there now: 409).
   */
  askBackInStock: defineAction({
    accept: 'form',
    input: z.object({ product_code: z.string().min(1).max(30) }),
    handler: async ({ product_code }, ctx) => {
      requireMember(ctx);
      const store = chosenStore(ctx.cookies);
      if (!store) throw new ActionError({ code: 'PRECONDITION_FAILED', message: translate(ctx.locals.locale, 'back_in_stock_choose_outlet') });
      const data = await viaApi(ctx, () => memberApi(ctx).call('back_in_stock_request', { body: { product_code, store } }));
      return { redirect: href(ctx.locals.locale, paths.product(product_code)), store_name: outletName(data.store_name, ctx.locals.locale), created: data.created };
    },
  }),
  /**
   * Whether the member already asked to be told when `product_code` is back at the chosen outlet
   * (an open request). Answers `{ requested, store_name }`: the outlet's name in the page's language
   * when requested, else '' (also without a chosen outlet). Errors: UNAUTHORIZED.
   */
  backInStockStatus: defineAction({
    accept: 'form',
    input: z.object({ product_code: z.string().min(1).max(30) }),
    handler: async ({ product_code }, ctx) => {
      requireMember(ctx);
      const store = readChoice(ctx.cookies)?.store;
      if (!store?.store_no) return { requested: false, store_name: '' };
      const { requested } = await viaApi(ctx, () => memberApi(ctx).call('back_in_stock_status', { query: { product_code, store: store.store_no } }));
      return { requested, store_name: requested ? outletName(store.store_name, ctx.locals.locale) : '' };
    },
  }),
  /**
   * Takes back the request for `product_code` at the chosen outlet ("Don't tell me", a real form:
   * ui/BackInStock.astro). Answers `{ redirect, cancelled }` (the product page; false when there was
   * none, or no chosen outlet). Errors: UNAUTHORIZED.
   */
  cancelBackInStock: defineAction({
    accept: 'form',
    input: z.object({ product_code: z.string().min(1).max(30) }),
    handler: async ({ product_code }, ctx) => {
      requireMember(ctx);
      const redirect = href(ctx.locals.locale, paths.product(product_code));
      const store = chosenStore(ctx.cookies);
      if (!store) return { redirect, cancelled: false };
      const { cancelled } = await viaApi(ctx, () => memberApi(ctx).call('back_in_stock_cancel', { body: { product_code, store } }));
      return { redirect, cancelled };
    },
  }),
};
