/**
 * Membership points (coverage.md §1 Member zone facts, §9 "Member points: RM10 for every 500 points").
 * Points are whole numbers; money is integer sen.
 */
import { BUSINESS_MEMBER_MIN_RECEIPT_SEN } from './constants';
import { assertSen, wholeRinggit } from './money';

/** Points that make one rebate block. */
export const POINTS_PER_REBATE = 500;
/** Value of one rebate block: RM 10, in sen. */
export const REBATE_SEN_PER_BLOCK = 1_000;
/** Shop rule (spec silent): points earned per whole ringgit of product subtotal. */
const POINTS_PER_RINGGIT = 1;

function assertPoints(points: number): void {
  if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`Points must be a whole number ≥ 0, got ${points}`);
}

/**
 * Rebate a member's points are worth, in sen: RM 10 for every full 500 points (coverage.md §1, §9).
 * 499 → 0, 500 → 1000, 1499 → 2000.
 * @throws RangeError when `points` is negative or not an integer.
 */
export function rebateForPoints(points: number): number {
  assertPoints(points);
  return Math.floor(points / POINTS_PER_REBATE) * REBATE_SEN_PER_BLOCK;
}

/**
 * Points a rebate costs (the inverse of `rebateForPoints`): sen must be a whole number of RM 10
 * blocks. 2000 → 1000 points.
 * @throws RangeError when `rebateSen` is negative or not a multiple of 1000 sen.
 */
export function pointsForRebate(rebateSen: number): number {
  assertSen(rebateSen, 'Rebate');
  if (rebateSen < 0 || rebateSen % REBATE_SEN_PER_BLOCK !== 0) {
    throw new RangeError(`Rebate must be a multiple of RM 10 (1000 sen), got ${rebateSen}`);
  }
  return (rebateSen / REBATE_SEN_PER_BLOCK) * POINTS_PER_REBATE;
}

/**
 * Points earned on an order. Shop rule (the spec is silent): 1 point per whole RM 1 of the product
 * subtotal, floored; delivery charges, vouchers and rounding do not count. 1699 sen → 16 points.
 * @param productSubtotalSen integer sen ≥ 0
 * @throws RangeError on negative or fractional sen.
 */
export function pointsEarned(productSubtotalSen: number): number {
  assertSen(productSubtotalSen, 'Product subtotal');
  if (productSubtotalSen < 0) throw new RangeError(`Product subtotal must not be negative, got ${productSubtotalSen}`);
  return wholeRinggit(productSubtotalSen) * POINTS_PER_RINGGIT;
}

/**
 * Whether a single receipt qualifies for business membership: RM 100 or more (coverage.md §1).
 * @throws RangeError on fractional sen.
 */
export function qualifiesForBusinessMember(receiptSen: number): boolean {
  assertSen(receiptSen, 'Receipt amount');
  return receiptSen >= BUSINESS_MEMBER_MIN_RECEIPT_SEN;
}

/**
 * What a change of an order's status does to the member's points (coverage.md §1 points; ADR 9, ADR 12):
 * - `earn`: the order enters Paid (from Pending or Processing Payment: a provider's callback, the
 *   zero-amount confirmation, a reconcile). The member earns `pointsEarned(subtotal)` once.
 * - `reverse`: a paid order (Paid, Delivering, Ready To Pickup) is cancelled and refunded: the
 *   points it earned are taken back.
 * - null: anything else (an unpaid order cancelled earns and reverses nothing).
 * Example: ('Processing Payment', 'Paid') → 'earn'; ('Paid', 'Cancelled') → 'reverse';
 * ('Pending', 'Cancelled') → null.
 */
export type OrderPointsEffect = 'earn' | 'reverse' | null;

/** Statuses of an order that has been paid and not cancelled (coverage.md §3 To Receive, and after). */
const PAID_STATUSES: readonly string[] = ['Paid', 'Delivering', 'Ready To Pickup', 'Waiting Comment', 'Completed'];

export function orderPointsEffect(from: string, to: string): OrderPointsEffect {
  const wasPaid = PAID_STATUSES.includes(from);
  if (to === 'Paid' && !wasPaid) return 'earn';
  if (to === 'Cancelled' && wasPaid) return 'reverse';
  return null;
}

/**
 * How much of an order's earned points a reversal can take back from a balance: never more than
 * the balance, so it never goes below 0 (coverage.md §1). `shortfall` is what the member had already
 * spent and keeps (recorded in the history entry's description; the shop absorbs it).
 * Example: (earned 50, balance 120) → { taken: 50, shortfall: 0 }; (50, 20) → { taken: 20, shortfall: 30 }.
 * @throws RangeError when either number is negative or not an integer.
 */
export function pointsReversal(earned: number, balance: number): { taken: number; shortfall: number } {
  assertPoints(earned);
  assertPoints(balance);
  const taken = Math.min(earned, balance);
  return { taken, shortfall: earned - taken };
}

/**
 * Why points moved (issue 24 "Words and numbers"): every `point_transactions` row carries one of
 * these with its parameters (`PointReasonParams`), and each language words it from its message
 * catalogue (`points_reason_<reason>`), so no history line is stored in one language.
 * - `welcome`: the welcome bonus of a new member; no parameters.
 * - `outlet_purchase`: a receipt at an outlet; `receipt` (its number, 'S001-20260912-0042').
 * - `double_points`: an outlet purchase on a double-points day; `receipt` when known.
 * - `order_earn`: an online order was paid; `order` (its number).
 * - `order_reverse`: a paid order was cancelled; `order`, `shortfall` (points already spent, 0 when none).
 * - `order_adjust`: items of a paid order were not available; `order`, `shortfall`.
 * - `redeem`: points exchanged for a voucher; `voucher` (the voucher kind's code, 'RM5OFF').
 * - `other`: a movement written before reasons existed that no rule recognised; no parameters.
 */
export const POINT_REASONS = ['welcome', 'outlet_purchase', 'double_points', 'order_earn', 'order_reverse', 'order_adjust', 'redeem', 'other'] as const;
export type PointReason = (typeof POINT_REASONS)[number];
/** The parameters of a reason: numbers and codes only, never words. */
export type PointReasonParams = { receipt?: string; order?: string; shortfall?: number; voucher?: string };

/** True when `value` is a known reason (anything else is shown as `other`). */
export function isPointReason(value: unknown): value is PointReason {
  return typeof value === 'string' && (POINT_REASONS as readonly string[]).includes(value);
}
