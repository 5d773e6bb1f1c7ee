/**
 * The delivery choice in the browser (coverage.md §3 User state: delivery method, whether the delivery
 * modal is open; §4 Delivery method modal): framework-free nanostores that the header, the add-to-
 * cart script, the cart, the modal and checkout share. Never written on the server.
 *
 * - `$shipping`: the choice, saved locally as `shipping` and restored on load (coverage.md §4), mirrored
 *   into the choice cookie for the server (./choice-cookie.ts) whenever it changes.
 * - `$deliveryModalOpen`: the modal's open state and step; open it with `openDeliveryModal(step?)`
 *   (./modal.ts), which also loads its code.
 */
import { atom } from 'nanostores';
import { persistentJSON } from '@nanostores/persistent';
import type { Shipping, ShippingStore } from './choice';
import { writeChoiceCookie } from './choice-cookie';
import { pageOutletName } from '../../i18n/outlet-brand';

export type { Shipping, ShippingAddress, ShippingStore } from './choice';

/** The saved choice; null when there is none (a guest, or a member who has not chosen yet). */
export const $shipping = persistentJSON<Shipping | null>('shipping', null);

/**
 * Whether the delivery-method modal is open, at which step (0–3; undefined: the modal decides), and
 * a notice it shows on opening (why the shopper is asked to choose again, e.g. a full pick-up slot).
 */
export const $deliveryModalOpen = atom<false | { step?: 0 | 1 | 2 | 3; notice?: string }>(false);

/** True when a stored choice is complete enough to shop with (coverage.md §4: type, store and state; a pick-up also needs date and time). */
export function isShippingComplete(s: Shipping | null | undefined): s is Shipping {
  return !!s && !!s.type && !!s.store?.store_no && !!s.state && (s.type === 'DELIVERY' || (!!s.date && !!s.time));
}

if (typeof document !== 'undefined') {
  let written: string | undefined;
  $shipping.subscribe((s) => {
    const key = JSON.stringify(s ?? null);
    if (key === written) return;
    written = key;
    writeChoiceCookie(s?.store?.store_no ? s : null);
  });
}

/**
 * The chosen store's name as the page's scripts show it (header, stock lines): the chain's part in
 * the page's language (`pageOutletName`, src/i18n/outlet-brand.ts); '' without a store. Kept here,
 * in the chunk every such script already loads, rather than in a chunk of its own.
 */
export function shownStoreName(store: Pick<ShippingStore, 'store_name'> | null | undefined): string {
  return store ? pageOutletName(store.store_name) : '';
}
