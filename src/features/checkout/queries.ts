/**
 * Checkout reads (coverage.md §2 Checkout page, §4 Checkout): what the checkout page shows, for the
 * logged-in member (`memberApi`). Redirect decisions (no selection, no store, nothing left) stay
 * in the page.
 */
import { memberApi, type FeatureContext } from '../shared/api';
import { toCheckoutView, type CheckoutView } from './view';

export { selectedCodes } from './view';
export type { CheckoutAddress, CheckoutLine, CheckoutView, CheckoutVoucher } from './view';

/**
 * The checkout of the cart lines `codes` at `store` (a store_no): the lines with prices in sen,
 * their subtotal, the member's addresses and active vouchers (coverage.md §7 get_cart, address_listing,
 * member_voucher). `lines` is empty when none of the codes is in the cart at that store.
 * The vouchers are optional to an order: when their read fails the checkout still opens, with none.
 * Null when the API refuses the store (404 unknown, 400 malformed): the page goes back to the cart.
 * @throws XsApiError when the cart or address read fails otherwise (401 for a guest or an expired session).
 */
export async function getCheckout(ctx: FeatureContext, store: string, codes: readonly string[]): Promise<CheckoutView | null> {
  const api = memberApi(ctx);
  const [cart, addresses, vouchers] = await Promise.all([
    api.call('get_cart', { query: { store } }).then(
      (r) => r.data,
      (err: unknown) => {
        // An unknown store (gone, or a tampered delivery-choice cookie) is nothing to check out, not a fault.
        const status = (err as { status?: number } | null)?.status ?? 0;
        if (status >= 400 && status < 500 && status !== 401 && status !== 403) return null;
        throw err;
      },
    ),
    api.call('address_listing').then((r) => r.data),
    api.call('member_voucher').then((r) => r.data, () => []),
  ]);
  return cart ? toCheckoutView(cart, addresses, codes, vouchers) : null;
}
