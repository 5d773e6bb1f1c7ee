/**
 * The product page's buy box after load (ProductBuyBox.astro, coverage.md §2 Product detail):
 * availability at the chosen store (availability.ts) and "Tell me when it's back" (BackInStock.astro)
 * posted in place.
 */
import { startAvailability } from '../../../cart/ui/availability';
import { callAction } from '../../../shared/action-fetch';

/**
 * Starts the buy box. "Tell me when it's back" posts in place; the answer names the outlet. The
 * same "We'll tell you… at {store}" for a member who already asked, asked of the server when the
 * chosen outlet turns out to have none (store-stock.ts marks the add-to-cart form; a change back
 * answers no name): the page is cached for everyone, the member's own state is never in it.
 */
export function startBuyBox(): void {
  startAvailability();
  const back = document.querySelector<HTMLElement>('[data-back-in-stock]');
  const form = back?.querySelector('form');
  const say = (key: string, text: string) => (back!.querySelector(`[data-back-in-stock-${key}]`)!.textContent = text);
  const send = async (name: 'push.askBackInStock' | 'push.backInStockStatus', e?: Event) => {
    e?.preventDefault();
    const { data, error } = await callAction(name, new FormData(form!));
    if (e) say('error', error ? error.message || back!.dataset.failed! : '');
    if (data?.store_name) {
      say('done', back!.dataset.asked!.replace('{store}', data.store_name));
      form!.hidden = true;
    }
  };
  form?.addEventListener('submit', (e) => send('push.askBackInStock', e));
  const buy = document.querySelector('[data-add-to-cart]');
  if (buy) new MutationObserver(() => send('push.backInStockStatus')).observe(buy, { attributeFilter: ['data-none-at-store'] });
}
