/**
 * Checkout reads (spec §2 Checkout page, §4 Checkout): what the checkout page shows, for the
 * logged-in member (`memberApi`). Redirect decisions (no selection, no store, nothing left) stay
 * in the page.
 */
import { memberApi, type FeatureContext } from '../shared/api';
import { toCheckoutView, type CheckoutView } from './view';

export { selectedCodes } from './view';
export type { CheckoutAddress, CheckoutLine, CheckoutView } from './view';

/**
 * The checkout of the cart lines `codes` at `store` (a store_no): the lines with prices in sen,
 * their subtotal, and the member's addresses (spec §7 get_cart, address_listing).
 * `lines` is empty when none of the codes is in the cart at that store.
 * @throws XsApiError when a call fails (401 for a guest or an expired session).
 */
export async function getCheckout(ctx: FeatureContext, store: string, codes: readonly string[]): Promise<CheckoutView> {
  const api = memberApi(ctx);
  const [cart, addresses] = await Promise.all([
    api.call('get_cart', { query: { store } }).then((r) => r.data),
    api.call('address_listing').then((r) => r.data),
  ]);
  return toCheckoutView(cart, addresses, codes);
}
