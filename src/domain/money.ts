/**
 * Money: the ONE module that converts and rounds amounts (docs/architecture.md "Money", coverage.md §5 Display, §9).
 *
 * - Inside the code every amount is an integer number of sen (RM 1 = 100 sen), a safe integer.
 * - The contract carries ringgit with 2 decimals: `formatAmount` ('16.90') and `toRinggit` (16.9).
 * - Display rounds to the nearest 0.05 (5 sen): `roundToFiveSen`, `formatPrice`.
 * - Parsing is decimal-exact: '1.005' and 1.005 both mean 100.5 sen, never a binary artefact.
 *
 * Errors: every function throws `RangeError` on a value that is not a valid amount.
 */
import type { Locale } from './constants';

/** Options of `toSen`. */
export interface ToSenOptions {
  /** Reject more than 2 decimals instead of rounding them (half away from zero). Default false. */
  strict?: boolean;
  /** Allow negative amounts (discounts, rounding adjustments). Default true. */
  allowNegative?: boolean;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Convert ringgit to integer sen.
 *
 * @param rm ringgit as a number (16.9) or a decimal string ('16.90', ' 16.9 ', '-5', '.5');
 *   no thousands separators, no currency symbol, no exponent in strings.
 * @returns sen, a safe integer (1690). More than 2 decimals round half away from zero
 *   ('0.125' → 13, '-0.125' → -13) unless `strict`.
 * @throws RangeError when the value is not a finite decimal, is negative while
 *   `allowNegative: false`, has more than 2 decimals while `strict`, or is beyond a safe integer.
 * Spec: docs/architecture.md "Money" (amounts on the contract are ringgit with 2 decimals).
 */
export function toSen(rm: number | string, options: ToSenOptions = {}): number {
  const { strict = false, allowNegative = true } = options;
  let text: string;
  if (typeof rm === 'number') {
    if (!Number.isFinite(rm)) throw new RangeError(`Amount must be a finite number, got ${rm}`);
    text = String(rm);
    if (/e/i.test(text)) {
      // Exponent form: either tiny (below 1 sen) or far beyond any real amount.
      if (Math.abs(rm) >= 1) throw new RangeError(`Amount ${text} is too large`);
      if (strict) throw new RangeError(`Amount ${text} has more than 2 decimals`);
      text = '0';
    }
  } else if (typeof rm === 'string') {
    text = rm.trim();
  } else {
    throw new RangeError(`Amount must be a number or a string, got ${typeof rm}`);
  }
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Amount "${String(rm)}" is not a decimal number`);
  }
  const [, sign, whole, fraction = ''] = match;
  if (strict && fraction.length > 2) throw new RangeError(`Amount "${String(rm)}" has more than 2 decimals`);
  const cents = Number((fraction + '00').slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const magnitude = Number(whole || '0') * 100 + cents + roundUp;
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`Amount "${String(rm)}" is too large`);
  const sen = sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
  if (!allowNegative && sen < 0) throw new RangeError(`Amount "${String(rm)}" must not be negative`);
  return sen;
}

/**
 * Assert that a value is integer sen (a safe integer).
 * @throws RangeError otherwise; `what` names the value in the message.
 */
export function assertSen(sen: number, what = 'Amount in sen'): void {
  if (!Number.isSafeInteger(sen)) throw new RangeError(`${what} must be a whole number of sen, got ${sen}`);
}

/**
 * Convert integer sen to ringgit as a number with at most 2 decimals (1690 → 16.9).
 * @throws RangeError when `sen` is not a safe integer.
 */
export function toRinggit(sen: number): number {
  assertSen(sen);
  return sen / 100;
}

/**
 * Format integer sen as the contract's ringgit amount with exactly 2 decimals and no symbol or
 * grouping: 1690 → '16.90', 5 → '0.05', -500 → '-5.00'. coverage.md §4 "amounts are sent with 2 decimals".
 * @throws RangeError when `sen` is not a safe integer.
 */
export function formatAmount(sen: number): string {
  assertSen(sen);
  const magnitude = Math.abs(sen);
  const whole = Math.floor(magnitude / 100);
  const cents = String(magnitude % 100).padStart(2, '0');
  return `${sen < 0 ? '-' : ''}${whole}.${cents}`;
}

/**
 * Round integer sen to the nearest 5 sen (RM 0.05), coverage.md §5 "Display: prices are rounded to the
 * nearest 0.05" and §9. Remainders 1–2 round down, 3–4 round up (for integers the nearest multiple
 * of 5 is always unique, so "half up" never has to break a tie): 1691 → 1690, 1693 → 1695,
 * -1693 → -1695. The result is within 2 sen of the input.
 * @throws RangeError when `sen` is not a safe integer.
 */
export function roundToFiveSen(sen: number): number {
  assertSen(sen);
  const remainder = ((sen % 5) + 5) % 5; // 0..4, also for negative amounts
  const rounded = remainder <= 2 ? sen - remainder : sen + (5 - remainder);
  return rounded === 0 ? 0 : rounded; // never -0
}

/**
 * The rounding value sent with an order (`order_rounding`): rounded − exact, in sen, from -2 to 2.
 * coverage.md §4 Checkout "a rounding value is sent". 1693 → 2, 1691 → -1.
 * @throws RangeError when `sen` is not a safe integer.
 */
export function roundingAdjustment(sen: number): number {
  return roundToFiveSen(sen) - sen;
}

/** Group the whole ringgit with commas: 1234567 → '1,234,567'. */
function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Format a price for display: rounded to the nearest 5 sen first, 'RM' + space + ringgit with 2
 * decimals and comma thousands grouping: 1691 → 'RM 16.90', 123450 → 'RM 1,234.50', -500 →
 * '-RM 5.00'. Latin digits and the 'RM' symbol in every locale; for 'ar' the page layout handles
 * direction (an 'RM 16.90' run stays left to right inside right-to-left text).
 * @param sen integer sen
 * @param locale 'en' | 'zh' | 'ar' (today all three print the same; kept for future variants)
 * @throws RangeError when `sen` is not a safe integer.
 * coverage.md §1 Currency (MYR, symbol RM), §5 Display.
 */
export function formatPrice(sen: number, locale: Locale = 'en'): string {
  void locale;
  return withSymbol(formatAmount(roundToFiveSen(sen)));
}

/** '16.90' → 'RM 16.90', '-1234.50' → '-RM 1,234.50'. */
function withSymbol(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, cents] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}RM ${groupThousands(whole!)}.${cents}`;
}

/**
 * Format an exact amount for display, without the 5-sen display rounding: 'RM' + space + ringgit
 * with 2 decimals and comma thousands grouping: 1693 → 'RM 16.93', -219 → '-RM 2.19'. For the
 * figures of a checkout or an order that must add up to the sen (subtotal, voucher, rounding).
 * @throws RangeError when `sen` is not a safe integer.
 */
export function formatExactPrice(sen: number): string {
  const amount = formatAmount(sen);
  const negative = amount.startsWith('-');
  const [whole, cents] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}RM ${groupThousands(whole!)}.${cents}`;
}

/**
 * The whole ringgit in an amount, rounded down: 1699 → 16, 100 → 1, 99 → 0 (-1 → -1).
 * For rules counted per whole RM 1, such as points earned (coverage.md §9).
 * @throws RangeError when `sen` is not a safe integer.
 */
export function wholeRinggit(sen: number): number {
  assertSen(sen);
  return Math.floor(sen / 100);
}

/**
 * A percentage of an amount, rounded to the nearest sen (half up), computed in integers so that
 * no binary artefact creeps in: 10% of 1695 → 170 (169.5), 33.33% of 1000 → 333.
 * @param sen integer sen ≥ 0
 * @param percent 0–100 with at most 2 decimals (10, 10.5, 12.25)
 * @param what names the percentage in the error message (default 'Percent')
 * @throws RangeError when `sen` is not a safe integer ≥ 0, or `percent` is outside 0–100 or has more
 *   than 2 decimals.
 */
export function percentOf(sen: number, percent: number, what = 'Percent'): number {
  assertSen(sen);
  if (sen < 0) throw new RangeError(`Amount must not be negative, got ${sen}`);
  const hundredths = Math.round(percent * 100); // percent in 1/100 %, exact for ≤ 2 decimals
  if (!(percent >= 0 && percent <= 100) || Math.abs(hundredths - percent * 100) > 1e-6) {
    throw new RangeError(`${what} must be 0–100 with at most 2 decimals, got ${percent}`);
  }
  // sen × percent / 100, rounded half up, in integers: (sen × hundredths + 5000) / 10000.
  return Math.floor((sen * hundredths + 5_000) / 10_000);
}

/**
 * A price after a whole-percent discount, rounded down to a multiple of 5 sen (so that it shows as
 * it is charged): 1290 − 15% → 1095 (exactly 1096.5), 1000 − 10% → 900.
 * @param sen integer sen ≥ 0
 * @param percentOff a whole number 0–100
 * @throws RangeError when `sen` is not a safe integer ≥ 0 or `percentOff` not a whole number 0–100.
 */
export function discountedPrice(sen: number, percentOff: number): number {
  assertSen(sen);
  if (sen < 0) throw new RangeError(`Amount must not be negative, got ${sen}`);
  if (!Number.isInteger(percentOff) || percentOff < 0 || percentOff > 100) throw new RangeError(`Discount must be a whole percent 0–100, got ${percentOff}`);
  return Math.floor((sen * (100 - percentOff)) / 100 / 5) * 5;
}

/** U+00A0 NO-BREAK SPACE: joins 'RM' to its figure wherever a price stands in running text. */
export const PRICE_SPACE = '\u00a0';

/**
 * A price for running text and narrow cells on a page (a voucher's minimum spend, a modal's figures,
 * the sandbox payment page), the one place that keeps 'RM' and its figure on one line (issue 24): as
 * `formatExactPrice` (`exact`, the default) or `formatPrice` (rounded to 5 sen), with a no-break
 * space after 'RM': 3000 → 'RM\u00a030.00', -219 → '-RM\u00a02.19'. Price.astro keeps the same run
 * together with `white-space: nowrap` instead.
 * @throws RangeError when `sen` is not a safe integer.
 */
export function formatPriceInText(sen: number, exact = true): string {
  return (exact ? formatExactPrice(sen) : formatPrice(sen)).replace('RM ', `RM${PRICE_SPACE}`);
}
