/**
 * Swiper for one `[data-slideshow]` of Slideshow.astro (loaded lazily by slideshow.ts). Reads the
 * element's slides per view (`data-pv`, `data-pv-sm`, `data-pv-lg`), gap (`data-gap`, px),
 * transition (`data-speed`, ms) and `data-autoplay` (every SLIDESHOW_AUTOPLAY_MS), and the page's
 * slideshow texts from <body data-slideshow-labels> (slideshow-labels.ts). Picks up where a shopper
 * had scrolled the native row, shows the arrows, dots and pause button (Swiper names the arrows and
 * dots, this file the pause button), pauses videos that slide out of view, and does not autoplay when reduced motion is preferred.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { SLIDESHOW_AUTOPLAY_MS } from '../../../../domain/constants';
import { iconId } from '../../../../components/icons/icons';
import type { SlideshowLabels } from './slideshow-labels';

/** Tailwind's sm and lg breakpoints (px), which the slide widths of Slideshow.astro also use. */
const BREAKPOINT_SM = 640;
const BREAKPOINT_LG = 1024;

export type SlideshowHandle = { swiper: Swiper; destroy: () => void };

/** Creates the Swiper of a slideshow element. @throws SyntaxError when the body's data-slideshow-labels is not JSON. */
export function createSlideshow(el: HTMLElement): SlideshowHandle {
  const { pv, pvSm, pvLg } = el.dataset;
  const gap = Number(el.dataset.gap);
  const labels = JSON.parse(document.body.dataset.slideshowLabels ?? '{}') as SlideshowLabels;
  const outer = el.parentElement!.parentElement!;
  const track = el.querySelector<HTMLElement>('[data-slideshow-track]')!;
  const prev = outer.querySelector<HTMLButtonElement>('[data-slideshow-prev]')!;
  const next = outer.querySelector<HTMLButtonElement>('[data-slideshow-next]')!;
  const dots = outer.querySelector<HTMLElement>('[data-slideshow-dots]')!;
  const pause = outer.querySelector<HTMLButtonElement>('[data-slideshow-pause]');
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // Where the shopper scrolled the native row to (negative scrollLeft in right-to-left).
  const first = track.firstElementChild as HTMLElement | null;
  const step = first ? first.getBoundingClientRect().width + gap : 0;
  const initialSlide = step > 0 ? Math.round(Math.abs(track.scrollLeft) / step) : 0;
  track.scrollLeft = 0;

  const autoplay = el.dataset.autoplay !== undefined && !reduced;
  const swiper = new Swiper(el, {
    modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
    initialSlide,
    speed: Number(el.dataset.speed),
    spaceBetween: gap,
    slidesPerView: Number(pv),
    breakpoints: {
      [BREAKPOINT_SM]: { slidesPerView: Number(pvSm) },
      [BREAKPOINT_LG]: { slidesPerView: Number(pvLg) },
    },
    rewind: true,
    watchOverflow: true,
    navigation: { prevEl: prev, nextEl: next },
    pagination: { el: dots, clickable: true },
    keyboard: { enabled: true, onlyInViewport: true },
    autoplay: autoplay ? { delay: SLIDESHOW_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
    a11y: {
      prevSlideMessage: labels.prev,
      nextSlideMessage: labels.next,
      paginationBulletMessage: labels.goto,
      slideLabelMessage: labels.slide,
      slideRole: 'group',
      containerRole: 'group',
      containerRoleDescriptionMessage: el.getAttribute('aria-roledescription'),
      itemRoleDescriptionMessage: el.querySelector('.swiper-slide')?.getAttribute('aria-roledescription') ?? null,
      scrollOnFocus: true,
    },
    on: {
      slideChange(s) {
        for (const video of s.el.querySelectorAll('video')) if (!video.paused) video.pause();
      },
    },
  });

  prev.hidden = false;
  next.hidden = false;
  dots.hidden = false;
  let paused = false;
  // The pause button's label and icon (the sprite's pause or play) say what pressing it does.
  const showPaused = () => {
    pause!.setAttribute('aria-label', paused ? labels.play : labels.pause);
    pause!.querySelector('use')?.setAttribute('href', `#${iconId(paused ? 'play' : 'pause')}`);
  };
  const onPause = () => {
    paused = !paused;
    if (paused) swiper.autoplay.stop();
    else swiper.autoplay.start();
    showPaused();
  };
  if (pause && autoplay) {
    showPaused();
    pause.hidden = false;
    pause.addEventListener('click', onPause);
  }
  return {
    swiper,
    destroy() {
      pause?.removeEventListener('click', onPause);
      for (const b of [prev, next, dots]) b.hidden = true;
      if (pause) pause.hidden = true;
      dots.replaceChildren();
      swiper.destroy(true, true);
    },
  };
}
