/**
 * Enhances the add-to-cart forms (AddToCartForm.astro; coverage.md §4 Cart): posts the form to the same
 * `cart.add` Action without leaving the page, updates the cart count and shows '"{name}" added to
 * cart' for 2 s (a click goes to /cart; not shown on /cart). A member without a delivery choice
 * gets the delivery modal; a guest (or an expired session) is sent on by posting the form the
 * plain way, which the server answers with /login and the way back. The quantity steppers beside
 * the input auto-repeat while held (quantity-stepper.ts). The forms follow the stock of the chosen
 * store (store-stock.ts, loaded only for a member with a chosen store). A guest gets no quantity
 * box (coverage.md §6: quantity controls need login).
 * The cards' buttons have no form of their own: they submit the page's shared add-to-cart form
 * (src/features/shared/card-forms.ts) with their product code, read here from the event's submitter.
 */
import { $cartCount, $session } from '../../../stores/session';
import { toast } from '../../../lib/ui/toast';
import { TOAST_CART_MS } from '../../../domain/constants';
import { callAction, submitFromHere } from '../../shared/action-fetch';
import { namedMessage } from '../../shared/card-messages';
import { CARD_CART_FORM, cardFormData, cardProductName } from '../../shared/card-forms';
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

/**
 * Adds to the cart in place: `body` for the Action, `button` disabled meanwhile, `form` posted the
 * plain way for a guest (with `submitter`, the card button naming the product), `name` for the toast.
 */
async function add(form: HTMLFormElement, body: FormData, button: HTMLButtonElement | null, name: string, submitter?: HTMLButtonElement) {
  if (button) button.disabled = true;
  try {
    const { data, error } = await callAction('cart.add', body);
    if (error?.code === 'UNAUTHORIZED') return submitFromHere(form, submitter);
    if (error?.code === 'PRECONDITION_FAILED') return openDeliveryModal(0);
    if (error) return void toast(error.message || document.body.dataset.genericError || 'Error', { kind: 'error', tag: 'cart' });
    (submitter?.parentElement ?? form).querySelector('[data-add-to-cart-error]')?.remove();
    $cartCount.set(data.cart_count);
    if (!/\/cart\/?$/.test(location.pathname)) {
      // Fewer than typed (the stock left at the store): the toast says how many were added.
      const field = form.querySelector<HTMLInputElement>('input[name="quantity"][data-asked-for]');
      const sent = String(body.get('quantity') ?? '1');
      const fewer = field && Number(field.dataset.askedFor) > Number(sent) ? form.dataset.addedFewerMessage?.replaceAll('{count}', sent) : undefined;
      const message = fewer ?? namedMessage('cardCartAdded', name, form.dataset.addedMessage);
      toast(message, { durationMs: TOAST_CART_MS, href: form.dataset.cartHref ?? document.body.dataset.cartHref, tag: 'cart' });
    }
  } finally {
    if (button) button.disabled = false;
  }
}

/** Makes the page's shared card form add in place (once per page). */
function enhanceCardForm() {
  const form = document.getElementById(CARD_CART_FORM);
  if (!(form instanceof HTMLFormElement) || form.dataset.enhanced) return;
  form.dataset.enhanced = '1';
  form.addEventListener('submit', (e) => {
    const button = e.submitter;
    if (!(button instanceof HTMLButtonElement) || !button.value) return; // not from a card: posted the plain way
    e.preventDefault();
    void add(form, cardFormData(form, button), button, cardProductName(button), button);
  });
}

/** Enhances every add-to-cart form under `root` not enhanced yet, and the cards' shared form (safe to call again: appended cards, the quick view). */
export function enhanceAddToCart(root: ParentNode = document) {
  enhanceCardForm();
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void add(form, new FormData(form), form.querySelector<HTMLButtonElement>('button:not([type=button])'), form.dataset.productName ?? '');
    });
  }
  enhanceQuantitySteppers(root);
  membersOnlyQuantity(root);
  followChosenStore(root);
}

/**
 * coverage.md §6: quantity controls need login. The HTML stays cacheable and shows the − / + box (a page
 * without JavaScript cannot know the session); once the session is known a guest's box is hidden
 * and the form adds one (the Action's default, which then sends the guest to log in), and it
 * comes back when a member logs in.
 */
function membersOnlyQuantity(root: ParentNode) {
  const boxes = [...root.querySelectorAll<HTMLElement>('form[data-add-to-cart] [data-quantity]:not([data-member-only])')];
  if (!boxes.length) return;
  for (const box of boxes) box.dataset.memberOnly = '1';
  const show = (session: unknown) => {
    for (const box of boxes) {
      const guest = session === null;
      box.hidden = guest;
      const input = box.querySelector<HTMLInputElement>('input');
      if (input) {
        input.disabled = guest; // a disabled field is not posted: the Action adds its default of 1
        if (guest) input.value = '1';
      }
    }
  };
  $session.subscribe(show);
}
