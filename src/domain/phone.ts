/**
 * Phone numbers as the shop shows them (coverage.md §2 Order success page: "phone prefixed with +").
 * The rule of what a Malaysian number is lives in ./validation.ts.
 */
import { isMalaysianPhone, normalizeMalaysianPhone } from './validation';

/**
 * A phone number for display: '+' and international digits. A Malaysian number is normalised
 * ('012-345 6789' → '+60123456789'); anything else keeps its text without a leading '+'
 * ('+6591234567' → '+6591234567', '6591234567' → '+6591234567'). Empty or missing → ''.
 * Show it inside a left-to-right run (`dir="ltr"`) in right-to-left pages.
 */
export function displayPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  return `+${isMalaysianPhone(text) ? normalizeMalaysianPhone(text) : text.replace(/^\+/, '')}`;
}
