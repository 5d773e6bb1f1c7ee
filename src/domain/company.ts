/**
 * Company facts shown on the content pages (coverage.md §1 Content pages: "business age shown as current
 * year minus 2007"; Member zone facts). Pure functions; the figures come from constants.ts and
 * points.ts, never typed by hand into the page text.
 */
import { BUSINESS_MEMBER_MIN_RECEIPT_SEN, COMPANY_FOUNDED_YEAR, MEMBERSHIP_FEE_SEN, OUTLET_COUNT } from './constants';
import { formatPrice } from './money';
import { POINTS_PER_REBATE, REBATE_SEN_PER_BLOCK } from './points';
import { shopYear } from './shop-time';

/**
 * Years in business: the current Malaysian calendar year minus the founding year (2007), never
 * below 0. 2024 → 17, 2026 → 19.
 */
export function businessAge(now: Date): number {
  return Math.max(0, shopYear(now) - COMPANY_FOUNDED_YEAR);
}

/** The figures content pages may quote as {{name}} placeholders in their markdown. */
export function companyFacts(now: Date): Record<string, string> {
  return {
    founded_year: String(COMPANY_FOUNDED_YEAR),
    business_age: String(businessAge(now)),
    outlet_count: String(OUTLET_COUNT),
    points_per_rebate: String(POINTS_PER_REBATE),
    rebate: formatPrice(REBATE_SEN_PER_BLOCK),
    membership_fee: formatPrice(MEMBERSHIP_FEE_SEN),
    business_min_receipt: formatPrice(BUSINESS_MEMBER_MIN_RECEIPT_SEN),
  };
}

/**
 * Replaces `{{name}}` placeholders in rendered page text with the facts; unknown names are left as
 * they are so a typo shows up instead of vanishing.
 */
export function fillFacts(text: string, facts: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => facts[name] ?? whole);
}
