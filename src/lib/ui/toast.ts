/**
 * Toasts (spec §4, §9 Toast auto-close): a message in the page's live region for a while, optionally a
 * link (the cart toast goes to /cart). Framework-free, so plain scripts and islands share it.
 */
import { TOAST_DEFAULT_MS } from '../../domain/constants';

/** `tag` names a kind of toast so it can be dismissed early (`dismissToasts`), e.g. 'cart' for "added to cart". */
export type ToastOptions = {
  durationMs?: number;
  href?: string;
  kind?: 'success' | 'error' | 'info';
  tag?: string;
  /** Data attributes of the toast's link, or of the toast without one (`{ langLink: 'en' }` → data-lang-link="en"), for a script that follows it. */
  data?: Record<string, string>;
};

/**
 * Where a toast goes: the page's #toaster, or — while a modal <dialog> is open (quick view, delivery
 * method) — a region inside that dialog, since the page below a modal sits under its backdrop.
 */
function toastRegion(): HTMLElement | null {
  const page = document.getElementById('toaster');
  const modal = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].find((d) => d.matches(':modal'));
  if (!modal || !page) return page;
  let region = modal.querySelector<HTMLElement>(':scope > [data-toaster]');
  if (!region) {
    region = document.createElement('div');
    region.dataset.toaster = '';
    region.setAttribute('aria-live', 'polite');
    region.className = page.className;
    modal.append(region);
  }
  return region;
}

/** Shows a toast; returns a function that removes it early. */
export function toast(message: string, { durationMs = TOAST_DEFAULT_MS, href, kind = 'success', tag, data }: ToastOptions = {}): () => void {
  const region = toastRegion();
  if (!region) return () => {};
  // The live region's role stays on the toast itself; a link is inside it (a link given the status
  // role would lose its name: that role takes no name from its text).
  const el = document.createElement('div');
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.dataset.toast = kind;
  if (tag) el.dataset.toastTag = tag;
  el.className =
    'pointer-events-auto flex items-center gap-3 rounded-xl text-sm font-medium shadow-lg ring-1 transition-opacity duration-300 ' +
    // A light ring and a deep shadow keep the dark toast visible over any background, the dark footer too.
    (kind === 'error' ? 'bg-brand-700 text-white ring-2 ring-white/90 shadow-black/40' : 'bg-ink-900 text-white ring-2 ring-white/90 shadow-black/40');
  const body = href ? document.createElement('a') : el;
  if (href) {
    (body as HTMLAnchorElement).href = href;
    body.className = 'block w-full rounded-xl px-4 py-3 hover:underline';
    el.append(body);
  } else {
    el.classList.add('px-4', 'py-3');
  }
  Object.assign(body.dataset, data);
  body.textContent = message;
  region.append(el);
  const remove = () => {
    el.style.opacity = '0';
    setTimeout(() => el.remove(), 300);
  };
  const timer = setTimeout(remove, durationMs);
  return () => {
    clearTimeout(timer);
    remove();
  };
}

/** Removes every toast shown with `tag` at once (the delivery modal opening dismisses an old "added to cart"). */
export function dismissToasts(tag: string): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-toast-tag="${CSS.escape(tag)}"]`)) el.remove();
}
