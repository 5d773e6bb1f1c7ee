/**
 * Enhances the favourite forms (FavouriteToggle.astro; coverage.md §4 Favourites, §9 favourites toast 3 s):
 * shows each product's state from $favourites (filled from /api/me after load), posts the form to
 * the same `favourites.toggle` Action without leaving the page, updates $favourites (so the header
 * count follows) and shows '"{name}" added to favourites' for TOAST_FAVOURITES_MS. A guest (or an
 * expired session) is sent on by posting the form the plain way: the server answers with /login
 * and the way back.
 * The cards' heart buttons have no form of their own: they submit the page's shared favourite form
 * (src/features/shared/card-forms.ts) with their product code, read here from the event's submitter.
 */
import { $favourites } from '../../../stores/favourites';
import { toast } from '../../../lib/ui/toast';
import { TOAST_FAVOURITES_MS } from '../../../domain/constants';
import { callAction, submitFromHere } from '../../shared/action-fetch';
import { namedMessage } from '../../shared/card-messages';
import { CARD_FAVOURITE_FORM, cardFormData, cardProductName } from '../../shared/card-forms';

/** The cards' heart buttons under `root`. */
const cardButtons = (root: ParentNode) => root.querySelectorAll<HTMLButtonElement>(`button[form="${CARD_FAVOURITE_FORM}"]`);

/** Shows a card button's state: the heart filled or not, and its label. */
function renderCard(button: HTMLButtonElement, codes: readonly string[]) {
  const active = codes.includes(button.value);
  button.toggleAttribute('data-active', active);
  const name = cardProductName(button);
  button.setAttribute('aria-label', active ? namedMessage('cardFavouriteRemove', name) : namedMessage('cardFavouriteAdd', name));
}

/** Shows a form's state: the heart filled or not, the label and the operation a post will do. */
function render(form: HTMLFormElement, codes: readonly string[] | undefined) {
  const button = form.querySelector<HTMLButtonElement>('[data-favourite-button]');
  const op = form.querySelector<HTMLInputElement>('input[name=op]');
  if (!button || !op || !codes) return;
  const active = codes.includes(form.dataset.favouriteForm ?? '');
  op.value = active ? 'remove' : 'add';
  button.toggleAttribute('data-active', active);
  const name = form.dataset.productName ?? '';
  const label = active ? namedMessage('cardFavouriteRemove', name, form.dataset.labelRemove) : namedMessage('cardFavouriteAdd', name, form.dataset.labelAdd);
  const text = button.querySelector('[data-favourite-label]');
  if (text) text.textContent = label;
  else button.setAttribute('aria-label', label);
}

/**
 * Posts a favourite toggle in place: `body` for the Action, `button` disabled meanwhile, `form` posted
 * the plain way for a guest (with `submitter`, the card button naming the product), `name` for the toast.
 */
async function toggle(form: HTMLFormElement, body: FormData, button: HTMLButtonElement | null, name: string, submitter?: HTMLButtonElement) {
  if (button) button.disabled = true;
  try {
    const { data, error } = await callAction('favourites.toggle', body);
    if (error?.code === 'UNAUTHORIZED') return submitFromHere(form, submitter);
    if (error) return void toast(error.message || document.body.dataset.genericError || 'Error', { kind: 'error', tag: 'favourites' });
    (submitter?.parentElement ?? form).querySelector('[data-favourite-error]')?.remove();
    $favourites.set(data.favourites);
    const message = data.in_favorite ? namedMessage('cardFavouriteAdded', name, form.dataset.addedMessage) : namedMessage('cardFavouriteRemoved', name, form.dataset.removedMessage);
    toast(message, { durationMs: TOAST_FAVOURITES_MS, tag: 'favourites' });
  } finally {
    if (button) button.disabled = false;
  }
}

/** Makes the page's shared card form post in place (once per page) and the card buttons follow $favourites. */
function enhanceCardForm() {
  const form = document.getElementById(CARD_FAVOURITE_FORM);
  if (!(form instanceof HTMLFormElement) || form.dataset.enhanced) return;
  form.dataset.enhanced = '1';
  // Every card button of the page, including cards appended later or removed meanwhile.
  $favourites.listen((codes) => codes && cardButtons(document).forEach((b) => renderCard(b, codes)));
  form.addEventListener('submit', (e) => {
    const button = e.submitter;
    if (!(button instanceof HTMLButtonElement) || !button.value) return; // not from a card: posted the plain way
    e.preventDefault();
    const op = button.hasAttribute('data-active') ? 'remove' : $favourites.get() ? 'add' : 'toggle';
    void toggle(form, cardFormData(form, button, { op }), button, cardProductName(button), button);
  });
}

/** Enhances every favourite form and card button under `root` not enhanced yet (safe to call again, e.g. in the quick view). */
export function enhanceFavourites(root: ParentNode = document) {
  enhanceCardForm();
  const codes = $favourites.get();
  if (codes) cardButtons(root).forEach((b) => renderCard(b, codes));
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-favourite-form]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    render(form, $favourites.get());
    // Forms of a closed quick view leave the page: they stop listening then.
    const stop = $favourites.listen((codes) => (form.isConnected ? render(form, codes) : stop()));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void toggle(form, new FormData(form), form.querySelector<HTMLButtonElement>('[data-favourite-button]'), form.dataset.productName ?? '');
    });
  }
}
