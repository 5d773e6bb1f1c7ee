/** Checkout: the order summary — lines, product subtotal, shipping fee, discount, rounding, total (spec §2, §4). */
import type { ReactNode } from 'react';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/messages';
import type { CartItem } from '../../lib/xs-api/contract';
import type { OrderTotals } from '../../domain/totals';
import { formatPrice, toSen } from '../../domain/money';
import { bindLocale } from '../shared/i18n';

type Props = { locale: Locale; items: CartItem[]; totals: OrderTotals | null; delivery: boolean; children: ReactNode };

export function OrderSummary({ locale, items, totals, delivery, children }: Props) {
  const t = bindLocale(locale);
  const price = (sen: number) => <span dir="ltr">{formatPrice(sen, locale)}</span>;
  const exact = (sen: number) => <span dir="ltr">RM {(sen / 100).toFixed(2)}</span>;
  return (
    <aside className="card h-fit p-5 lg:sticky lg:top-4" aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-3 text-lg font-semibold">{t(m.checkout_summary)}</h2>
      <ul className="divide-y divide-ink-900/10">
        {items.map((i) => (
          <li key={i.product_code} className="flex items-center gap-3 py-2.5">
            <img src={i.product_picture} alt="" width={48} height={48} className="h-12 w-12 rounded-lg bg-paper object-cover" />
            <span className="min-w-0 flex-1 text-sm">
              <span className="line-clamp-2">{i.product_name}</span>
              <span className="text-xs text-ink-500" dir="ltr">× {i.product_quantity}</span>
            </span>
            <span className="text-sm font-semibold">{price(toSen(i.product_price) * i.product_quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-ink-900/10 pt-3 text-sm">
        <div className="flex justify-between"><dt>{t(m.checkout_subtotal)}</dt><dd>{totals ? exact(totals.subtotalSen) : '…'}</dd></div>
        {delivery && <div className="flex justify-between"><dt>{t(m.checkout_shipping)}</dt><dd data-shipping-fee>{totals ? exact(totals.deliverySen) : '…'}</dd></div>}
        {totals && totals.voucherSen > 0 && <div className="flex justify-between text-leaf-600"><dt>{t(m.checkout_discount)}</dt><dd dir="ltr">− RM {(totals.voucherSen / 100).toFixed(2)}</dd></div>}
        {totals && totals.roundingSen !== 0 && <div className="flex justify-between text-ink-500"><dt>{t(m.checkout_rounding)}</dt><dd dir="ltr">{(totals.roundingSen / 100).toFixed(2)}</dd></div>}
        <div className="flex justify-between border-t border-ink-900/10 pt-2 text-base font-bold"><dt>{t(m.checkout_total)}</dt><dd data-order-total>{totals ? price(totals.totalSen) : '…'}</dd></div>
      </dl>
      <div className="mt-4">{children}</div>
    </aside>
  );
}
