/**
 * The gallery's picture sources written once (issue "Fast at the origin" HTML diet): each thumbnail
 * used to carry the srcsets of its large picture (~450 bytes per thumbnail).
 * When every picture's srcsets differ only by the picture's own source key (its file, as in
 * `/_p/P0001-2.abc.svg/600x600.webp`, see `sourceKey`), the gallery
 * carries the srcsets once as a pattern with SOURCE_SLOT and each thumbnail only its key; the
 * script fills the key in. When they do not (another URL scheme), the thumbnails keep their full
 * srcsets, so the swap never breaks.
 */
import type { PictureSources } from '../../../../lib/images/sources';

/** Stands for a picture's key in a pattern. */
export const SOURCE_SLOT = '{src}';

export type GallerySources =
  | { kind: 'pattern'; srcset: string; keys: string[] }
  | { kind: 'full' };

/**
 * The key of a picture: the file its URL names, as written in the URL — the short address's file
 * (`/_p/P0001-2.abc.svg/600x600.webp` → 'P0001-2.abc.svg') or the image endpoint's encoded `href`
 * (`/_image?href=%2F_astro%2FP0001-2.abc.svg&…` under `astro dev`); null when absent.
 */
export function sourceKey(url: string): string | null {
  return /^\/_p\/([^/\s]+)\//.exec(url)?.[1] ?? /[?&]href=([^&\s]+)/.exec(url)?.[1] ?? null;
}

/**
 * The pattern form when it reproduces every picture's srcset exactly, else 'full'.
 * Example: srcsets '/_image?href=A&w=300 300w' and '/_image?href=B&w=300 300w' →
 * { kind: 'pattern', srcset: '/_image?href={src}&w=300 300w', keys: ['A', 'B'] }.
 */
export function gallerySources(sources: (PictureSources | null)[]): GallerySources {
  const first = sources[0];
  const firstKey = first && sourceKey(first.src);
  if (!first || !firstKey || sources.length < 2) return { kind: 'full' };
  const srcset = first.srcset.replaceAll(firstKey, SOURCE_SLOT);
  const keys: string[] = [];
  for (const s of sources) {
    const key = s && sourceKey(s.src);
    if (!s || !key || srcset.replaceAll(SOURCE_SLOT, key) !== s.srcset) return { kind: 'full' };
    keys.push(key);
  }
  return { kind: 'pattern', srcset, keys };
}
