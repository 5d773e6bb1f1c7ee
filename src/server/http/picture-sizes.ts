/**
 * The sizes and formats pictures are made in, and their short addresses (ADR 22). Every `/_image` URL the pages name asks for
 * one of PICTURE_WIDTHS, a height that gives one of PICTURE_ASPECTS, and one of PICTURE_FORMATS
 * (WebP; PNG for link previews, BaseLayout.astro). The server's picture cache
 * (./image-cache.ts) answers 400 to any other request, so nobody can make the shop
 * transform, and keep on disk, pictures at sizes or in formats of their choosing (an 800 px AVIF
 * costs 2.4 s of CPU; endless sizes would fill the disk). A component that shows a picture at a new
 * size adds its widths here; the browser tests ask for every picture the main pages name.
 */

/** Widths in pixels: 1× and 2× of each box the components draw, and the link preview (1200). */
export const PICTURE_WIDTHS: readonly number[] = [44, 56, 88, 96, 112, 192, 300, 400, 480, 600, 800, 900, 1200, 1600];

/**
 * Width ÷ height of the shop's pictures: squares (products, lines), header banners (1600 × 500),
 * promotions and brand logos (2 : 1), vouchers (400 × 240).
 */
export const PICTURE_ASPECTS: readonly number[] = [1, 16 / 5, 2, 5 / 3];

/** Output formats: WebP for pages, PNG for link previews. */
export const PICTURE_FORMATS: readonly string[] = ['webp', 'png'];

/** The parameters Astro's image endpoint is given (`/_image?href=…&w=…&h=…&f=…`). */
const PARAMETERS = new Set(['href', 'w', 'h', 'f']);

/**
 * True when `query` (the search part of an `/_image` URL, with or without '?') asks for an allowed
 * size and format: one `href`, a width of PICTURE_WIDTHS, a height of that width at one of
 * PICTURE_ASPECTS (rounded as Astro rounds), a format of PICTURE_FORMATS, and nothing else.
 */
export function allowedPicture(query: string): boolean {
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.length !== 4 || new Set(names).size !== 4 || names.some((name) => !PARAMETERS.has(name))) return false;
  const w = Number(params.get('w'));
  const h = Number(params.get('h'));
  return (
    PICTURE_FORMATS.includes(params.get('f') ?? '') &&
    PICTURE_WIDTHS.includes(w) &&
    `${w}` === params.get('w') &&
    `${h}` === params.get('h') &&
    PICTURE_ASPECTS.some((aspect) => Math.round(w / aspect) === h)
  );
}

/** Where the short picture addresses live: `/_p/<file>/<w>x<h>.<format>`. */
export const SHORT_PICTURE_PREFIX = '/_p/';

/**
 * The short address of one of the shop's own files made at `w` × `h` pixels in `format`, written
 * straight from the file's built address, without Astro's getImage (render cost, ADR 17):
 * ('/_astro/P0011-1.rIN6B6Yl.svg', 300, 300, 'webp') → '/_p/P0011-1.rIN6B6Yl.svg/300x300.webp'.
 * `assetSrc` is the file's address in the build ('/_astro/<file>'), `w` and `h` in pixels, `format`
 * one of PICTURE_FORMATS. Null for a file outside /_astro/, or a size or format the server would
 * refuse (allowedPicture).
 */
export function pictureAddress(assetSrc: string, w: number, h: number, format: string): string | null {
  const file = assetSrc.startsWith('/_astro/') ? assetSrc.slice('/_astro/'.length) : '';
  if (!/^[\w.-]+$/.test(file) || file.startsWith('.')) return null;
  if (!allowedPicture(new URLSearchParams({ href: assetSrc, w: String(w), h: String(h), f: format }).toString())) return null;
  return `${SHORT_PICTURE_PREFIX}${file}/${w}x${h}.${format}`;
}

/**
 * The short address of an image-endpoint URL of one of the shop's own files (HTML diet, ADR 22):
 * `/_image?href=%2F_astro%2FP0011-1.rIN6B6Yl.svg&w=300&h=300&f=webp` →
 * `/_p/P0011-1.rIN6B6Yl.svg/300x300.webp` (87 characters in HTML against 37). Any other URL (an
 * origin in front, another parameter, a file outside /_astro/) is returned as it is.
 * `url` is as Astro's getImage gives it.
 */
export function shortPictureUrl(url: string): string {
  if (!url.startsWith('/_image?')) return url;
  const params = new URLSearchParams(url.slice('/_image?'.length));
  if (!allowedPicture(params.toString())) return url;
  return pictureAddress(params.get('href') ?? '', Number(params.get('w')), Number(params.get('h')), params.get('f') ?? '') ?? url;
}

/**
 * The image-endpoint URL a short address stands for (the inverse of `shortPictureUrl`), or null
 * when `path` is not a well-formed short address.
 * `path`: path and query as requested, e.g. '/_p/P0011-1.rIN6B6Yl.svg/300x300.webp' →
 * '/_image?href=%2F_astro%2FP0011-1.rIN6B6Yl.svg&w=300&h=300&f=webp'.
 */
export function longPictureUrl(path: string): string | null {
  const m = /^\/_p\/([\w.-]+)\/(\d{1,5})x(\d{1,5})\.([a-z]+)$/.exec(path);
  const [, file, w, h, f] = m ?? [];
  if (!file || !w || !h || !f || file.startsWith('.')) return null;
  return `/_image?${new URLSearchParams({ href: `/_astro/${file}`, w, h, f })}`;
}
