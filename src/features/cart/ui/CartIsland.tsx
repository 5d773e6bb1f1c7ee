/**
 * The cart table (coverage.md §2 Cart page, §4 Cart): select boxes and select-all, quantity changes sent
 * after a 300 ms pause as the difference from the stored quantity (0 removes), remove, a subtotal
 * bar of the selected lines (src/domain/totals.ts `subtotal`, in sen) with the spec's extra lines
 * (shipping RM 25.00 by default, 0 for pick-up; tax 0) and their estimated total (`cartEstimate`),
 * which checkout replaces with the real delivery charge, and Check Out enabled only
 * with a selection. The cart Actions work at the store of the delivery choice (its cookie); without
 * one, a button opens the delivery modal.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { href, paths } from '../../../domain/paths';
import type { Cart } from '../../../lib/xs-api/contract';
import { formatPrice } from '../../../domain/money';
import { cartEstimate, subtotal } from '../../../domain/totals';
import { CART_QUANTITY_DEBOUNCE_MS } from '../../../domain/constants';
import { $cartCount } from '../../../stores/session';
import { $shipping, type Shipping } from '../../delivery/shipping';
import { openDeliveryModal } from '../../delivery/modal';
import { bindLocale } from '../../../components/islands/i18n';
import { toast } from '../../../lib/ui/toast';
import { CartLine } from './CartLine';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';
import { useHydrated } from '../../../components/islands/use-hydrated';
import { isolate } from '../../../i18n/bidi';
import { outletName } from '../../../i18n/outlet-name';

/** `initialShipping`: the delivery choice as the server read it from its cookie (null: none), for the server's HTML and hydration. */
type Props = { locale: Locale; initialCart: Cart | null; initialShipping: Shipping | null };

