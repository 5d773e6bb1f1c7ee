/**
 * Texts of a voucher card shared by the checkout's picker and the account's vouchers (coverage.md §3
 * Voucher): its value, its minimum spend and its expiry date, in the shopper's language.
 */
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { formatPriceInText } from '../../../domain/money';
import type { Voucher } from '../../../domain/totals';
import type { bindLocale } from '../../../components/islands/i18n';

/** '5.00' → 'RM 5.00 off' (a no-break space after RM), '10%' → '10% off', in the locale. */
export function valueText(t: ReturnType<typeof bindLocale>, value: Voucher): string {
  return value.kind === 'amount' ? t(m.voucher_value_amount, { amount: formatPriceInText(value.sen) }) : t(m.voucher_value_percent, { percent: String(value.percent) });
}

/**
 * 3000 → 'Min. spend RM 30.00' ('No minimum spend' for 0), in the locale; the amount's space does
 * not break, so 'RM' never ends a line apart from its figure (an Arabic card wraps its text).
 */
export function minSpendText(t: ReturnType<typeof bindLocale>, minSpendSen: number): string {
  return minSpendSen > 0 ? t(m.checkout_voucher_min_spend, { amount: formatPriceInText(minSpendSen) }) : t(m.voucher_no_min_spend);
}

/** A 'YYYY-MM-DD' expiry as a readable date (Intl, Latin digits in every locale); the input itself when it cannot be read. */
export function expiryText(locale: Locale, date: string): string {
  const tag = locale === 'ar' ? 'ar-u-nu-latn' : locale === 'zh' ? 'zh-CN' : 'en-MY';
  try {
    return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}
