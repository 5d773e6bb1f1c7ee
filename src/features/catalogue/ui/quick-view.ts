/**
 * Quick view (coverage.md §4 Quick view, §3 Quick view state, §9 delay 350 ms): a click on a card's
 * quick-view link (`data-quick-view="{code}"`) waits QUICK_VIEW_DELAY_MS, then fetches the product's
 * quick-view fragment (/quick-view/{code} in the page's language, `quickViewSrc`, server-rendered and
 * cacheable); it opens in a <dialog> only when found and not superseded by a newer click. Closing clears the open flag. $quickView holds { open, product }.
 * Without JavaScript the link simply goes to the product page.
 */
import { QUICK_VIEW_DELAY_MS } from '../../../domain/constants';
import { $quickView } from '../../../stores/favourites';
import { enhanceAddToCart } from '../../cart/ui/add-to-cart';
import { enhanceFavourites } from '../../favourites/ui/favourite-toggle';

let latest = 0;
let dialog: HTMLDialogElement | undefined;

/** The one dialog the quick view opens in, made on first use. */
function host(): HTMLDialogElement {
  if (dialog) return dialog;
  const d = document.createElement('dialog');
  d.className = 'm-auto w-[calc(100%-1.5rem)] max-w-3xl rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60';
  d.setAttribute('aria-labelledby', 'quick-view-title');
  d.dataset.quickViewDialog = '';
  d.addEventListener('close', () => $quickView.set({ ...$quickView.get(), open: false }));
  d.addEventListener('click', (e) => {
    if (e.target === d) d.close(); // a click on the backdrop
  });
  document.body.append(d);
  return (dialog = d);
}

/**
 * Opens the quick view of a product after the delay, fetching its fragment from `src`; resolves to
 * true when it opened, false when the product was not found or a newer request superseded this one.
 */
export async function openQuickView(code: string, src: string, trigger?: HTMLElement): Promise<boolean> {
  const request = ++latest;
  $quickView.set({ open: $quickView.get().open, product: code });
  trigger?.setAttribute('aria-busy', 'true');
  try {
    await new Promise((resolve) => setTimeout(resolve, QUICK_VIEW_DELAY_MS));
    if (request !== latest) return false;
    const res = await fetch(src).catch(() => null);
    const html = res?.ok ? await res.text() : '';
    if (request !== latest || !html.trim()) return false;
    const d = host();
    d.innerHTML = html;
    enhanceAddToCart(d);
    enhanceFavourites(d);
    if (!d.open) d.showModal();
    $quickView.set({ open: true, product: code });
    return true;
  } finally {
    trigger?.removeAttribute('aria-busy');
  }
}

/**
 * The address of a product's quick-view fragment in the page's language, from the body's
 * `data-quick-view-base` (BaseLayout): 'P0001' → '/zh/quick-view/P0001' on a Chinese page.
 */
export function quickViewSrc(code: string): string {
  return `${document.body.dataset.quickViewBase ?? '/quick-view/'}${encodeURIComponent(code)}`;
}

/** Listens for clicks on `a[data-quick-view]` links (once per page). */
export function startQuickView() {
  if (document.documentElement.dataset.quickView) return;
  document.documentElement.dataset.quickView = 'ready';
  document.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-quick-view]');
    const code = link?.dataset.quickView;
    if (!link || !code || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void openQuickView(code, quickViewSrc(code), link);
  });
}
