/**
 * Enhances the add-to-cart forms (spec §4 Cart): posts without leaving the page, updates the cart
 * count and shows '"{name}" added to cart' for 2 s (a click goes to /cart; not shown on /cart). A
 * guest goes to /login; a member without a delivery choice gets the delivery modal first.
 */
import { $cartCount } from '../../stores/session';
import { toast } from '../../lib/ui/toast';
import { TOAST_CART_MS } from '../../domain/constants';

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
  // Quantity steppers next to the input (min/max/step respected).
  for (const box of root.querySelectorAll<HTMLElement>('[data-quantity]:not([data-enhanced])')) {
    box.dataset.enhanced = '1';
    const input = box.querySelector<HTMLInputElement>('input')!;
    for (const b of box.querySelectorAll<HTMLButtonElement>('[data-step]')) {
      b.addEventListener('click', () => {
        const step = Number(b.dataset.step);
        const min = Number(input.min || 1);
        const max = Number(input.max || 999);
        input.value = String(Math.min(max, Math.max(min, (Number(input.value) || min) + step)));
      });
    }
  }
}
