/**
 * Enhances the add-to-cart forms (AddToCartForm.astro; spec §4 Cart): posts the form to the same
 * `cart.add` Action without leaving the page, updates the cart count and shows '"{name}" added to
 * cart' for 2 s (a click goes to /cart; not shown on /cart). A member without a delivery choice
 * gets the delivery modal; a guest (or an expired session) is sent on by posting the form the
 * plain way, which the server answers with /login and the way back. The quantity steppers beside
 * the input auto-repeat while held (quantity-stepper.ts). The forms follow the stock of the chosen
 * store (store-stock.ts, loaded only for a member with a chosen store).
 */
import { $cartCount, $session } from '../../../stores/session';
import { toast } from '../../../lib/ui/toast';
import { TOAST_CART_MS } from '../../../domain/constants';
import { callAction, submitFromHere } from '../../shared/action-fetch';
import { namedMessage } from '../../shared/card-messages';
import { openDeliveryModal } from '../../delivery/modal';
import { enhanceQuantitySteppers } from './quantity-stepper';
import { $shipping } from '../../delivery/shipping';

/** store-stock.ts, loaded once a member has chosen a store: a guest's pages never need it. */
let storeStock: Promise<typeof import('./store-stock')> | null = null;
let waitingForStore = false;

/**
 * Makes the forms under `root` follow the chosen store's stock (store-stock.ts). Without a member and
 * a chosen store nothing is loaded; the first time both are there, the whole page follows.
 */
function followChosenStore(root: ParentNode) {
  const chosen = () => Boolean($session.get() && $shipping.get()?.store?.store_no);
  const start = (scope: ParentNode) => {
    storeStock ??= import('./store-stock');
    void storeStock.then((m) => m.followStoreStock(scope));
  };
  if (storeStock || chosen()) return start(root);
  if (waitingForStore) return;
  waitingForStore = true;
  const unsubscribe = [$session, $shipping].map((store) =>
    store.listen(() => {
      if (!chosen()) return;
      unsubscribe.forEach((stop) => stop());
      start(document);
    }),
  );
}

/** Enhances every add-to-cart form under `root` not enhanced yet (safe to call again: appended cards, the quick view). */
export function enhanceAddToCart(root: ParentNode = document) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button:not([type=button])');
      if (button) button.disabled = true;
      try {
        const { data, error } = await callAction('cart.add', new FormData(form));
        if (error?.code === 'UNAUTHORIZED') return submitFromHere(form);
        if (error?.code === 'PRECONDITION_FAILED') return openDeliveryModal(0);
        if (error) return void toast(error.message || document.body.dataset.genericError || 'Error', { kind: 'error' });
        form.querySelector('[data-add-to-cart-error]')?.remove();
        $cartCount.set(data.cart_count);
        if (!/\/cart\/?$/.test(location.pathname)) {
          const message = namedMessage('cardCartAdded', form.dataset.productName ?? '', form.dataset.addedMessage);
          toast(message, { durationMs: TOAST_CART_MS, href: form.dataset.cartHref ?? document.body.dataset.cartHref, tag: 'cart' });
        }
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
  enhanceQuantitySteppers(root);
  followChosenStore(root);
}
