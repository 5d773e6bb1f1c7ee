/**
 * The birthday voucher (coverage.md §3 Profile birthday_claimed and is_birthday; §4 Birthday): a member
 * may claim one birthday voucher a year, during their birthday month. Dates are Malaysian calendar
 * dates ('YYYY-MM-DD', src/domain/shop-time.ts `shopDate`), so the month turns at midnight in the
 * shop's time zone, not the server's.
 */

/**
 * Whether `today` (the shop's date, 'YYYY-MM-DD') falls in the birthday month of `birthday`
 * ('YYYY-MM-DD', or null when the member gave none). Shop rule (coverage.md §4 names no period): the whole
 * birthday month. Example: ('1990-11-30', '2026-11-01') → true; ('1990-11-30', '2026-12-01') → false.
 */
export function isBirthdayMonth(birthday: string | null | undefined, today: string): boolean {
  return !!birthday && birthday.slice(5, 7) === today.slice(5, 7);
}

/** The claim year of `today` ('YYYY-MM-DD'): the year a claim made today counts for. '2026-11-22' → 2026. */
export function claimYear(today: string): number {
  return Number(today.slice(0, 4));
}

/** Whether a member whose last claim counted for `claimedYear` (null: never) has claimed in `today`'s year. */
export function hasClaimedThisYear(claimedYear: number | null | undefined, today: string): boolean {
  return claimedYear === claimYear(today);
}
