/**
 * Checkout totals and vouchers (coverage.md §3 Cart and Voucher, §4 Checkout). All amounts are integer sen.
 *
 * total = subtotal + delivery − voucher, floored at 0; the total charged is rounded to the nearest
 * 5 sen and the difference is the order's rounding value (`order_rounding`). The server recomputes
 * all of this from its own prices (docs/architecture.md "The server recomputes").
 * Errors: `RangeError` on amounts that are not non-negative integer sen, and on bad vouchers.
 */
import { assertSen, percentOf, roundingAdjustment, toSen } from './money';
import { CART_DEFAULT_SHIPPING_SEN, CART_DEFAULT_TAX_SEN, type DeliveryType } from './constants';

/** A product line as far as money goes: unit price in sen and quantity. */
export interface PricedLine {
  priceSen: number;
  quantity: number;
}

/** A parsed `vc_amount`: a fixed amount in sen, or a percentage (0–100, at most 2 decimals). */
export type Voucher = { kind: 'amount'; sen: number } | { kind: 'percent'; percent: number };

/** The figures of a checkout, all in sen. */
export interface OrderTotals {
  /** Product subtotal. */
  subtotalSen: number;
  /** Delivery charge (0 for pick-up). */
  deliverySen: number;
  /** Voucher discount actually applied (never more than subtotal + delivery). */
  voucherSen: number;
  /** subtotal + delivery − voucher, floored at 0, before rounding. */
  exactTotalSen: number;
  /** totalSen − exactTotalSen, from -2 to 2 (`order_rounding`). */
  roundingSen: number;
  /** The amount to pay, rounded to the nearest 5 sen (`order_amount`). */
  totalSen: number;
}

function assertNonNegativeSen(sen: number, what: string): void {
  assertSen(sen, what);
  if (sen < 0) throw new RangeError(`${what} must not be negative, got ${sen}`);
}

/**
 * Line total: unit price × quantity, in sen (coverage.md §3 Cart "Line subtotal is quantity times price").
 * @param priceSen unit price, integer sen ≥ 0
 * @param quantity integer ≥ 0
 * @throws RangeError on a negative or fractional price or quantity, or an unsafe product.
 */
