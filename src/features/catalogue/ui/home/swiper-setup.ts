/**
 * Swiper for one `[data-slideshow]` of Slideshow.astro (loaded lazily by slideshow.ts). Reads the
 * element's `data-config` ({ perView: {base, sm, lg}, gap px, speed ms, autoplay ms or 0}) and
 * `data-labels` (translated texts with Swiper's {{index}} / {{slidesLength}} placeholders).
 * Picks up where a shopper had scrolled the native row, shows the arrows, dots and pause button,
 * pauses videos that slide out of view, and does not autoplay when reduced motion is preferred.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';

/** Tailwind's sm and lg breakpoints (px), which the slide widths of Slideshow.astro also use. */
const BREAKPOINT_SM = 640;
const BREAKPOINT_LG = 1024;

type Config = { perView: { base: number; sm: number; lg: number }; gap: number; speed: number; autoplay: number };
type Labels = { prev: string; next: string; pause: string; play: string; goto: string; slide: string };

export type SlideshowHandle = { swiper: Swiper; destroy: () => void };

/** Creates the Swiper of a slideshow element. @throws SyntaxError when data-config is not JSON. */
export function createSlideshow(el: HTMLElement): SlideshowHandle {
  const config = JSON.parse(el.dataset.config ?? '{}') as Config;
  const labels = JSON.parse(el.dataset.labels ?? '{}') as Labels;
  const outer = el.parentElement!.parentElement!;
  const track = el.querySelector<HTMLElement>('[data-slideshow-track]')!;
  const prev = outer.querySelector<HTMLButtonElement>('[data-slideshow-prev]')!;
  const next = outer.querySelector<HTMLButtonElement>('[data-slideshow-next]')!;
  const dots = outer.querySelector<HTMLElement>('[data-slideshow-dots]')!;
  const pause = outer.querySelector<HTMLButtonElement>('[data-slideshow-pause]');
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // Where the shopper scrolled the native row to (negative scrollLeft in right-to-left).
  const first = track.firstElementChild as HTMLElement | null;
  const step = first ? first.getBoundingClientRect().width + config.gap : 0;
  const initialSlide = step > 0 ? Math.round(Math.abs(track.scrollLeft) / step) : 0;
  track.scrollLeft = 0;

  const autoplay = config.autoplay > 0 && !reduced;
  const swiper = new Swiper(el, {
    modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
    initialSlide,
    speed: config.speed,
    spaceBetween: config.gap,
    slidesPerView: config.perView.base,
    breakpoints: {
      [BREAKPOINT_SM]: { slidesPerView: config.perView.sm },
      [BREAKPOINT_LG]: { slidesPerView: config.perView.lg },
    },
    rewind: true,
    watchOverflow: true,
    navigation: { prevEl: prev, nextEl: next },
    pagination: { el: dots, clickable: true },
    keyboard: { enabled: true, onlyInViewport: true },
    autoplay: autoplay ? { delay: config.autoplay, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
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
  const onPause = () => {
    paused = !paused;
    if (paused) swiper.autoplay.stop();
    else swiper.autoplay.start();
    pause!.setAttribute('aria-label', paused ? labels.play : labels.pause);
    pause!.querySelector('[data-icon-pause]')?.classList.toggle('hidden', paused);
    pause!.querySelector('[data-icon-play]')?.classList.toggle('hidden', !paused);
  };
  if (pause && autoplay) {
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
