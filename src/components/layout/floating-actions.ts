/**
 * The floating buttons' behaviour (FloatingActions.astro, coverage.md §2 chrome): back to top shown
 * after BACK_TO_TOP_AFTER_PX of scroll (coverage.md §9), and each button stepping aside while a control
 * or a price lies beneath it, watched from the moment the page has loaded (ADR 51). Started once per page by
 * the page shell's script (shell.ts); does nothing on a page without the buttons.
 */
import { BACK_TO_TOP_AFTER_PX } from '../../domain/constants';

/** At the latest this long after the page's `load` event, the buttons begin to watch what lies beneath them (ms). */
const WATCH_AFTER_LOAD_MS = 500;

/** Starts the floating buttons of the page (elements `[data-floating]`, `[data-back-to-top]`). */
export function startFloatingActions(): void {
  const floaters = [...document.querySelectorAll<HTMLElement>('[data-floating]')];
  if (floaters.length === 0) return;
  /** What a floating button must never cover: controls, and text holding a price (RM). */
  const CONTROL = 'a, button, input, select, textarea, summary, label, [role="button"], [tabindex="0"]';
  const PRICE = /RM\s?\d/;

  /** The controls and prices now inside the buttons' corner of the screen (kept by `watch`). */
  const near = new Set<Element>();
  /** Every control and price the observer watches. */
  const watched = new Set<Element>();
  let watcher: IntersectionObserver | null = null;
  /** A look is asked for (queue). */
  let queued = false;

  /** Adds to `into` the controls in `root` (itself included) and the elements whose own text there holds a price. */
  function targetsIn(root: Node, into: Set<Element>) {
    if (root.nodeType === Node.TEXT_NODE) {
      if (root.parentElement && PRICE.test(root.textContent ?? '')) into.add(root.parentElement);
      return;
    }
    if (!(root instanceof Element)) return;
    if (root.matches(CONTROL)) into.add(root);
    for (const el of root.querySelectorAll(CONTROL)) into.add(el);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && PRICE.test(n.textContent ?? '')) into.add(n.parentElement);
    }
  }

  /** Watches each of `elements` not watched yet (outside the floating buttons). */
  function observe(elements: Iterable<Element>) {
    for (const el of elements) {
      if (watched.has(el) || el.closest('[data-floating]')) continue;
      watched.add(el);
      watcher?.observe(el);
    }
  }

  /**
   * Watches the page's controls and the elements whose own text holds a price (outside the floating
   * buttons) for entering or leaving the buttons' corner: the viewport shrunk by a root margin to
   * the box the buttons take. Done again, for the whole page, when the window or the buttons change
   * (the corner moves); new content is added to the watch as it comes (`added`), so a page whose
   * islands draw or whose carousel turns is not walked again each time: on a long page each walk
   * was a long task on a phone.
   */
  function watch() {
    stale = false;
    // `near` is kept: the new observer first reports every element it watches, in or out.
    watcher?.disconnect();
    watched.clear();
    // The box the shown buttons take together (back to top sits above the row, out of its flow):
    // its distance from each side of the viewport, as [top, right, bottom, left].
    const { clientWidth: w, clientHeight: h } = document.documentElement;
    const gap = [h, w, h, w];
    for (const f of floaters) {
      const b = f.getBoundingClientRect();
      if (b.width) [b.top, w - b.right, h - b.bottom, b.left].forEach((v, i) => (gap[i] = Math.min(gap[i]!, v)));
    }
    const margin = gap.map((v) => `${-Math.floor(v)}px`).join(' ');
    watcher = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) near.add(e.target);
          else near.delete(e.target);
        }
        queue();
      },
      { rootMargin: margin },
    );
    const found = new Set<Element>();
    targetsIn(document.body, found);
    observe(found);
  }
  /** The corner is watched again, for the whole page, at the next look (the window or the buttons changed). */
  let stale = false;
  const rewatch = () => {
    stale = true;
    queue();
  };
  /**
   * New content (an island drawing its rows, a toast, a price changed) may now lie beneath a button:
   * what it brings is watched too, and what left the page is forgotten. A change inside the buttons
   * themselves may move the corner: the whole page is watched again.
   */
  function added(records: MutationRecord[]) {
    const found = new Set<Element>();
    let removed = false;
    for (const r of records) {
      const inside = r.target instanceof Element ? r.target : r.target.parentElement;
      if (inside?.closest('[data-floating]')) stale = true;
      if (r.type === 'characterData') targetsIn(r.target, found);
      for (const n of r.addedNodes) targetsIn(n, found);
      if (r.removedNodes.length > 0) removed = true;
    }
    if (!stale) {
      observe(found);
      if (removed) {
        for (const el of watched) {
          if (el.isConnected) continue;
          watched.delete(el);
          near.delete(el);
          watcher?.unobserve(el);
        }
      }
    }
    queue();
  }

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
    if (stale) watch();
    const boxes = [...near].map((el) => el.getBoundingClientRect());
    // Every box read before any attribute is written: one layout per look, not one per button.
    const aside = floaters.map((f) => f !== document.activeElement && coversContent(f, boxes));
    floaters.forEach((f, i) => f.toggleAttribute('data-aside', aside[i]));
  }
  /**
   * Asks for a look: in the next frame after a scroll, when a button must not linger over what
   * moves beneath it; otherwise (the observer's reports, new content, a resize) in a task of its
   * own, after the frame the browser is drawing, whose layout the look then finds done. In the next
   * frame each of those looks forced a layout and made the frame one long task (docs/architecture.md
   * "Render cost").
   */
  function queue(inNextFrame = false) {
    if (queued || !begun) return;
    queued = true;
    if (inNextFrame) requestAnimationFrame(stepAside);
    else window.setTimeout(stepAside, 0);
  }
  /** The watch has begun (`begin`): no look is asked for before. */
  let begun = false;
  /** What else runs when the watch begins (the back-to-top button's first look at the scroll position). */
  let onBegin = () => {};
  /**
   * The watch begins once the page has loaded and the browser is idle (within WATCH_AFTER_LOAD_MS):
   * the first walk of the page then finds its layout done. Begun while the page was still being
   * built, each look forced the browser to lay out the page there and then, inside this script: on
   * a phone, long tasks of 50–100 ms while the page loads (docs/architecture.md "Render cost").
   */
  function begin() {
    begun = true;
    onBegin();
    new MutationObserver(added).observe(document.body, { childList: true, subtree: true, characterData: true });
    window.addEventListener('resize', rewatch);
    window.addEventListener('scroll', () => queue(true), { passive: true });
    // Here, in the idle moment, not in the next frame's look: the walk and the look are two short
    // tasks rather than one long one. The observer's first report asks for the first look.
    watch();
  }
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(begin, { timeout: WATCH_AFTER_LOAD_MS });
    else window.setTimeout(begin, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

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
    // The page may open scrolled (a reload, back): read once the watch begins, since reading the
    // scroll position while the page is being built forces a layout.
    onBegin = update;
    button.addEventListener('click', () => {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    });
  }
}
