/**
 * The checkout's view model (coverage.md §2 Checkout page, §4 Checkout), reshaped once from the contract's
 * cart and addresses. Pure: no I/O, so it is unit-tested and safe to import in the island for types.
 * Money is integer sen (RM 1 = 100 sen).
 */
import type { Address, Cart, MemberVoucher } from '../../lib/xs-api/contract';
import { lineAmount, parseVoucherAmount, subtotal, type Voucher } from '../../domain/totals';
import { addressView, type AddressView } from '../shared/address-view';

/** A cart line chosen for the order. */
export type CheckoutLine = {
  code: string;
  name: string;
  picture: string;
  quantity: number;
  /** Unit price the member pays now, sen. */
  priceSen: number;
  /** priceSen × quantity, sen (`lineAmount`). */
  amountSen: number;
};

/** A saved address of the member, as a delivery address or the billing address of a pick-up. */
export type CheckoutAddress = AddressView & {
  id: number;
  /** The state, for the delivery charge (coverage.md §7 delivery_charges). */
  state: string;
  isDefault: boolean;
};

/** A member voucher the picker offers (coverage.md §3 Voucher, §2 Checkout "voucher picker"). */
export type CheckoutVoucher = {
  /** vm_voucher_no: the member's own voucher, sent with the order as `order_voucher_no`. */
  no: string;
  /** vc_code, the voucher kind. */
  code: string;
  /** vc_name in the page's language. */
  name: string;
  image: string;
  /** The value: a fixed amount in sen, or a percent of subtotal + delivery (`parseVoucherAmount`). */
  value: Voucher;
  /** Last valid day, 'YYYY-MM-DD' (Malaysian date). */
  expireDate: string;
  /** Minimum product subtotal, sen. */
  minSpendSen: number;
};

/** What the checkout page shows and submits. */
export type CheckoutView = {
  /** The chosen store's store_no the cart was read at. */
  store: string;
  /** The chosen lines, in cart order; empty when none of the codes is in the cart. */
  lines: CheckoutLine[];
  /** Product subtotal of `lines`, sen (`subtotal`). */
  subtotalSen: number;
  /** The member's addresses, default first as the API lists them. */
  addresses: CheckoutAddress[];
  /** The member's active vouchers (member_voucher), soonest expiry first; unusable ones included, the picker greys them. */
  vouchers: CheckoutVoucher[];
};

/** The product codes chosen in the cart, from `?items=A,B` (coverage.md §4: "selected items"); trimmed, no duplicates. */
export function selectedCodes(params: URLSearchParams): string[] {
  return [...new Set((params.get('items') ?? '').split(',').map((c) => c.trim()).filter(Boolean))];
}

/**
 * Reshapes the member's active vouchers for the picker: min_spend 'RM' → sen, vc_amount parsed.
 * A voucher whose vc_amount cannot be parsed is left out (it could never apply).
 */
export function toCheckoutVouchers(vouchers: readonly MemberVoucher[]): CheckoutVoucher[] {
  return vouchers.flatMap((v) => {
    let value: Voucher;
    try {
      value = parseVoucherAmount(v.vc_amount);
    } catch {
      return [];
    }
    return [{ no: v.vm_voucher_no, code: v.vc_code, name: v.vc_name, image: v.vc_image, value, expireDate: v.vc_expire_date, minSpendSen: v.min_spend }];
  });
}

/** Reshapes the cart at `store`, the member's addresses and vouchers into the view model, keeping only the lines of `codes`. */
export function toCheckoutView(cart: Cart, addresses: readonly Address[], codes: readonly string[], vouchers: readonly MemberVoucher[] = []): CheckoutView {
  const chosen = new Set(codes);
  const lines = cart.items
    .filter((i) => chosen.has(i.product_code))
    .map((i): CheckoutLine => {
      const priceSen = i.product_price;
      return {
        code: i.product_code,
        name: i.product_name,
        picture: i.product_picture,
        quantity: i.product_quantity,
        priceSen,
        amountSen: lineAmount(priceSen, i.product_quantity),
      };
    });
  return {
    store: cart.store,
    lines,
    subtotalSen: subtotal(lines.map((l) => ({ priceSen: l.priceSen, quantity: l.quantity }))),
    addresses: addresses.map((a) => ({
      ...addressView({ person: a.add_person, phone: a.add_phone, address1: a.add_address1, address2: a.add_address2, postcode: a.add_postcode, city: a.add_city, state: a.add_state }),
      id: a.add_id,
      state: a.add_state,
      isDefault: a.add_default === 1,
    })),
    vouchers: toCheckoutVouchers(vouchers),
  };
}
