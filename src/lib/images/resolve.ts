/**
 * Pictures through Astro's image pipeline (issue: images as AVIF/WebP with srcset). Catalogue data
 * names pictures by site path ('/images/products/P0001-1.svg'); the demo pictures live in
 * src/assets/images so the pipeline can transform them. A path with no asset behind it (a new
 * upload, a remote URL) is served as it is.
 */
import type { ImageMetadata } from 'astro';

const assets = import.meta.glob<{ default: ImageMetadata }>('/src/assets/images/**/*.{svg,png,jpg,jpeg,webp,avif}', { eager: true });
const byPath = new Map(Object.entries(assets).map(([file, mod]) => [file.replace(/^\/src\/assets/, ''), mod.default]));

/** The pipeline asset for a site path, or null when the picture is not one of ours. */
export function imageAsset(path: string): ImageMetadata | null {
  return byPath.get(path) ?? null;
}
