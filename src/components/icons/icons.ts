/**
 * The icons drawn many times on one page (a product card's heart, quick-view eye and cart; review
 * stars; the slideshows' arrows and pause / play), kept once per page as `<symbol>`s (IconSprite.astro) and drawn with `<use href="#i-…">`
 * (Icon.astro) instead of repeating their paths on every card (issue "Fast at the origin" HTML diet).
 * Each entry: the symbol's viewBox, its inner SVG markup and the presentation attributes every use
 * of it shares (`attrs`, set once on the <symbol> instead of on each <use>'s <svg>). An attribute on
 * the symbol wins over what the <svg> around a <use> passes down, so a paint that changes (the
 * heart's fill when active, the stars' fill) is left out of `attrs` and given by classes instead.
 */
export const ICONS = {
  heart: { viewBox: '0 0 24 24', attrs: { stroke: 'currentColor', 'stroke-width': '2' }, body: '<path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.5 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.5 0 5.4 3.5 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"/>' },
  eye: { viewBox: '0 0 24 24', attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2' }, body: '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>' },
  cart: { viewBox: '0 0 24 24', attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2' }, body: '<path d="M3 4h2l2.2 10.4a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6"/>' },
  star: { viewBox: '0 0 20 20', attrs: {}, body: '<path d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z"/>' },
  /** Chevrons pointing back and forward in a left-to-right page (a class mirrors them in Arabic). */
  'chevron-back': { viewBox: '0 0 20 20', attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2', 'stroke-linecap': 'round' }, body: '<path d="m12.5 4-6 6 6 6"/>' },
  'chevron-forward': { viewBox: '0 0 20 20', attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2', 'stroke-linecap': 'round' }, body: '<path d="m7.5 4 6 6-6 6"/>' },
  pause: { viewBox: '0 0 16 16', attrs: { fill: 'currentColor' }, body: '<rect x="3" y="2" width="3.5" height="12" rx="1"/><rect x="9.5" y="2" width="3.5" height="12" rx="1"/>' },
  play: { viewBox: '0 0 16 16', attrs: { fill: 'currentColor' }, body: '<path d="M4 2.5v11l9-5.5z"/>' },
} as const satisfies Record<string, { viewBox: string; attrs: Record<string, string>; body: string }>;

export type IconName = keyof typeof ICONS;

/** The slideshows' icons (Slideshow.astro), in the sprite only of a page with slideshows. */
export const SLIDESHOW_ICONS: readonly IconName[] = ['chevron-back', 'chevron-forward', 'pause', 'play'];

/** The element id of an icon's symbol: 'heart' → 'i-heart'. */
export function iconId(name: IconName): string {
  return `i-${name}`;
}
