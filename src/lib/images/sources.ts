/**
 * AVIF and WebP srcsets of one picture, for places that swap pictures in the browser (the product
 * gallery) and so cannot use <Picture> directly. Same pipeline as ResponsiveImage.
 */
import { getImage } from 'astro:assets';
import { imageAsset } from './resolve';

export type PictureSources = { avif: string; webp: string; src: string };

/** Srcsets for a square picture at `widths` (px); null when the path is not a pipeline asset. */
export async function squareSources(path: string, widths: number[]): Promise<PictureSources | null> {
  const asset = imageAsset(path);
  if (!asset) return null;
  const set = async (format: 'avif' | 'webp') =>
    (await Promise.all(widths.map(async (w) => `${(await getImage({ src: asset, width: w, height: w, format })).src} ${w}w`))).join(', ');
  const [avif, webp] = await Promise.all([set('avif'), set('webp')]);
  const largest = widths[widths.length - 1]!;
  const src = (await getImage({ src: asset, width: largest, height: largest, format: 'webp' })).src;
  return { avif, webp, src };
}
