/**
 * Product review figures (spec §2 Product detail Reviews, §3 Review, §9 "Review average rounded to
 * 1 decimal, scale 0 to 5").
 */
import { REVIEW_RATE_MAX, REVIEW_RATE_MIN } from './constants';

/** True when `rate` is a whole star count 0–5 (`review_rate`). */
export function isReviewRate(rate: unknown): rate is number {
  return Number.isInteger(rate) && (rate as number) >= REVIEW_RATE_MIN && (rate as number) <= REVIEW_RATE_MAX;
}

/**
 * Average rating out of 5.0, rounded to 1 decimal (half up); 0 when there are no reviews.
 * [5, 4, 4] → 4.3; [5, 4] → 4.5.
 * @throws RangeError when a rate is not a whole number 0–5.
 */
export function averageRating(rates: readonly number[]): number {
  if (rates.length === 0) return 0;
  let sum = 0;
  for (const rate of rates) {
    if (!isReviewRate(rate)) throw new RangeError(`review_rate must be a whole number 0–5, got ${rate}`);
    sum += rate;
  }
  // Integer arithmetic: round(sum / n, 1) = floor((20·sum + n) / (2n)) / 10, exact half up.
  return Math.floor((20 * sum + rates.length) / (2 * rates.length)) / 10;
}
