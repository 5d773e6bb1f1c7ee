/**
 * Addresses of the shop's own pictures at a given size (ADR 22), for ResponsiveImage, the link
 * preview and places that swap pictures in the browser (the product gallery) and so cannot use
 * <Image> directly.
 *
 * In a build the address is written straight from the file's built address
 * (`pictureAddress`, src/server/http/picture-sizes.ts): Astro's getImage validated options, hashed
 * and built a URL for every picture, 3–4 % of a page's render with 20–40 pictures (ADR 17). The
 * image endpoint answers the same URL whoever wrote it. Under `astro dev`, whose server knows only
 * its own `/_image` URLs, and for a size the server would refuse, getImage writes it as before.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { pictureAddress } from '../../server/http/picture-sizes.ts';
import { uploadedPictureAddress } from '../../server/http/uploaded-pictures.ts';
import { imageAsset, pictureUrl, PICTURE_FORMAT } from './resolve';

/**
 * The address of `asset` made at `width` × `height` pixels in `format`: '/_p/<file>/<w>x<h>.<format>'.
 * @param asset a pipeline asset (imageAsset)
 * @param width in pixels, one of PICTURE_WIDTHS; height in pixels, at one of PICTURE_ASPECTS
 */
export async function assetPictureUrl(asset: ImageMetadata, width: number, height: number, format: string = PICTURE_FORMAT): Promise<string> {
  const direct = import.meta.env.DEV ? null : pictureAddress(asset.src, width, height, format);
  return direct ?? pictureUrl((await getImage({ src: asset, width, height, format: format as 'webp' | 'png' })).src);
}

/**
 * The height of a picture `width` pixels wide with the aspect of a `boxWidth` × `boxHeight` box,
 * rounded as Astro's image service rounds it (and as the server checks it: allowedPicture).
 */
export function heightAt(width: number, boxWidth: number, boxHeight: number): number {
  return Math.round(width / (boxWidth / boxHeight));
}

/** `srcset`: 'url 300w, url 600w, …'; `src`: the largest width's URL (the fallback and the no-script link). */
export type PictureSources = { srcset: string; src: string };

/**
 * The srcset of a picture HQ uploaded at run time ('/_u/<id>.webp', ADR 28) in a `boxWidth` ×
 * `boxHeight` box at `widths` (px, ascending): its files made at upload, written straight from the
 * address. Null for any other picture, or a size that was not made (uploads are square).
 */
export function uploadedSources(path: string, widths: number[], boxWidth = 1, boxHeight = 1): PictureSources | null {
  const urls = widths.map((w) => uploadedPictureAddress(path, w, heightAt(w, boxWidth, boxHeight), PICTURE_FORMAT));
  if (urls.some((url) => url === null)) return null;
  return { srcset: urls.map((url, i) => `${url} ${widths[i]}w`).join(', '), src: urls[urls.length - 1]! };
}

/** The srcset of a square picture at `widths` (px, ascending); null when the path is neither a pipeline asset nor an upload. */
export async function squareSources(path: string, widths: number[]): Promise<PictureSources | null> {
  const uploaded = uploadedSources(path, widths);
  if (uploaded) return uploaded;
  const asset = imageAsset(path);
  if (!asset) return null;
  const urls = await Promise.all(widths.map((w) => assetPictureUrl(asset, w, w)));
  return { srcset: urls.map((url, i) => `${url} ${widths[i]}w`).join(', '), src: urls[urls.length - 1]! };
}
