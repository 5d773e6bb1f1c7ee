/**
 * The date range of the outlet purchase history (coverage.md §3 Purchase history "queried by fromDate and
 * toDate"; §7 get_purchase_history_data/{member}/{fromDate}/{toDate}; §2 /account/purchase-history).
 *
 * Dates are the shop's calendar dates 'YYYY-MM-DD' (coverage.md §9 date format), in Malaysia (UTC+8,
 * `shop-time.ts`). A range is inclusive at both ends: from ≤ to, at most PURCHASE_RANGE_MAX_DAYS
 * days long counting both ends. The page opens on the last PURCHASE_RANGE_DEFAULT_MONTHS months
 * ending today. The spec gives no limit; these are the shop's own, kept here once for the API and
 * the page.
 *
 * Examples: checkPurchaseRange('2026-08-23', '2026-11-23') → { ok: true, … };
 * checkPurchaseRange('2026-11-23', '2026-08-23') → { ok: false, reason: 'purchase_range_order' }.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { addMonths, isDateString, shopDate, type Instant } from './shop-time';

dayjs.extend(utc);

/** Longest range one query may cover, in days counting both ends (a leap year). */
export const PURCHASE_RANGE_MAX_DAYS = 366;
/** The range the page shows when none is asked for: this many months back to today. */
export const PURCHASE_RANGE_DEFAULT_MONTHS = 3;

/** A checked range: two shop dates 'YYYY-MM-DD', from ≤ to. */
export type PurchaseRange = { from: string; to: string };

/**
 * Why a range is refused; each is a message key of the catalogue (answered in the caller's
 * language): a date not written as a real 'YYYY-MM-DD', from after to, or longer than the limit.
 */
export type PurchaseRangeProblem = 'purchase_date_invalid' | 'purchase_range_order' | 'purchase_range_too_long';

export type PurchaseRangeCheck = ({ ok: true } & PurchaseRange) | { ok: false; reason: PurchaseRangeProblem; field: 'fromDate' | 'toDate' };

/** Days of an inclusive range ('2026-11-01'..'2026-11-01' → 1). Both dates must be valid. */
export function rangeDays(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day') + 1;
}

/**
 * Checks a range given as text. Never throws: any input (undefined, '', '2026-02-30', '1/2/2026')
 * is answered with ok or a reason and the field it concerns.
 */
export function checkPurchaseRange(from: unknown, to: unknown): PurchaseRangeCheck {
  if (!isDateString(from)) return { ok: false, reason: 'purchase_date_invalid', field: 'fromDate' };
  if (!isDateString(to)) return { ok: false, reason: 'purchase_date_invalid', field: 'toDate' };
  if (from > to) return { ok: false, reason: 'purchase_range_order', field: 'fromDate' };
  if (rangeDays(from, to) > PURCHASE_RANGE_MAX_DAYS) return { ok: false, reason: 'purchase_range_too_long', field: 'fromDate' };
  return { ok: true, from, to };
}

/**
 * The default range at `now`: PURCHASE_RANGE_DEFAULT_MONTHS months back (same day of the month,
 * clamped to the month's end) to today, in the shop's time zone.
 * At 2026-11-22T17:00Z (23 Nov in Malaysia) → { from: '2026-08-23', to: '2026-11-23' }.
 * @throws RangeError on an invalid instant.
 */
export function defaultPurchaseRange(now: Instant): PurchaseRange {
  const to = shopDate(now);
  return { from: addMonths(to, -PURCHASE_RANGE_DEFAULT_MONTHS), to };
}

/**
 * The range a page asks for from its query string: each date missing or empty takes the default's
 * (so `?fromDate=2026-01-01` alone reads to today); values given are passed on as they are, for
 * `checkPurchaseRange` (the API's) to judge.
 */
export function requestedPurchaseRange(from: string | null | undefined, to: string | null | undefined, now: Instant): { from: string; to: string } {
  const fallback = defaultPurchaseRange(now);
  return { from: from?.trim() || fallback.from, to: to?.trim() || fallback.to };
}
