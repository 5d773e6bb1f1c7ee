/**
 * Cart reads (coverage.md §2 Cart page, Product detail availability, Header cart count; §7 get_cart,
 * product_detail with pickupstore). Per member, through `memberApi` (the session's member), at the
 * store of the delivery-choice cookie (src/features/delivery/choice-cookie.ts). Never cached.
 */
import type { AstroCookies } from 'astro';
import type { Cart } from '../../lib/xs-api/contract';
import { XsApiError } from '../../lib/xs-api/client';
import { chosenStore, readChoice } from '../delivery/choice-cookie';
import type { Shipping } from '../delivery/shipping';
import { memberApi, type FeatureContext } from '../shared/api';
import { shopperError, type ShopperError } from '../shared/errors';
import { translate } from '../../i18n/messages';
import { getOrder } from '../orders/queries';
import { takeBuyAgainNotes, type KeptNote } from './buy-again-notes';

/** A page or endpoint context: the locale and session, and the cookies holding the delivery choice. */
export type ShoppingContext = FeatureContext & { cookies: AstroCookies };

/**
 * What /cart renders: the chosen store (null: none yet), the delivery choice as its cookie carries it
 * (the server's HTML then shows the right shipping line before the island's script runs), and the
 * store's cart (null without a store, or when it could not be read).
 */
export type CartPage = { store: string | null; shipping: Shipping | null; cart: Cart | null };

/**
 * The member's cart at the chosen store for /cart. Prices are the contract's ringgit amounts (the
 * island converts to sen with src/domain/money.ts). A failed read gives `cart: null`: the island
 * then reads it again itself.
 */
export async function getCartPage(ctx: ShoppingContext): Promise<CartPage> {
  const shipping = readChoice(ctx.cookies);
  const store = shipping?.store.store_no ?? null;
  if (!store) return { store, shipping, cart: null };
  const cart = await memberApi(ctx)
    .call('get_cart', { query: { store } })
    .then((r) => r.data)
    .catch(() => null);
  return { store, shipping, cart };
}

/** Number of lines in the member's cart at the chosen store (the header badge); 0 without a store or on failure. */
export async function cartCount(ctx: ShoppingContext): Promise<number> {
  const store = chosenStore(ctx.cookies);
  if (!store || !ctx.locals.session) return 0;
  return memberApi(ctx)
    .call('get_cart', { query: { store } })
    .then((r) => r.data.items.length)
    .catch(() => 0);
}

/** A product's stock at the chosen store: in stock (1/0), units there, and whether it is a favourite. */
export type Availability = { product_has_balance: 0 | 1; product_quantity: number | null; in_favorite: 0 | 1 };

/**
 * Availability of product `code` at the chosen store for the logged-in member (coverage.md §2 Product
 * detail: "shows only when a store is chosen and the user is logged in").
 * Errors (as a ShopperError, never thrown): 401 for a guest, 412 without a chosen store, the API's
 * 4xx (404 unknown product or store), 502 on a fault.
 */
export async function getAvailability(ctx: ShoppingContext, code: string): Promise<{ ok: true; data: Availability } | { ok: false; error: ShopperError }> {
  const locale = ctx.locals.locale;
  if (!ctx.locals.session) return { ok: false, error: { status: 401, message: translate(locale, 'session_expired'), body: {} } };
  const store = chosenStore(ctx.cookies);
  if (!store) return { ok: false, error: { status: 412, message: translate(locale, 'cart_choose_delivery_first'), body: {} } };
  try {
    const { data } = await memberApi(ctx).call('product_detail', { params: { code }, query: { pickupstore: store } });
    return { ok: true, data: { product_has_balance: data.product_has_balance, product_quantity: data.product_quantity, in_favorite: data.in_favorite } };
  } catch (err) {
    return { ok: false, error: shopperError(err, locale) };
  }
}

/** At most this many products per availability read (a page of cards is 25; a home page has a few rows). */
export const MAX_AVAILABILITY_CODES = 60;

/**
 * Stock of several products at the chosen store for the logged-in member, so product cards and the
 * quick view can follow the chosen store (issue 9: one truth per fact). `codes` are product codes
 * (1–60, each 1–30 letters, digits, '-' or '_'). Answer: code → units at the store (0 when none;
 * codes the API does not know, and every code when the store is unknown, are left out).
 * Errors (as a ShopperError, never thrown): 400 for a malformed list, 401 for a guest, 412 without a
 * chosen store, 502 on a fault.
 */
export async function getStoreStock(ctx: ShoppingContext, codes: string[]): Promise<{ ok: true; data: Record<string, number> } | { ok: false; error: ShopperError }> {
  const locale = ctx.locals.locale;
  const unique = [...new Set(codes)];
  if (unique.length === 0 || unique.length > MAX_AVAILABILITY_CODES || unique.some((c) => !/^[\w-]{1,30}$/.test(c))) {
    return { ok: false, error: { status: 400, message: translate(locale, 'input_invalid_address'), body: {} } };
  }
  if (!ctx.locals.session) return { ok: false, error: { status: 401, message: translate(locale, 'session_expired'), body: {} } };
  const store = chosenStore(ctx.cookies);
  if (!store) return { ok: false, error: { status: 412, message: translate(locale, 'cart_choose_delivery_first'), body: {} } };
  try {
    const api = memberApi(ctx);
    const answers = await Promise.all(
      unique.map((code) =>
        api.call('product_detail', { params: { code }, query: { pickupstore: store } }).then(
          (r) => [code, r.data.product_quantity ?? 0] as const,
          (err: unknown) => {
            if (err instanceof XsApiError && err.status === 404) return null;
            throw err;
          },
        ),
      ),
    );
    return { ok: true, data: Object.fromEntries(answers.filter((a) => a !== null)) };
  } catch (err) {
    return { ok: false, error: shopperError(err, locale) };
  }
}

/** One buy-again note as /cart shows it: the product's name in the page's language and the kind of note with its units. */
export type BuyAgainNoteView = KeptNote & { name: string };
/** What /cart shows after a buy again (null when nothing was just bought again). */
export type BuyAgainView = { refno: string; notes: BuyAgainNoteView[]; more: number } | null;

/**
 * The outcome of the buy again just made (./buy-again-notes.ts), taken once: the products named
 * from the order in the page's language (the order's lines; the product code when the order
 * cannot be read).
 */
export async function takeBuyAgain(ctx: ShoppingContext): Promise<BuyAgainView> {
  const kept = takeBuyAgainNotes(ctx.cookies);
  if (!kept || !ctx.locals.session) return null;
  const order = kept.notes.length > 0 ? await getOrder(ctx, kept.refno).catch(() => null) : null;
  const names = new Map(order?.lines.map((l) => [l.code, l.name]) ?? []);
  return { refno: kept.refno, more: kept.more, notes: kept.notes.map((n) => ({ ...n, name: names.get(n.code) ?? n.code })) };
}
