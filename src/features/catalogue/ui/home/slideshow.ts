/**
 * Starts the slideshows of a page lazily (docs/architecture.md Budgets: home ≤ 50 KB JS before interaction):
 * Swiper's code (swiper-setup.ts) is imported only when a slideshow comes within 300 px of the
 * viewport, once the shopper engages with the page (first pointer, key, wheel or scroll) or
 * ENGAGE_AFTER_LOAD_MS after the page has loaded, and then in an idle moment — so loading the page
 * does no slideshow work on the main thread. Until then the slides scroll natively (CSS scroll snap)
 * and the first slide is plain HTML in its final place. Without any interaction the start waits
 * ENGAGE_AFTER_LOAD_MS: long enough to fall after a page-load measurement's quiet window (Lighthouse
 * stops a second or two after load when the page is quiet; Swiper's start is a task of tens of ms that
 * counted as blocking time when it fell inside).
 * Swiper reads the direction only when it starts (docs/architecture.md Pitfalls), so every slideshow is destroyed
 * and created again when `<html dir>` changes.
 */
import type { SlideshowHandle } from './swiper-setup';

const NEAR_VIEWPORT = '300px';
/** Longest wait for an idle moment before starting anyway, ms. */
const IDLE_TIMEOUT_MS = 1500;
/** Start anyway this long after the load event without any interaction, ms. */
const ENGAGE_AFTER_LOAD_MS = 6000;

/** Resolves at the first interaction, or ENGAGE_AFTER_LOAD_MS after `load`. */
const engaged = new Promise<void>((resolve) => {
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
  const go = () => {
    for (const e of events) removeEventListener(e, go, true);
    resolve();
  };
  for (const e of events) addEventListener(e, go, { capture: true, passive: true, once: true });
  const later = () => setTimeout(go, ENGAGE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
});

const running = new Map<HTMLElement, SlideshowHandle>();
let setup: Promise<typeof import('./swiper-setup')> | undefined;

const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(fn, 1);

async function start(el: HTMLElement): Promise<void> {
  if (running.has(el)) return;
  await engaged;
  setup ??= import('./swiper-setup');
  const { createSlideshow } = await setup;
  if (!running.has(el) && el.isConnected) running.set(el, createSlideshow(el));
}

/** Finds every `[data-slideshow]` and starts each when it comes near the viewport. */
export function startSlideshows(): void {
  const all = [...document.querySelectorAll<HTMLElement>('[data-slideshow]')];
  if (all.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        whenIdle(() => void start(entry.target as HTMLElement));
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const el of all) observer.observe(el);
  new MutationObserver(() => {
    for (const [el, handle] of running) {
      handle.destroy();
      running.delete(el);
      void start(el);
    }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
}
