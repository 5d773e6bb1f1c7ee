/**
 * Cart Actions (coverage.md §4 Cart, §7 get_cart / add_cart / clear_cart). The member comes from the
 * session and the store from the delivery-choice cookie (src/features/delivery/choice-cookie.ts),
 * never from the browser's input. Without a chosen store they fail with PRECONDITION_FAILED (412)
 * and a message saying to choose a delivery method: scripts open the delivery modal then.
 *
 * `add` takes a form (`accept: 'form'`): AddToCartForm.astro posts here without JavaScript (then
 * 303 to /cart; a guest 303 to /login and back), and add-to-cart.ts posts the same form with
 * JavaScript and stays on the page with the spec's toast.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { translate } from '../../i18n/messages';
import { chosenStore } from '../delivery/choice-cookie';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import { setFlash } from '../../server/flash';
import { keepBuyAgainNotes } from './buy-again-notes';
import type { FormRedirect } from '../shared/form-action';

const productCode = z.string().min(1).max(30);

/** The chosen store's store_no; PRECONDITION_FAILED with the shopper's text when none is chosen. */
function requireStore(ctx: Pick<ActionAPIContext, 'cookies' | 'locals'>): string {
  const store = chosenStore(ctx.cookies);
  if (!store) throw new ActionError({ code: 'PRECONDITION_FAILED', message: translate(ctx.locals.locale, 'cart_choose_delivery_first') });
  return store;
}

export const cart = {
  /**
   * Adds `quantity` (1–999, default 1) of a product to the cart at the chosen store. Answers
   * `{ redirect, cart_count }`: the cart page (where a form post goes) and the number of lines.
   * Errors: UNAUTHORIZED (guest; the flash 'login_for_cart' tells the login page why), PRECONDITION_FAILED (no store), the API's refusal (e.g. beyond
   * the stock at the store) with its message.
   */
  add: defineAction({
    accept: 'form',
    input: z.object({ product_code: productCode, quantity: z.number().int().min(1).max(999).optional() }),
    handler: async ({ product_code, quantity = 1 }, ctx) => {
      // A guest is sent to /login: the login page says why (coverage.md §4 Cart needs a member).
      if (!ctx.locals.session) setFlash(ctx.cookies, 'login_for_cart');
      requireMember(ctx);
      const store = requireStore(ctx);
      const { data } = await viaApi(ctx, () => memberApi(ctx).call('add_cart', { query: { store }, body: [{ product_code, product_number: quantity }] }));
      return { redirect: href(ctx.locals.locale, paths.cart), cart_count: data.items.length };
    },
  }),
  /**
   * Buy again (docs/coverage.md "Buy again"): puts the lines of one of the member's orders back in
   * the cart at the chosen store, at today's prices, each as many units as the store has; a hidden
   * or withdrawn product stays out (the API's buy_again, src/domain/buy-again.ts). A form posts here
   * from the order page and the orders list (works without JavaScript). Answers `{ redirect }`:
   * /cart, which shows a note per line that did not go in whole (./buy-again-notes.ts).
   * Errors: UNAUTHORIZED (guest: to /login and back); PRECONDITION_FAILED (no store chosen);
   * NOT_FOUND for an unknown order or another member's (nothing changes).
   */
  buyAgain: defineAction({
    accept: 'form',
    input: z.object({ order_refno: z.string().trim().min(1).max(30) }),
    handler: async ({ order_refno }, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      const store = requireStore(ctx);
      const { data } = await viaApi(ctx, () => memberApi(ctx).call('buy_again', { query: { store }, body: { order_refno } }));
      keepBuyAgainNotes(ctx.cookies, order_refno, data.notes);
      return { redirect: href(ctx.locals.locale, paths.cart) };
    },
  }),
  /** The cart at the chosen store (prices in ringgit as the contract gives them). */
  get: defineAction({
    handler: async (_input, ctx) => {
      requireMember(ctx);
      const store = requireStore(ctx);
      return viaApi(ctx, () => memberApi(ctx).call('get_cart', { query: { store } }).then((r) => r.data));
    },
  }),
  /** Changes a line by `difference` units (negative reduces; reaching 0 removes; coverage.md §4 Cart). */
  change: defineAction({
    input: z.object({ product_code: productCode, difference: z.number().int().min(-999).max(999) }),
    handler: async ({ product_code, difference }, ctx) => {
      requireMember(ctx);
      const store = requireStore(ctx);
      return viaApi(ctx, () => memberApi(ctx).call('add_cart', { query: { store }, body: [{ product_code, product_number: difference }] }).then((r) => r.data));
    },
  }),
  /** Removes a line (coverage.md §4 Cart: the remove button). */
  remove: defineAction({
    input: z.object({ product_code: productCode }),
    handler: async ({ product_code }, ctx) => {
      requireMember(ctx);
      const store = requireStore(ctx);
      return viaApi(ctx, () => memberApi(ctx).call('clear_cart', { query: { store }, body: [{ product_code }] }).then((r) => r.data));
    },
  }),
  /** Empties the cart at every store (coverage.md §4: changing the method or the store clears the cart). */
  clear: defineAction({
    handler: async (_input, ctx) => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('clear_cart', { body: [] }));
      return { ok: true };
    },
  }),
};
