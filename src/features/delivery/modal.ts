/**
 * Opening the delivery-method modal (coverage.md §4 Delivery method modal, steps 0–3) from anywhere: the
 * header button, add to cart without a store, the cart, checkout. The modal's React code is
 * imported only when it first opens (docs/architecture.md Islands: pages that must stay light load no React).
 * Its open state is the `$deliveryModalOpen` nanostore (./shipping.ts; coverage.md §3 User state).
 */
import { $deliveryModalOpen } from './shipping';
import { dismissToasts } from '../../lib/ui/toast';

export type DeliveryStep = 0 | 1 | 2 | 3;

let mounted: Promise<unknown> | undefined;

/**
 * Opens the modal at `step` (default: where the modal decides), loading its code the first time,
 * with `notice` shown at its top (why the shopper must choose again). An "added to cart" toast
 * still showing is dismissed: it would speak of a cart the modal may empty.
 */
export function openDeliveryModal(step?: DeliveryStep, notice?: string): void {
  dismissToasts('cart');
  const header = document.querySelector<HTMLElement>('[data-header]');
  mounted ??= import('./ui/mount').then((m) => m.mountDeliveryModal(document.getElementById('delivery-root')!, header?.dataset.locale ?? 'en'));
  $deliveryModalOpen.set({ step, notice });
}