function CartIsland({ locale, initialCart, initialShipping }: Props) {
  const t = bindLocale(locale);
  // The server's HTML and the hydration show the choice of the cookie (the pick-up line, not the
  // delivery estimate, for a pick-up); then the choice kept on this device.
  const shipping = useStore($shipping, { ssr: () => initialShipping });
  const [cart, setCart] = useState<Cart | null>(initialCart);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(initialCart?.items.map((i) => i.product_code)));
  const [drafts, setDrafts] = useState<Record<string, number>>({});
  // The lines' controls work once the island's script runs; until then they are disabled (use-hydrated.ts).
  const ready = useHydrated();
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  // The store may have been chosen after the page was rendered: its cart comes with every line selected, as on load.
  useEffect(() => {
    const store = shipping?.store.store_no;
    if (!store || store === cart?.store) return;
    void actions.cart.get().then(({ data }) => {
      if (!data) return;
      replace(data);
      setSelected(new Set(data.items.map((i) => i.product_code)));
    });
  }, [shipping?.store.store_no]);

  /** Shows the cart the server answered; lines that have gone leave the selection. */
  function replace(next: Cart) {
    setCart(next);
    $cartCount.set(next.items.length);
    setSelected((s) => new Set([...s].filter((c) => next.items.some((i) => i.product_code === c))));
  }

  function changeQuantity(code: string, quantity: number) {
    if (!cart) return;
    setDrafts((d) => ({ ...d, [code]: quantity }));
    clearTimeout(timers.current[code]);
    timers.current[code] = setTimeout(async () => {
      const stored = cart.items.find((i) => i.product_code === code)?.product_quantity ?? 0;
      const difference = quantity - stored;
      if (difference !== 0) {
        const { data, error } = await actions.cart.change({ product_code: code, difference });
        if (error) toast(error.message, { kind: 'error', tag: 'cart' });
        else replace(data);
      }
      setDrafts(({ [code]: _, ...rest }) => rest);
    }, CART_QUANTITY_DEBOUNCE_MS);
  }

  async function remove(code: string) {
    if (!cart) return;
    const { data, error } = await actions.cart.remove({ product_code: code });
    if (error) return toast(error.message, { kind: 'error', tag: 'cart' });
    if (data) replace(data);
  }

  const lines = cart?.items ?? [];
  const chosen = lines.filter((i) => selected.has(i.product_code));
  const subtotalSen = useMemo(
    () => subtotal(chosen.map((i) => ({ priceSen: i.product_price, quantity: drafts[i.product_code] ?? i.product_quantity }))),
    [chosen, drafts],
  );

  if (!cart && !shipping) {
    return (
      <div className="card p-8 text-center">
        <p className="text-ink-700">{t(m.cart_need_delivery)}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => openDeliveryModal(0)}>
          {t(m.delivery_choose)}
        </button>
      </div>
    );
  }
  if (!lines.length) {
    return (
      <div className="card flex flex-col items-center gap-4 p-10 text-center">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-14 w-14 text-ink-300" fill="none" stroke="currentColor" strokeWidth="1.5"><path d="M3 4h2l2.2 10.4a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" /><circle cx="9.5" cy="19.5" r="1.5" /><circle cx="17" cy="19.5" r="1.5" /></svg>
        <p className="text-lg font-semibold">{t(m.cart_empty)}</p>
        <a className="btn-primary" href={href(locale, paths.categories())}>{t(m.shop_now)}</a>
      </div>
    );
  }
  const allSelected = chosen.length === lines.length;
  // coverage.md §3 Cart: the total with the shipping (RM 25.00 by default, 0 for pick-up) and tax (0) lines, an estimate until checkout.
  const shippingType = shipping?.type ?? null;
  const estimate = cartEstimate(subtotalSen, shippingType);
  const checkoutHref = href(locale, paths.checkout(chosen.map((i) => i.product_code)));
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="card overflow-hidden">
        {shipping && <p className="border-b border-ink-900/10 px-4 py-3 text-sm text-ink-700">{t(m.cart_store, { store: isolate(outletName(shipping.store.store_name, locale)) })}</p>}
        <table className="w-full text-sm">
          <thead className="hidden bg-paper text-start text-xs uppercase tracking-wide text-ink-500 md:table-header-group">
            <tr>
              <th scope="col" className="w-10 px-4 py-3 text-start">
                <input type="checkbox" aria-label={t(m.cart_select_all)} checked={allSelected} disabled={!ready} className="accent-brand-600"
                  onChange={() => setSelected(allSelected ? new Set() : new Set(lines.map((i) => i.product_code)))} />
              </th>
              <th scope="col" className="px-2 py-3 text-start" colSpan={2}>{t(m.cart_product)}</th>
              <th scope="col" className="px-2 py-3 text-start">{t(m.cart_price)}</th>
              <th scope="col" className="px-2 py-3 text-start">{t(m.quantity)}</th>
              <th scope="col" className="px-2 py-3 text-end">{t(m.cart_total)}</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">{t(m.cart_remove)}</span></th>
            </tr>
          </thead>
          <tbody>
            {lines.map((item) => (
              <CartLine key={item.product_code} locale={locale} item={item} quantity={drafts[item.product_code] ?? item.product_quantity}
                selected={selected.has(item.product_code)} ready={ready}
                onSelect={(on) => setSelected((s) => { const n = new Set(s); if (on) n.add(item.product_code); else n.delete(item.product_code); return n; })}
                onQuantity={(q) => changeQuantity(item.product_code, q)} onRemove={() => remove(item.product_code)} />
            ))}
          </tbody>
        </table>
        <label className="flex items-center gap-2 border-t border-ink-900/10 px-4 py-3 text-sm md:hidden">
          <input type="checkbox" checked={allSelected} disabled={!ready} className="accent-brand-600"
            onChange={() => setSelected(allSelected ? new Set() : new Set(lines.map((i) => i.product_code)))} />
          {t(m.cart_select_all)}
        </label>
      </div>
      <aside className="card h-fit p-5 lg:sticky lg:top-4" aria-label={t(m.checkout_summary)}>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-y-2 text-sm text-ink-700" data-cart-estimate>
          <dt>{t(m.cart_subtotal, { count: chosen.length })}</dt>
          <dd className="ps-3 text-end font-semibold text-ink-900" dir="ltr" data-cart-subtotal>{formatPrice(subtotalSen, locale)}</dd>
          <dt>{shippingType === 'PICKUP' ? t(m.cart_shipping_pickup) : t(m.cart_shipping_estimate)}</dt>
          <dd className="ps-3 text-end text-ink-900" dir="ltr" data-cart-shipping>{formatPrice(estimate.shippingSen, locale)}</dd>
          <dt>{t(m.cart_tax)}</dt>
          <dd className="ps-3 text-end text-ink-900" dir="ltr" data-cart-tax>{formatPrice(estimate.taxSen, locale)}</dd>
          <dt className="border-t border-ink-900/10 pt-2 font-semibold text-ink-900">{t(m.cart_estimated_total)}</dt>
          <dd className="border-t border-ink-900/10 ps-3 pt-2 text-end text-xl font-bold text-ink-900" dir="ltr" data-cart-total>{formatPrice(estimate.totalSen, locale)}</dd>
        </dl>
        <p className="mt-2 text-xs text-ink-500" data-cart-estimate-note>{t(m.cart_estimate_note)}</p>
        {chosen.length > 0 ? (
          <a href={checkoutHref} className="btn-primary mt-4 w-full !py-3" data-checkout>{t(m.checkout_button)}</a>
        ) : (
          <button type="button" disabled className="btn-primary mt-4 w-full !py-3" data-checkout>{t(m.checkout_button)}</button>
        )}
      </aside>
    </div>
  );
}

/** The island, behind the render-error fallback (coverage.md §2). */
export default withErrorBoundary(CartIsland);
