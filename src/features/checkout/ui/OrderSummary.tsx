/**
 * Checkout: the order summary — lines, product subtotal, shipping fee (delivery only), discount
 * voucher (only above 0, as a deduction), rounding, total; then its children (voucher picker,
 * submit). coverage.md §2 Checkout page, §4 Checkout. Amounts are sen; the bill's figures are shown
 * exactly so they add up, the total with the 0.05 display rounding (it is rounded).
 */
import type { ReactNode } from 'react';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { OrderTotals } from '../../../domain/totals';
import { formatExactPrice, formatPrice } from '../../../domain/money';
import { bindLocale } from '../../../components/islands/i18n';
import type { CheckoutLine } from '../view';

type Props = {
  locale: Locale;
  lines: CheckoutLine[];
  /** Product subtotal, sen: known before the delivery charge is. */
  subtotalSen: number;
  /** null while the delivery charge is loading. */
  totals: OrderTotals | null;
  delivery: boolean;
  children: ReactNode;
};

export function OrderSummary({ locale, lines, subtotalSen, totals, delivery, children }: Props) {
  const t = bindLocale(locale);
  const exact = (sen: number) => <span dir="ltr">{formatExactPrice(sen)}</span>;
  const row = 'flex justify-between gap-3';
  return (
    <aside className="card h-fit min-w-0 p-5 lg:sticky lg:top-4" aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-3 text-lg font-semibold">{t(m.checkout_summary)}</h2>
      <ul className="divide-y divide-ink-900/10">
        {lines.map((l) => (
          <li key={l.code} className="flex items-center gap-3 py-2.5">
            <img src={l.picture} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg bg-paper object-cover" />
            <span className="min-w-0 flex-1 text-sm">
              <span className="line-clamp-2">{l.name}</span>
              <span className="text-xs text-ink-500" dir="ltr">× {l.quantity}</span>
            </span>
            <span className="shrink-0 text-sm font-semibold">{exact(l.amountSen)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-ink-900/10 pt-3 text-sm">
        <div className={row}><dt>{t(m.checkout_subtotal)}</dt><dd>{exact(subtotalSen)}</dd></div>
        {delivery && <div className={row}><dt>{t(m.checkout_shipping)}</dt><dd data-shipping-fee>{totals ? exact(totals.deliverySen) : '…'}</dd></div>}
        {totals && totals.voucherSen > 0 && <div className={`${row} text-leaf-600`} data-discount><dt>{t(m.checkout_discount)}</dt><dd>{exact(-totals.voucherSen)}</dd></div>}
        {totals && totals.roundingSen !== 0 && <div className={`${row} text-ink-500`}><dt>{t(m.checkout_rounding)}</dt><dd>{exact(totals.roundingSen)}</dd></div>}
        <div className={`${row} border-t border-ink-900/10 pt-2 text-base font-bold`}>
          <dt>{t(m.checkout_total)}</dt><dd data-order-total>{totals ? <span dir="ltr">{formatPrice(totals.totalSen, locale)}</span> : '…'}</dd>
        </div>
      </dl>
      <div className="mt-4">{children}</div>
    </aside>
  );
}
