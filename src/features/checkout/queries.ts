/**
 * Checkout reads (spec §2 Checkout page, §4 Checkout): what the checkout page shows, for the
 * logged-in member (`memberApi`). Redirect decisions (no selection, no store, nothing left) stay
 * in the page.
 */
import { memberApi, type FeatureContext } from '../shared/api';
import { toCheckoutView, type CheckoutView } from './view';

export { selectedCodes } from './view';
export type { CheckoutAddress, CheckoutLine, CheckoutView, CheckoutVoucher } from './view';

/**
 * The checkout of the cart lines `codes` at `store` (a store_no): the lines with prices in sen,
 * their subtotal, the member's addresses and active vouchers (spec §7 get_cart, address_listing,
 * member_voucher). `lines` is empty when none of the codes is in the cart at that store.
 * The vouchers are optional to an order: when their read fails the checkout still opens, with none.
 * @throws XsApiError when the cart or address read fails (401 for a guest or an expired session).
 */
export async function getCheckout(ctx: FeatureContext, store: string, codes: readonly string[]): Promise<CheckoutView> {
  const api = memberApi(ctx);
  const [cart, addresses, vouchers] = await Promise.all([
    api.call('get_cart', { query: { store } }).then((r) => r.data),
    api.call('address_listing').then((r) => r.data),
    api.call('member_voucher').then((r) => r.data, () => []),
  ]);
  return toCheckoutView(cart, addresses, codes, vouchers);
}
