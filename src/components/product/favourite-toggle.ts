/**
 * Enhances the favourite forms (FavouriteToggle.astro; spec §4 Favourites, §9 favourites toast 3 s):
 * shows each product's state from $favourites (filled from /api/me after load), posts without
 * leaving the page, updates $favourites (so the header count follows) and shows '"{name}" added to
 * favourites' for TOAST_FAVOURITES_MS. A guest goes to /login and comes back.
 */
import { $favourites } from '../../stores/favourites';
import { toast } from '../../lib/ui/toast';
import { TOAST_FAVOURITES_MS } from '../../domain/constants';

/** Shows a form's state: the heart filled or not, the label and the operation a post will do. */
function render(form: HTMLFormElement, codes: readonly string[] | undefined) {
  const button = form.querySelector<HTMLButtonElement>('[data-favourite-button]');
  const op = form.querySelector<HTMLInputElement>('input[name=op]');
  if (!button || !op || !codes) return;
  const active = codes.includes(form.dataset.favouriteForm ?? '');
  op.value = active ? 'remove' : 'add';
  button.toggleAttribute('data-active', active);
  const label = (active ? form.dataset.labelRemove : form.dataset.labelAdd) ?? '';
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
        const res = await fetch(form.action, { method: 'POST', body: new FormData(form), headers: { accept: 'application/json' } });
        const body = (await res.json().catch(() => ({}))) as { ok?: boolean; login?: string; in_favorite?: number; favourites?: string[]; error?: string };
        if (res.status === 401 && body.login) {
          location.assign(`${body.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
          return;
        }
        if (!res.ok || !body.ok || !body.favourites) {
          toast(body.error || document.body.dataset.genericError || 'Error', { kind: 'error' });
          return;
        }
        $favourites.set(body.favourites);
        toast((body.in_favorite ? form.dataset.addedMessage : form.dataset.removedMessage) ?? '', { durationMs: TOAST_FAVOURITES_MS });
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
}
