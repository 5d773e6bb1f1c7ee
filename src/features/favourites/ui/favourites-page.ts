/**
 * The favourites page after load (FavouritesList.astro): when a heart removes a favourite (the
 * shared $favourites store changes), its card goes at once, and the empty text shows when the last
 * one has gone (coverage.md §2 "Your favourites is empty").
 */
import { $favourites } from '../../../stores/favourites';

/** Follows $favourites on the page's `[data-favourites-page]`, if there is one. */
export function startFavouritesPage() {
  const page = document.querySelector<HTMLElement>('[data-favourites-page]');
  if (!page) return;
  $favourites.listen((codes) => {
    if (!codes) return;
    for (const item of page.querySelectorAll<HTMLElement>('[data-favourite-item]')) {
      if (!codes.includes(item.dataset.favouriteItem ?? '')) item.remove();
    }
    const left = page.querySelectorAll('[data-favourite-item]').length;
    page.querySelector<HTMLElement>('[data-favourites-list]')!.hidden = left === 0;
    page.querySelector<HTMLElement>('[data-favourites-empty]')!.hidden = left > 0;
    page.querySelector<HTMLElement>('[data-favourites-hint]')?.toggleAttribute('hidden', left === 0);
  });
}
