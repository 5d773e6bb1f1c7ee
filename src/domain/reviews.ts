/**
 * Product review figures (coverage.md §2 Product detail Reviews, §3 Review, §9 "Review average rounded to
 * 1 decimal, scale 0 to 5").
 */
import { REVIEW_RATE_MAX, REVIEW_RATE_MIN, type Locale } from './constants';

/** The star counts a review can have, highest first: the Reviews tab's filter order (5 … 0). */
export const REVIEW_RATES = [5, 4, 3, 2, 1, 0] as const;
type ReviewRate = (typeof REVIEW_RATES)[number];

/**
 * True when `rate` is a whole star count 0–5 (`review_rate`).
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function isReviewRate(rate: unknown): rate is number {
  return Number.isInteger(rate) && (rate as number) >= REVIEW_RATE_MIN && (rate as number) <= REVIEW_RATE_MAX;
}

/** round(sum / n, 1) half up in integer arithmetic: floor((20·sum + n) / (2n)) / 10. */
function roundedMean(sum: number, n: number): number {
  return n === 0 ? 0 : Math.floor((20 * sum + n) / (2 * n)) / 10;
}

/**
 * Average rating out of 5.0, rounded to 1 decimal (half up); 0 when there are no reviews.
 * [5, 4, 4] → 4.3; [5, 4] → 4.5.
 * @throws RangeError when a rate is not a whole number 0–5.
 * @internal Exported for the unit tests only: the per-review form of the rule `ratingSummary`
 *   applies to counts, and the oracle its tests compare against.
 */
export function averageRating(rates: readonly number[]): number {
  let sum = 0;
  for (const rate of rates) {
    if (!isReviewRate(rate)) throw new RangeError(`review_rate must be a whole number 0–5, got ${rate}`);
    sum += rate;
  }
  return roundedMean(sum, rates.length);
}

/** How a product's reviews add up: the average (as `averageRating`), the count, and the count per star 0–5. */
export type RatingSummary = { average: number; count: number; byRate: Record<ReviewRate, number> };

/**
 * The summary from the number of reviews per star, e.g. { 5: 2, 4: 1 } → average 4.7, count 3.
 * Missing stars count 0. Same rounding as `averageRating`, without listing every rate.
 * @throws RangeError for a key that is not a star 0–5 or a count that is not a whole number ≥ 0.
 */
export function ratingSummary(countsByRate: Partial<Record<number, number>>): RatingSummary {
  const byRate = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0, 0: 0 } as Record<ReviewRate, number>;
  let sum = 0;
  let count = 0;
  for (const [key, n] of Object.entries(countsByRate)) {
    const rate = Number(key);
    if (!isReviewRate(rate)) throw new RangeError(`review_rate must be a whole number 0–5, got ${key}`);
    if (!Number.isSafeInteger(n) || (n as number) < 0) throw new RangeError(`review count must be a whole number ≥ 0, got ${n}`);
    byRate[rate as ReviewRate] = n as number;
    sum += rate * (n as number);
    count += n as number;
  }
  return { average: roundedMean(sum, count), count, byRate };
}

/**
 * How a reviewer is shown to everyone (coverage.md §3 Review `member`): the first name, then the last
 * name's initial with the rest masked. ('Mei Ling', 'Tan') → 'Mei Ling T***'; ('Ali', '') → 'Ali'.
 * Surrounding spaces are dropped; an empty first name shows the masked last name alone.
 */
export function maskMemberName(firstName: string, lastName = ''): string {
  const first = firstName.trim();
  const last = lastName.trim();
  const masked = last ? `${[...last][0]}***` : '';
  return [first, masked].filter(Boolean).join(' ');
}

/** The letter of an initial-letter avatar: the first character of the shown name, upper-cased; '?' when empty. */
export function avatarInitial(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * An average as shown next to the stars, always with one decimal (coverage.md §2 Reviews "average rating
 * out of 5.0"): 4.3 → '4.3', 5 → '5.0', 0 → '0.0'. Latin digits in every language.
 * @throws RangeError when `average` is not a number from 0 to 5.
 */
export function formatAverage(average: number): string {
  if (!(average >= 0 && average <= REVIEW_RATE_MAX)) throw new RangeError(`average must be 0–5, got ${average}`);
  // eslint-disable-next-line no-restricted-syntax -- a star rating, not money
  return average.toFixed(1);
}

/** The review date formatters, one per language (building one per render cost about 1 % of a product page). */
const reviewDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * The date a review was written, as the Reviews tab shows it: medium style in the shop's time zone
 * (Asia/Kuala_Lumpur), Latin digits. ('2026-11-22T03:00:00.000Z', 'en') → '22 Nov 2026'; ZH
 * '2026年11月22日'; AR '22/11/2026' with right-to-left marks around the slashes. @param writtenAt an ISO 8601 instant (`review_datetime`).
 */
export function formatReviewDate(writtenAt: string, locale: Locale): string {
  let format = reviewDateFormats.get(locale);
  if (!format) {
    const tag = locale === 'zh' ? 'zh-Hans-MY' : locale === 'ar' ? 'ar-MY' : 'en-MY';
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Asia/Kuala_Lumpur', numberingSystem: 'latn' });
    reviewDateFormats.set(locale, format);
  }
  return format.format(new Date(writtenAt));
}