export function lineAmount(priceSen: number, quantity: number): number {
  assertNonNegativeSen(priceSen, 'Unit price');
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number ≥ 0, got ${quantity}`);
  }
  const amount = priceSen * quantity;
  if (!Number.isSafeInteger(amount)) throw new RangeError('Line amount is too large');
  return amount;
}

/**
 * Product subtotal: the sum of the line amounts, in sen (0 for no lines).
 * @throws RangeError as `lineAmount`, or when the sum is too large.
 */
export function subtotal(lines: readonly PricedLine[]): number {
  const sum = lines.reduce((acc, line) => acc + lineAmount(line.priceSen, line.quantity), 0);
  if (!Number.isSafeInteger(sum)) throw new RangeError('Subtotal is too large');
  return sum;
}

const PERCENT_RE = /^(\d+(?:\.\d{1,2})?)\s*%$/;
const AMOUNT_RE = /^(?:RM\s*)?(\d+(?:\.\d{1,2})?)$/i;

/**
 * Parse a voucher's `vc_amount` (coverage.md §3 "a fixed amount or a percent string").
 * '5.00' / '5' / 'RM5.00' → { kind: 'amount', sen: 500 }; '10%' / '10.5 %' → { kind: 'percent',
 * percent: 10.5 }. Surrounding spaces are ignored; at most 2 decimals.
 * @throws RangeError on anything else: empty, negative, garbage, or a percent above 100.
 */
export function parseVoucherAmount(vc_amount: string): Voucher {
  const text = typeof vc_amount === 'string' ? vc_amount.trim() : '';
  const percent = PERCENT_RE.exec(text);
  if (percent) {
    const value = Number(percent[1]);
    if (value > 100) throw new RangeError(`Voucher percent must be at most 100, got "${vc_amount}"`);
    return { kind: 'percent', percent: value };
  }
  const amount = AMOUNT_RE.exec(text);
  if (amount) return { kind: 'amount', sen: toSen(amount[1]!, { strict: true, allowNegative: false }) };
  throw new RangeError(`Voucher amount "${String(vc_amount)}" is neither an amount like "5.00" nor a percent like "10%"`);
}

/**
 * The discount a voucher gives, in sen (coverage.md §4 Checkout).
 * - Percent: applies to subtotal + delivery, rounded to the nearest sen (half up):
 *   10% of 1695 sen → 170 sen. Never more than subtotal + delivery.
 * - Fixed amount: capped at subtotal + delivery, so the total never goes below 0.
 * Minimum spend and validity are the server's voucher check, not this function's.
 * @throws RangeError on negative or fractional amounts, or a percent outside 0–100 or with more
 *   than 2 decimals.
 */
export function voucherDiscount(voucher: Voucher, subtotalSen: number, deliverySen: number): number {
  assertNonNegativeSen(subtotalSen, 'Subtotal');
  assertNonNegativeSen(deliverySen, 'Delivery charge');
  const base = subtotalSen + deliverySen;
  if (voucher.kind === 'percent') return Math.min(base, percentOf(base, voucher.percent, 'Voucher percent'));
  assertNonNegativeSen(voucher.sen, 'Voucher amount');
  return Math.min(base, voucher.sen);
}

/** Input of `orderTotals`. `voucher` may be parsed already or a raw `vc_amount` string. */
export interface OrderTotalsInput {
  subtotalSen: number;
  deliverySen: number;
  voucher?: Voucher | string | null;
}

/**
 * Compute checkout totals (coverage.md §4 Checkout): voucher = `voucherDiscount`; exact total =
 * subtotal + delivery − voucher, floored at 0; rounding = `roundingAdjustment(exact)`;
 * total = exact + rounding, i.e. exact rounded to the nearest 5 sen. Example: 1693 + 500 − 10% →
 * voucher 219, exact 1974, rounding 1, total 1975.
 * @throws RangeError on invalid amounts or voucher.
 */
export function orderTotals({ subtotalSen, deliverySen, voucher }: OrderTotalsInput): OrderTotals {
  const parsed = typeof voucher === 'string' ? parseVoucherAmount(voucher) : voucher;
  const voucherSen = parsed ? voucherDiscount(parsed, subtotalSen, deliverySen) : 0;
  assertNonNegativeSen(subtotalSen, 'Subtotal');
  assertNonNegativeSen(deliverySen, 'Delivery charge');
  const exactTotalSen = Math.max(0, subtotalSen + deliverySen - voucherSen);
  const roundingSen = roundingAdjustment(exactTotalSen);
  return { subtotalSen, deliverySen, voucherSen, exactTotalSen, roundingSen, totalSen: exactTotalSen + roundingSen };
}

/** The cart's estimate (coverage.md §3 Cart "subtotal, total, extra lines"), all in sen. */
export interface CartEstimate {
  subtotalSen: number;
  /** The shipping line: the spec's client default (RM 25.00) for delivery, 0 for a store pick-up. */
  shippingSen: number;
  /** The tax line: the spec's client default, 0. */
  taxSen: number;
  /** subtotal + shipping + tax. */
  totalSen: number;
}

/**
 * The cart's total with its extra lines (coverage.md §3 Cart: "a shipping line of 25 and tax 0 as client
 * defaults"; §9). An estimate: checkout replaces the shipping line with the real delivery charge
 * (delivery_charges, by the address's state and distance) and a voucher may apply there. A store
 * pick-up has no shipping, so its line is 0 (the default would only mislead); with no delivery
 * choice yet (`type` null) the default applies.
 * @param subtotalSen the selected lines' subtotal (`subtotal`), integer sen ≥ 0
 * @throws RangeError on a negative or fractional subtotal.
 */
export function cartEstimate(subtotalSen: number, type: DeliveryType | null): CartEstimate {
  assertNonNegativeSen(subtotalSen, 'Subtotal');
  const shippingSen = type === 'PICKUP' || subtotalSen === 0 ? 0 : CART_DEFAULT_SHIPPING_SEN;
  const taxSen = CART_DEFAULT_TAX_SEN;
  return { subtotalSen, shippingSen, taxSen, totalSen: subtotalSen + shippingSen + taxSen };
}
