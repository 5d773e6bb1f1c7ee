/**
 * One row of the cart table: select box, picture, name, price, quantity stepper, line total
 * (src/domain/totals.ts `lineAmount`), remove. On phones the row is a grid: name and line total on
 * the first line, price and remove on the second, the stepper on the third; amounts never wrap.
 */
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { href, paths } from '../../../domain/paths';
import type { CartItem } from '../../../lib/xs-api/contract';
import { formatPrice } from '../../../domain/money';
import { lineAmount } from '../../../domain/totals';
import { stockNote } from '../../../domain/stock';
import { bindLocale } from '../../../components/islands/i18n';

type Props = {
  locale: Locale;
  item: CartItem;
  quantity: number;
  selected: boolean;
  /** False until the cart island has hydrated: its controls are disabled until then (../../../components/islands/use-hydrated.ts). */
  ready: boolean;
  onSelect: (on: boolean) => void;
  onQuantity: (q: number) => void;
  onRemove: () => void;
};

export function CartLine({ locale, item, quantity, selected, ready, onSelect, onQuantity, onRemove }: Props) {
  const t = bindLocale(locale);
  const price = item.product_price;
  const old = item.product_old_price;
  const productHref = href(locale, paths.product(item.product_code));
  const max = Math.max(item.product_balance, item.product_quantity);
  const note = stockNote(item.product_balance, item.product_quantity);
  return (
    <tr className="grid grid-cols-[2.5rem_4.5rem_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2 border-t border-ink-900/10 px-4 py-4 first:border-t-0 md:table-row md:px-0" data-cart-line={item.product_code}>
      <td className="md:px-4 md:py-4">
        <input type="checkbox" checked={selected} disabled={!ready} onChange={(e) => onSelect(e.target.checked)} className="accent-brand-600"
          aria-label={t(m.cart_select_item, { name: item.product_name })} />
      </td>
      <td className="md:px-2 md:py-4">
        <img src={item.product_picture} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-paper object-cover" />
      </td>
      <td className="min-w-0 md:px-2 md:py-4">
        <a href={productHref} className="line-clamp-2 font-medium hover:text-brand-700">{item.product_name}</a>
        {note && (
          <span className="mt-1 block text-xs text-brand-700" data-stock-note>{note === 'none' ? t(m.cart_none_at_store) : t(m.cart_only_left, { count: note.low })}</span>
        )}
      </td>
      <td className="col-start-3 row-start-2 md:px-2 md:py-4" dir="ltr">
        <span className="whitespace-nowrap font-semibold">{formatPrice(price, locale)}</span>
        {old > price && <del className="ms-2 whitespace-nowrap text-xs text-ink-500">{formatPrice(old, locale)}</del>}
      </td>
      <td className="col-start-3 col-span-2 row-start-3 md:px-2 md:py-4">
        <div className="inline-flex items-center rounded-lg border border-ink-300 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-500">
          <button type="button" className="h-9 w-9 text-ink-700 hover:text-brand-700" aria-label={t(m.decrease_quantity)} disabled={!ready} onClick={() => onQuantity(Math.max(0, quantity - 1))}>−</button>
          <input type="number" inputMode="numeric" min={0} max={max} step={1} value={quantity} aria-label={t(m.quantity)} disabled={!ready}
            onChange={(e) => e.target.value !== '' && onQuantity(Math.min(max, Math.max(0, Math.trunc(Number(e.target.value)))))}
            className="h-9 w-12 border-x border-ink-300 text-center [appearance:textfield] focus-visible:outline-none" />
          <button type="button" className="h-9 w-9 text-ink-700 hover:text-brand-700 disabled:opacity-40" aria-label={t(m.increase_quantity)} disabled={!ready || quantity >= max} onClick={() => onQuantity(Math.min(max, quantity + 1))}>+</button>
        </div>
      </td>
      <td className="col-start-4 row-start-1 whitespace-nowrap text-end font-semibold md:px-2 md:py-4" dir="ltr">{formatPrice(lineAmount(price, quantity), locale)}</td>
      <td className="col-start-4 row-start-2 text-end md:px-4 md:py-4">
        <button type="button" disabled={!ready} onClick={onRemove} className="btn-ghost !p-2 text-ink-500 hover:text-brand-700" aria-label={t(m.cart_remove_item, { name: item.product_name })}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" /></svg>
        </button>
      </td>
    </tr>
  );
}
