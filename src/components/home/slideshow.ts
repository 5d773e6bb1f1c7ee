/**
 * Starts the slideshows of a page lazily (DESIGN budgets: home ≤ 50 KB JS before interaction):
 * Swiper's code (swiper-setup.ts) is imported only when a slideshow comes within 300 px of the
 * viewport, and then in an idle moment. Until then the slides scroll natively (CSS scroll snap).
 * Swiper reads the direction only when it starts (DESIGN pitfalls), so every slideshow is destroyed
 * and created again when `<html dir>` changes.
 */
import type { SlideshowHandle } from './swiper-setup';

const NEAR_VIEWPORT = '300px';
/** Longest wait for an idle moment before starting anyway, ms. */
const IDLE_TIMEOUT_MS = 1500;

const running = new Map<HTMLElement, SlideshowHandle>();
let setup: Promise<typeof import('./swiper-setup')> | undefined;

const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(fn, 1);

async function start(el: HTMLElement): Promise<void> {
  if (running.has(el)) return;
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
