/**
 * Enhances the favourite forms (FavouriteToggle.astro; spec §4 Favourites, §9 favourites toast 3 s):
 * shows each product's state from $favourites (filled from /api/me after load), posts the form to
 * the same `favourites.toggle` Action without leaving the page, updates $favourites (so the header
 * count follows) and shows '"{name}" added to favourites' for TOAST_FAVOURITES_MS. A guest (or an
 * expired session) is sent on by posting the form the plain way: the server answers with /login
 * and the way back.
 */
import { $favourites } from '../../../stores/favourites';
import { toast } from '../../../lib/ui/toast';
import { TOAST_FAVOURITES_MS } from '../../../domain/constants';
import { callAction, submitFromHere } from '../../shared/action-fetch';
import { namedMessage } from '../../shared/card-messages';

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

/** Enhances every favourite form under `root` not enhanced yet (safe to call again, e.g. in the quick view). */
export function enhanceFavourites(root: ParentNode = document) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-favourite-form]:not([data-enhanced])')) {
    form.dataset.enhanced = '1';
    render(form, $favourites.get());
    // Forms of a closed quick view leave the page: they stop listening then.
    const stop = $favourites.listen((codes) => (form.isConnected ? render(form, codes) : stop()));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('[data-favourite-button]');
      if (button) button.disabled = true;
      try {
        const { data, error } = await callAction('favourites.toggle', new FormData(form));
        if (error?.code === 'UNAUTHORIZED') return submitFromHere(form);
        if (error) return void toast(error.message || document.body.dataset.genericError || 'Error', { kind: 'error' });
        form.querySelector('[data-favourite-error]')?.remove();
        $favourites.set(data.favourites);
        const name = form.dataset.productName ?? '';
        const message = data.in_favorite ? namedMessage('cardFavouriteAdded', name, form.dataset.addedMessage) : namedMessage('cardFavouriteRemoved', name, form.dataset.removedMessage);
        toast(message, { durationMs: TOAST_FAVOURITES_MS });
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
}
