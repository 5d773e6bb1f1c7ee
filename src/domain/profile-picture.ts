/**
 * The profile picture rule judged by content (coverage.md §5, §8, §9: jpg, jpeg or png, at most 5 MB),
 * shared by the API (src/server/xs-api/services/pictures.ts) and the profile page's script, which
 * checks a chosen file the same way before sending it. Without zod, so the page's script stays
 * small. The older name-based check, `profileImageError`, is in ./validation.ts.
 */
import { PROFILE_IMAGE_MAX_BYTES } from './constants';

/** The picture formats a profile picture may be (jpg and jpeg are both JPEG). */
export type ProfileImageFormat = 'jpeg' | 'png';

/** How many first bytes `profileImageFormat` needs. */
export const PROFILE_IMAGE_HEAD_BYTES = 8;

/**
 * The format of a picture judged by its first bytes (magic numbers), never by its name or the MIME
 * type a browser claims: JPEG starts FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A. Null for anything else
 * (a PDF renamed .png is null).
 */
export function profileImageFormat(head: Uint8Array): ProfileImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  return null;
}

/**
 * Checks a picture by content: an empty file is 'field_required', one over 5 MB (5 242 880 bytes)
 * 'image_size', one whose first bytes are not JPEG or PNG 'image_type'. Returns the message key,
 * or null when fine (the server still decodes it and may refuse a corrupt file).
 */
export function profileImageContentError(file: { head: Uint8Array; size: number }): 'field_required' | 'image_size' | 'image_type' | null {
  if (!(file.size > 0)) return 'field_required';
  if (!(file.size <= PROFILE_IMAGE_MAX_BYTES)) return 'image_size';
  if (!profileImageFormat(file.head)) return 'image_type';
  return null;
}
