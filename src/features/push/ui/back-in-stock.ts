/**
 * Shows "Tell me when it's back" (BackInStock.astro) when the product is out of stock for this
 * shopper, and posts it in place (ADR 30):
 * - a member with a chosen outlet: when the add-to-cart form says the outlet has none
 *   (`data-none-at-store`, set by src/features/cart/ui/store-stock.ts), the button;
 * - a guest: when the product is out of stock everywhere, the link to log in and come back;
 * - otherwise nothing.
 * The answer names the outlet as the shopper sees it; a guest whose session ended meanwhile is sent
 * on by posting the form the plain way (to /login and back).
 */
import { $session } from '../../../stores/session';
import { $shipping, shownStoreName } from '../../delivery/shipping';
import { callAction, submitFromHere } from '../../shared/action-fetch';

/** Starts the page's back-in-stock block, if any. */
export function startBackInStock() {
  const root = document.querySelector<HTMLElement>('[data-back-in-stock]');
  const form = root?.querySelector<HTMLFormElement>('[data-back-in-stock-form]');
  const login = root?.querySelector<HTMLElement>('[data-back-in-stock-login]');
  const done = root?.querySelector<HTMLElement>('[data-back-in-stock-done]');
  const error = root?.querySelector<HTMLElement>('[data-back-in-stock-error]');
  const buy = root?.closest('[data-buy-box]')?.querySelector<HTMLFormElement>('form[data-add-to-cart]');
  if (!root || !form || !login || !done || !error) return;
  let asked = '';

  const update = () => {
    const store = $shipping.get()?.store;
    const member = !!$session.get();
    const noneHere = member && !!store?.store_no && !!buy?.hasAttribute('data-none-at-store');
    const guestOut = !member && root.dataset.outEverywhere !== undefined;
    root.hidden = !noneHere && !guestOut;
    login.hidden = !guestOut;
    const already = noneHere && asked === store?.store_no;
    form.hidden = !noneHere || already;
    if (!already) done.textContent = '';
    if (root.hidden) error.textContent = '';
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    error.textContent = '';
    const { data, error: failed } = await callAction('push.askBackInStock', new FormData(form));
    if (button) button.disabled = false;
    if (failed?.code === 'UNAUTHORIZED') return submitFromHere(form);
    if (failed) {
      error.textContent = failed.message || root.dataset.failed || '';
      return;
    }
    const store = $shipping.get()?.store;
    asked = store?.store_no ?? '';
    done.textContent = (root.dataset.asked ?? '').replace('{store}', store ? shownStoreName(store) : data.store_name);
    update();
  });

  $session.subscribe(update);
  $shipping.subscribe(update);
  if (buy) new MutationObserver(update).observe(buy, { attributes: true, attributeFilter: ['data-none-at-store'] });
}
