/**
 * Availability at the chosen outlet on the product page (coverage.md §2 Product detail: shown only when a
 * store is chosen and the member is logged in). Asks /api/availability/{code} (the server reads the
 * store from the delivery-choice cookie, which $shipping keeps in step) after load and whenever the
 * session or the store changes; shows '{count} available at {store}'. When the store has none, the
 * line stays hidden: the stock pill says 'Not available at {store}' (store-stock.ts, which also caps
 * the quantity input and disables add to cart).
 */
import { $session } from '../../../stores/session';
import { $shipping, shownStoreName } from '../../delivery/shipping';
import type { Availability } from '../queries';

/** Starts the availability line of the page's `[data-availability]` element, if any. */
export function startAvailability() {
  const el = document.querySelector<HTMLElement>('[data-availability]');
  if (!el) return;
  const code = el.dataset.availability ?? '';
  let shown = '';
  const update = async () => {
    const store = $shipping.get()?.store;
    const key = $session.get() && store?.store_no ? store.store_no : '';
    if (key === shown) return;
    shown = key;
    if (!key || !store) {
      el.hidden = true;
      return;
    }
    const res = await fetch(`/api/availability/${encodeURIComponent(code)}`, { headers: { accept: 'application/json' }, cache: 'no-store' }).catch(() => null);
    if (shown !== key) return; // the store changed meanwhile
    if (!res?.ok) {
      el.hidden = true;
      return;
    }
    const a = (await res.json()) as Availability;
    const units = a.product_quantity ?? 0;
    const template = el.dataset.labelSome ?? '';
    el.textContent = template.replace('{count}', String(units)).replace('{store}', shownStoreName(store));
    el.hidden = units <= 0;
  };
  $session.subscribe(() => void update());
  $shipping.subscribe(() => void update());
}
