/**
 * When a member voucher can be used (coverage.md §3 Voucher, §4 Checkout "choosing a voucher", Voucher
 * tabs Active / Expired-Used). Pure: the server's order and validation checks, its Active and
 * Expired/Used listings, and the checkout's voucher picker all ask these functions, so the rule is
 * written once. Dates are the shop's (Malaysian) 'YYYY-MM-DD' (src/domain/shop-time.ts `shopDate`);
 * money is integer sen.
 */

/** A member voucher as far as the rule goes. */
export type VoucherHolding = {
  /** Last valid day, 'YYYY-MM-DD' (Malaysian date): the voucher is valid through it. */
  expireDate: string;
  /** When an order used it; null while unused. */
  usedAt: Date | string | null;
  /** Minimum product subtotal, sen (delivery does not count). */
  minSpendSen: number;
};

/** Where a voucher stands on a day: listed under Active, or under Expired/Used. */
export type VoucherState = 'active' | 'used' | 'expired';

/**
 * Why a voucher cannot apply to an order: 'unknown' (no such voucher of this member), 'used',
 * 'expired', or 'min_spend' (product subtotal below the minimum).
 */
export type VoucherRefusal = 'unknown' | 'used' | 'expired' | 'min_spend';

/**
 * The state of a voucher on `today` ('YYYY-MM-DD'): used wins over expired.
 * ({ expireDate: '2026-11-22', usedAt: null }, '2026-11-22') → 'active' (valid through its last day);
 * (…, '2026-11-23') → 'expired'.
 */
export function voucherState(v: Pick<VoucherHolding, 'expireDate' | 'usedAt'>, today: string): VoucherState {
  if (v.usedAt) return 'used';
  return v.expireDate < today ? 'expired' : 'active';
}

/**
 * Why the voucher cannot apply to an order of product subtotal `subtotalSen` (sen) on `today`, or
 * null when it can. `undefined` (not found among the member's vouchers) → 'unknown'.
 * Example: min spend 3000 sen, subtotal 2990 → 'min_spend'; subtotal 3000 → null.
 */
export function voucherRefusal(v: VoucherHolding | undefined, subtotalSen: number, today: string): VoucherRefusal | null {
  if (!v) return 'unknown';
  const state = voucherState(v, today);
  if (state !== 'active') return state;
  return subtotalSen < v.minSpendSen ? 'min_spend' : null;
}

/** How much more the products must cost for the voucher to apply, sen (0 when already enough). 3000, 2150 → 850. */
export function minSpendShortfall(minSpendSen: number, subtotalSen: number): number {
  return Math.max(0, minSpendSen - subtotalSen);
}

/** Shop rule (spec silent): a voucher redeemed with points is valid for 90 days, the day of redemption included. */
export const REDEEMED_VOUCHER_VALID_DAYS = 90;

/** Days a claimed birthday voucher stays valid, the day of the claim included (shop rule, spec silent; the voucher's terms say 30 days). */
export const BIRTHDAY_VOUCHER_VALID_DAYS = 30;
