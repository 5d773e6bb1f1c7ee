/**
 * Enhances the add-to-cart forms (spec §4 Cart): posts without leaving the page, updates the cart
 * count and shows '"{name}" added to cart' for 2 s (a click goes to /cart; not shown on /cart). A
 * guest goes to /login; a member without a delivery choice gets the delivery modal first. The
 * quantity steppers beside the input auto-repeat while held (quantity-stepper.ts).
 */
import { $cartCount } from '../../stores/session';
import { toast } from '../../lib/ui/toast';
import { TOAST_CART_MS } from '../../domain/constants';
import { enhanceQuantitySteppers } from './quantity-stepper';

export function enhanceAddToCart(root: ParentNode = document) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button:not([type=button])');
      if (button) button.disabled = true;
      try {
        const res = await fetch(form.action, { method: 'POST', body: new FormData(form), headers: { accept: 'application/json' } });
        const body = (await res.json().catch(() => ({}))) as { ok?: boolean; login?: string; needsDelivery?: boolean; cart_count?: number; error?: string };
        if (res.status === 401 && body.login) {
          location.assign(`${body.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
          return;
        }
        if (body.needsDelivery) {
          document.dispatchEvent(new CustomEvent('open-delivery-modal', { detail: { step: 0 } }));
          return;
        }
        if (!res.ok || !body.ok) {
          toast(body.error || document.body.dataset.genericError || 'Error', { kind: 'error' });
          return;
        }
        $cartCount.set(body.cart_count ?? $cartCount.get());
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
