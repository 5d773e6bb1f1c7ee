/**
 * Product list behaviour (coverage.md §2 Product list view, §4 Product list states, §9 page size 25), for
 * the markup of ProductListView.astro:
 *   - grid / list switch, remembered in localStorage ('xs-list-view');
 *   - infinite scroll: when the sentinel under the cards comes near the viewport, ask
 *     /fragments/products for `limit` = nextLimit(items so far) ("offset,count", count a multiple of
 *     25), append the `<li>` cards, enhance their add-to-cart forms and set `?page=` with
 *     history.replaceState. `data-state`: loaded → loading → loaded | done (the last answer had
 *     fewer items than asked for) | error (a retry button appears). The page links are the
 *     fallback without JavaScript and are hidden here.
 *   - the Filters panel closes on Escape or a click outside it; empty prices stay out of the URL.
 */
import { enhanceAddToCart } from '../../../cart/ui/add-to-cart';
import { enhanceFavourites } from '../../../favourites/ui/favourite-toggle';
import { formatLimit, isDone, nextLimit, PAGE_SIZE } from '../../../../domain/product-list';
import { pageOfItems } from '../../../../domain/list-url';

/** localStorage key of the chosen view. */
const VIEW_KEY = 'xs-list-view';
/** Start loading this far below the viewport, in CSS pixels. */
const PRELOAD_PX = 600;

type View = 'grid' | 'list';
type State = 'loaded' | 'loading' | 'done' | 'error';

function setupView(list: HTMLElement) {
  const box = list.querySelector<HTMLElement>('[data-view-switch]');
  if (!box) return;
  const buttons = [...box.querySelectorAll<HTMLButtonElement>('[data-view-option]')];
  const show = (view: View) => {
    list.dataset.view = view;
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.viewOption === view));
  };
  show(list.dataset.view === 'list' ? 'list' : 'grid');
  for (const b of buttons) {
    b.addEventListener('click', () => {
      const view = b.dataset.viewOption === 'list' ? 'list' : 'grid';
      show(view);
      try {
        localStorage.setItem(VIEW_KEY, view);
      } catch {
        /* storage unavailable: the choice lasts for this page */
      }
    });
  }
  // Shown in the place it already takes (no layout shift).
  box.classList.remove('invisible');
}

function setupFilter(list: HTMLElement) {
  const details = list.querySelector<HTMLDetailsElement>('[data-price-filter]');
  if (!details) return;
  document.addEventListener('click', (e) => {
    if (details.open && !details.contains(e.target as Node)) details.open = false;
  });
  // An empty price is no filter: leave it out of the URL (?min=5, not ?min=5&max=).
  details.querySelector('form')?.addEventListener('submit', (e) => {
    for (const input of (e.currentTarget as HTMLFormElement).querySelectorAll<HTMLInputElement>('input[type="number"]')) input.disabled = !input.value.trim();
  });
  details.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !details.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  });
}

function setupScroll(list: HTMLElement) {
  const src = list.dataset.src;
  const items = list.querySelector<HTMLElement>('[data-list-items]');
  const sentinel = list.querySelector<HTMLElement>('[data-list-sentinel]');
  const status = list.querySelector<HTMLElement>('[data-list-status]');
  const retry = list.querySelector<HTMLButtonElement>('[data-list-retry]');
  if (!src || !items || !sentinel || !status || !retry) return;
  list.querySelector<HTMLElement>('[data-list-pages]')!.hidden = true;
  const start = Number(list.dataset.offset) || 0;
  const loaded = () => start + items.querySelectorAll('[data-list-item]').length;

  const set = (state: State) => {
    list.dataset.state = state;
    const text = { loading: list.dataset.loadingText, error: list.dataset.errorText, done: loaded() - start > PAGE_SIZE ? list.dataset.endText : '', loaded: '' }[state];
    status.textContent = text ?? '';
    retry.hidden = state !== 'error';
  };

  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) void more();
  }, { rootMargin: `0px 0px ${PRELOAD_PX}px 0px` });

  async function more() {
    if (list.dataset.state !== 'loaded') return;
    set('loading');
    const limit = nextLimit(loaded());
    try {
      const res = await fetch(`${src}${src!.includes('?') ? '&' : '?'}limit=${formatLimit(limit)}`, { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const template = document.createElement('template');
      template.innerHTML = await res.text();
      for (const s of template.content.querySelectorAll('script')) s.remove();
      for (const input of template.content.querySelectorAll<HTMLInputElement>('input[name="redirect"]')) input.value = location.pathname + location.search;
      const added = template.content.querySelectorAll('[data-list-item]').length;
      items!.append(template.content);
      enhanceAddToCart(items!);
      enhanceFavourites(items!);
      if (added > 0) {
        const url = new URL(location.href);
        url.searchParams.set('page', String(pageOfItems(loaded())));
        history.replaceState(history.state, '', url);
      }
      set(isDone(added, limit.count) ? 'done' : 'loaded');
    } catch {
      set('error');
      return;
    }
    // Still near the viewport (a tall screen)? Observing again reports the current intersection.
    observer.unobserve(sentinel!);
    if (list.dataset.state === 'loaded') observer.observe(sentinel!);
  }

  retry.addEventListener('click', () => {
    set('loaded');
    void more();
  });
  if (list.dataset.state === 'loaded') observer.observe(sentinel);
  else set(list.dataset.state as State);
}

/** Starts every product list on the page (once each). */
export function startProductList() {
  for (const list of document.querySelectorAll<HTMLElement>('[data-product-list]:not([data-started])')) {
    list.dataset.started = '1';
    setupView(list);
    setupFilter(list);
    setupScroll(list);
  }
}
