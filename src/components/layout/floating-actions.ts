/**
 * The floating buttons' behaviour (FloatingActions.astro, coverage.md §2 chrome): back to top shown
 * after BACK_TO_TOP_AFTER_PX of scroll (coverage.md §9), and each button stepping aside while a control
 * or a price lies beneath it. Started once per page by the page shell's script (shell.ts); does
 * nothing on a page without the buttons.
 */
import { BACK_TO_TOP_AFTER_PX } from '../../domain/constants';

/** Starts the floating buttons of the page (elements `[data-floating]`, `[data-back-to-top]`). */
export function startFloatingActions(): void {
  const floaters = [...document.querySelectorAll<HTMLElement>('[data-floating]')];
  if (floaters.length === 0) return;
  /** What a floating button must never cover: controls, and text holding a price (RM). */
  const CONTROL = 'a, button, input, select, textarea, summary, label, [role="button"], [tabindex="0"]';
  const PRICE = /RM\s?\d/;

  /** The controls and prices now inside the buttons' corner of the screen (kept by `watch`). */
  const near = new Set<Element>();
  let watcher: IntersectionObserver | null = null;
  /** A look is asked for the next frame (queue). */
  let queued = false;

  /**
   * Watches the page's controls and the elements whose own text holds a price (outside the floating
   * buttons) for entering or leaving the buttons' corner: the viewport shrunk by a root margin to
   * the box the buttons take. Done again when the page's content, the window or the buttons change.
   */
  function watch() {
    // `near` is kept: the new observer first reports every element it watches, in or out.
    watcher?.disconnect();
    // The box the shown buttons take together (back to top sits above the row, out of its flow):
    // its distance from each side of the viewport, as [top, right, bottom, left].
    const { clientWidth: w, clientHeight: h } = document.documentElement;
    const gap = [h, w, h, w];
    for (const f of floaters) {
      const b = f.getBoundingClientRect();
      if (b.width) [b.top, w - b.right, h - b.bottom, b.left].forEach((v, i) => (gap[i] = Math.min(gap[i]!, v)));
    }
    const margin = gap.map((v) => `${-Math.floor(v)}px`).join(' ');
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          // An element taken out of the page is reported out, and forgotten.
          if (e.isIntersecting) near.add(e.target);
          else near.delete(e.target);
        }
        queue();
      },
      { rootMargin: margin },
    );
    const found = new Set<Element>(document.body.querySelectorAll(CONTROL));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && PRICE.test(n.textContent ?? '')) found.add(n.parentElement);
    }
    for (const el of found) if (!el.closest('[data-floating]')) seen.observe(el);
    watcher = seen;
  }
  /** The corner is watched again at the next look (its content, the window or the buttons changed). */
  let stale = false;
  const rewatch = () => {
    stale = true;
    queue();
  };
  // New content (an island drawing its rows, a toast) may now lie beneath a button.
  new MutationObserver(rewatch).observe(document.body, { childList: true, subtree: true, characterData: true });
  window.addEventListener('resize', rewatch);

  /**
   * True when what is seen at (x, y), under the floating buttons, is a control or a price: one of
   * those in the corner (a control's inner parts, an icon in a button, have the control itself in
   * the same stack of elements at that point).
   */
  function contentAt(x: number, y: number): boolean {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el === document.body) break;
      if (near.has(el)) return true;
    }
    return false;
  }

  /**
   * Whether a control or a price is seen beneath floating button `f`: for each box of one in the
   * corner that overlaps the button, the page is hit-tested at the overlap's centre and its corners
   * half a pixel in (a thin overlap is found too), so a box hidden under something else or clipped
   * away does not count.
   */
  function coversContent(f: HTMLElement, boxes: DOMRect[]): boolean {
    const r = f.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    for (const b of boxes) {
      const left = Math.max(r.left, b.left);
      const right = Math.min(r.right, b.right);
      const top = Math.max(r.top, b.top);
      const bottom = Math.min(r.bottom, b.bottom);
      if (left >= right || top >= bottom) continue;
      for (const x of [left + 0.5, (left + right) / 2, right - 0.5]) {
        for (const y of [top + 0.5, (top + bottom) / 2, bottom - 0.5]) if (contentAt(x, y)) return true;
      }
    }
    return false;
  }

  /** Fades out each floating button that has a price or a control beneath it (a focused one stays). */
  function stepAside() {
    queued = false;
    if (stale) {
      stale = false;
      watch();
    }
    const boxes = [...near].map((el) => el.getBoundingClientRect());
    // Every box read before any attribute is written: one layout per look, not one per button.
    const aside = floaters.map((f) => f !== document.activeElement && coversContent(f, boxes));
    floaters.forEach((f, i) => f.toggleAttribute('data-aside', aside[i]));
  }
  function queue() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(stepAside);
  }
  window.addEventListener('scroll', queue, { passive: true });
  watch();

  const button = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (button) {
    const update = () => {
      const hidden = window.scrollY <= BACK_TO_TOP_AFTER_PX;
      // The corner grows or shrinks with the button: watched again.
      if (hidden !== button.hidden) {
        button.hidden = hidden;
        rewatch();
      }
    };
    window.addEventListener('scroll', update, { passive: true });
    update();
    button.addEventListener('click', () => {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    });
  }
}
