/**
 * The rules of a product picture HQ uploads (issue 20 item 2; ADR 28), shared by the API
 * (services/catalogue-writes/pictures.ts) and the console's picture section
 * (src/features/product-pictures): judged by content, never by the file's name or claimed type.
 */

/** The largest picture file HQ may upload, in bytes (20 MB: a full-size phone photo fits). */
export const PRODUCT_PICTURE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The largest console form with a file (a product picture, or a CSV import of at most the same
 * 20 MB, IMPORT_MAX_BYTES) with its form's other fields and framing, in bytes: Astro's
 * actionBodySizeLimit (astro.config.mjs).
 */
export const CONSOLE_UPLOAD_MAX_BODY_BYTES = PRODUCT_PICTURE_MAX_BYTES + 64 * 1024;

/** The most pictures a product may have (its gallery; the product form's rule too). */
export const PRODUCT_PICTURES_MAX = 12;

/** The formats a product picture may be uploaded in. */
export type ProductPictureFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format of a picture by its first bytes (at least 12): JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A;
 * WebP 'RIFF' <size> 'WEBP'. Null for anything else (a text file named .jpg is null).
 */
export function productPictureFormat(head: Uint8Array): ProductPictureFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}
