/**
 * Pictures through Astro's image pipeline (WebP with srcset; ADR 22). Catalogue data
 * names pictures by site path ('/images/products/P0001-1.svg'); the demo pictures live in
 * src/assets/images so the pipeline can transform them. A path with no asset behind it (a new
 * upload, a remote URL) is served as it is.
 */
import type { ImageMetadata } from 'astro';
import { shortPictureUrl } from '../../server/http/picture-sizes.ts';

/**
 * The one format pictures are made in (ADR 22). WebP, not AVIF: on these pictures an AVIF costs
 * 20–40× the CPU of a WebP (220 ms against 12 ms at 200 px, 2.4 s against 62 ms at 800 px) for
 * 1–3 KB less, and a page offering both carried two srcsets per picture.
 */
export const PICTURE_FORMAT = 'webp';

const assets = import.meta.glob<{ default: ImageMetadata }>('/src/assets/images/**/*.{svg,png,jpg,jpeg,webp,avif}', { eager: true });
const byPath = new Map(Object.entries(assets).map(([file, mod]) => [file.replace(/^\/src\/assets/, ''), mod.default]));

/** The pipeline asset for a site path, or null when the picture is not one of ours. */
export function imageAsset(path: string): ImageMetadata | null {
  return byPath.get(path) ?? null;
}

/**
 * The address a page writes for an image-endpoint URL (`/_image?href=…&w=…&h=…&f=…`): its short
 * form `/_p/<file>/<w>x<h>.<format>` (src/server/http/picture-sizes.ts, ADR 22), which src/server/http/serve.ts
 * answers; the URL as it is under `astro dev`, whose server knows only `/_image`.
 */
export function pictureUrl(url: string): string {
  return import.meta.env.DEV ? url : shortPictureUrl(url);
}
