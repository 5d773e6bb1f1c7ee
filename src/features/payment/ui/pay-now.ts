/**
 * Enhances the Pay Now form (PayNow.astro; coverage.md §4 Pay Now): asks the `payment.start` Action for
 * the payment page, opens it in a pop-up and disables the button; if no address comes back the
 * generic error is shown. Then it follows the payment through `payment.status` (every 3 s, and at
 * once when the provider's return page in the pop-up says it is back): paid → the page reloads to
 * show the order's new status; declined or abandoned → Pay again.
 *
 * The pop-up is opened before the Action is called, inside the click, so browsers do not block
 * it; when they do anyway, the page itself goes to the payment page.
 */
import { toast } from '../../../lib/ui/toast';
import { callAction, submitFromHere } from '../../shared/action-fetch';

/** How often the page asks for the payment's state while the shopper pays (ms), and for how long at most. */
const POLL_MS = 3000;
const POLL_FOR_MS = 35 * 60_000;
/** A message the return page sends to its opener. */
export const PAYMENT_RETURN_MESSAGE = 'xs-payment-return';
const TO_PAY = ['Pending', 'Processing Payment'];

/** Enhances every Pay Now form on the page. */
export function enhancePayNow() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-pay-now]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    const button = form.querySelector<HTMLButtonElement>('[data-pay-now-button]')!;
    const status = form.closest('[data-pay-now-box]')?.querySelector<HTMLElement>('[data-pay-now-status]');
    const say = (text = '') => status && (status.textContent = text);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let until = 0;

    const check = async () => {
      clearTimeout(timer);
      const { data } = await callAction('payment.status', new FormData(form));
      if (data && !TO_PAY.includes(data.orderStatus)) {
        say(form.dataset.paid);
        setTimeout(() => location.reload(), 800);
        return;
      }
      if (data && (data.paymentStatus === 'failed' || data.paymentStatus === 'cancelled')) {
        say(form.dataset.notPaid);
        button.textContent = form.dataset.again ?? button.textContent;
        button.disabled = false;
        return;
      }
      if (Date.now() < until) timer = setTimeout(check, POLL_MS);
      else button.disabled = false;
    };

    window.addEventListener('message', (e) => {
      if (e.origin === location.origin && (e.data as { type?: string } | null)?.type === PAYMENT_RETURN_MESSAGE && until) void check();
    });

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (button.disabled) return;
      const popup = window.open('', 'xs-payment', 'popup,width=520,height=760');
      button.disabled = true;
      say(form.dataset.opening);
      const { data, error } = await callAction('payment.start', new FormData(form));
      if (error?.code === 'UNAUTHORIZED') {
        popup?.close();
        return submitFromHere(form);
      }
      if (error || !data?.url) {
        popup?.close();
        button.disabled = false;
        say();
        toast(error?.message || form.dataset.genericError || 'Error', { kind: 'error', tag: 'payment' });
        return;
      }
      if (!popup || popup.closed) return location.assign(data.url);
      popup.location.href = data.url;
      say(form.dataset.waiting);
      until = Date.now() + POLL_FOR_MS;
      timer = setTimeout(check, POLL_MS);
    });
  }
}
