/**
 * The WebP srcset of one picture, for places that swap pictures in the browser (the product
 * gallery) and so cannot use <Image> directly. Same pipeline and format as ResponsiveImage (ADR 22).
 */
import { getImage } from 'astro:assets';
import { imageAsset, pictureUrl, PICTURE_FORMAT } from './resolve';

/** `srcset`: 'url 300w, url 600w, …'; `src`: the largest width's URL (the fallback and the no-script link). */
export type PictureSources = { srcset: string; src: string };

/** The srcset of a square picture at `widths` (px, ascending); null when the path is not a pipeline asset. */
export async function squareSources(path: string, widths: number[]): Promise<PictureSources | null> {
  const asset = imageAsset(path);
  if (!asset) return null;
  const urls = await Promise.all(widths.map(async (w) => pictureUrl((await getImage({ src: asset, width: w, height: w, format: PICTURE_FORMAT })).src)));
  return { srcset: urls.map((url, i) => `${url} ${widths[i]}w`).join(', '), src: urls[urls.length - 1]! };
}
