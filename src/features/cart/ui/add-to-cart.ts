/**
 * Enhances the add-to-cart forms (AddToCartForm.astro; spec §4 Cart): posts the form to the same
 * `cart.add` Action without leaving the page, updates the cart count and shows '"{name}" added to
 * cart' for 2 s (a click goes to /cart; not shown on /cart). A member without a delivery choice
 * gets the delivery modal; a guest (or an expired session) is sent on by posting the form the
 * plain way, which the server answers with /login and the way back. The quantity steppers beside
 * the input auto-repeat while held (quantity-stepper.ts).
 */
import { $cartCount } from '../../../stores/session';
import { toast } from '../../../lib/ui/toast';
import { TOAST_CART_MS } from '../../../domain/constants';
import { callAction, submitFromHere } from '../../shared/action-fetch';
import { openDeliveryModal } from '../../delivery/modal';
import { enhanceQuantitySteppers } from './quantity-stepper';

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
          toast(form.dataset.addedMessage ?? '', { durationMs: TOAST_CART_MS, href: form.dataset.cartHref });
        }
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
  enhanceQuantitySteppers(root);
}
