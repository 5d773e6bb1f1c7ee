/**
 * The slideshows' texts in the page's language (Slideshow.astro): the same on every slideshow, so
 * a page with slideshows carries them once, as JSON in its <body>'s data-slideshow-labels
 * (BaseLayout `slideshows`), and swiper-setup.ts gives them to Swiper, which names the arrows and
 * dots with them when it starts. `goto` and `slide` keep Swiper's {{index}} / {{slidesLength}}
 * placeholders.
 */
import type { Translate } from '../../../../i18n/messages';

export type SlideshowLabels = { prev: string; next: string; pause: string; play: string; goto: string; slide: string };

/** Example (English): { prev: 'Previous slide', …, goto: 'Go to slide {{index}}', slide: '{{index}} of {{slidesLength}}' }. */
export function slideshowLabels(t: Translate): SlideshowLabels {
  return {
    prev: t('slideshow_prev'),
    next: t('slideshow_next'),
    pause: t('slideshow_pause'),
    play: t('slideshow_play'),
    goto: t('slideshow_goto', { index: '{{index}}' }),
    slide: t('slideshow_slide_of', { index: '{{index}}', count: '{{slidesLength}}' }),
  };
}
