/**
 * Toasts (coverage.md §4, §9 Toast auto-close): a message in the page's live region for a while, optionally a
 * link (the cart toast goes to /cart). Framework-free, so plain scripts and islands share it.
 *
 * What a shopper sees at once stays readable and consistent (issue "A shopper trusts every step"):
 * - a message the page already shows (a form's error, a modal's notice: a visible `role="alert"`,
 *   `role="status"` or `[data-notice]` outside the toasts) is not toasted again over its controls;
 * - a toast replaces any shown toast with the same text, and any shown toast of the same `tag`
 *   (favourites added then removed: only "removed" stays, not both);
 * - at most `MAX_TOASTS` are shown; a new one removes the oldest.
 */
import { TOAST_DEFAULT_MS } from '../../domain/constants';

/**
 * `tag` names the subject of a toast: a new toast of the same tag replaces the shown one, and
 * `dismissToasts` removes them early (e.g. 'cart' for "added to cart", 'favourites').
 */
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

/** The most toasts shown at once. */
export const MAX_TOASTS = 3;

/** Whether `message` is already shown on the page (or the open modal) outside the toasts. */
function shownOnPage(message: string): boolean {
  const text = message.trim();
  if (!text) return false;
  for (const el of document.querySelectorAll<HTMLElement>('[role="alert"], [role="status"], [data-notice]')) {
    if (el.closest('#toaster, [data-toaster]') || el.dataset.toast) continue;
    if (el.textContent?.trim() === text && el.getClientRects().length > 0) return true;
  }
  return false;
}

/**
 * Shows a toast; returns a function that removes it early. Nothing is shown (and the function does
 * nothing) when the page already shows the same message.
 */
export function toast(message: string, { durationMs = TOAST_DEFAULT_MS, href, kind = 'success', tag, data }: ToastOptions = {}): () => void {
  const region = toastRegion();
  if (!region || shownOnPage(message)) return () => {};
  for (const old of region.querySelectorAll<HTMLElement>('[data-toast]')) {
    if ((tag && old.dataset.toastTag === tag) || old.textContent?.trim() === message.trim()) old.remove();
  }
  const shown = region.querySelectorAll<HTMLElement>('[data-toast]');
  for (let i = 0; i <= shown.length - MAX_TOASTS; i++) shown[i]!.remove();
  // The live region's role stays on the toast itself; a link is inside it (a link given the status
  // role would lose its name: that role takes no name from its text).
  const el = document.createElement('div');
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.dataset.toast = kind;
  if (tag) el.dataset.toastTag = tag;
  // Its look: the `toast` and `toast-error` classes of src/styles/global.css.
  el.className = kind === 'error' ? 'toast-error' : 'toast';
  const body = href ? document.createElement('a') : el;
  if (href) {
    (body as HTMLAnchorElement).href = href;
    body.className = 'toast-link';
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
