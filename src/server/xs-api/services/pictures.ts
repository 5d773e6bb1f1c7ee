/**
 * Members' profile pictures (coverage.md §7 upload_customer_picture/{customer}, §5, §8, §9): judged by
 * content, re-encoded with sharp, kept under a name the server chooses in the uploads directory
 * (UPLOADS_DIR), and served from `/uploads/<name>` (src/pages/uploads/[name].ts).
 *
 * - The upload's first bytes must be JPEG or PNG (`profileImageFormat`, src/domain/validation.ts)
 *   and sharp must read the same format; the file name and the client's MIME type are ignored.
 * - Re-encoding drops every piece of metadata (EXIF, GPS, ICC comments), applies the EXIF
 *   orientation, crops to a 512 × 512 px square (cover, centred) and writes WebP: one format.
 * - Names are 32 random hex digits + '.webp' (`PICTURE_FILE_NAME`); the member's row stores the
 *   path '/uploads/<name>'. The previous picture's file is removed once the new one is stored.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../domain/constants';
import { paths } from '../../../domain/paths';
import { profileImageFormat } from '../../../domain/profile-picture';
import type { Profile } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { loadSharp } from '../../sharp';
import { ApiError } from '../errors';
import { toProfile } from './customers';

/** Width and height of a stored profile picture, px. */
export const PICTURE_SIZE_PX = 512;
/** The Content-Type of every stored picture. */
export const PICTURE_CONTENT_TYPE = 'image/webp';
/** A name the server made: 32 lowercase hex digits and '.webp'. Anything else is not a picture of ours. */
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/;
/**
 * Largest picture sharp will decode, in pixels (a 48-megapixel phone photo fits): a small file
 * that unpacks into a huge image is refused instead of filling the memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** The stored file name of a picture path ('/uploads/<name>'), or null for anything else. */
export function pictureFileName(picture: string | null | undefined): string | null {
  const prefix = paths.upload('');
  if (!picture?.startsWith(prefix)) return null;
  const name = picture.slice(prefix.length);
  return PICTURE_FILE_NAME.test(name) ? name : null;
}

/**
 * Re-encodes an upload into the stored form: WebP, 512 × 512 px, no metadata.
 * @throws ApiError 415 'image_type' when the content is not JPEG or PNG; 422 'picture_unreadable'
 *   when it claims to be one but cannot be decoded (truncated, corrupt, too many pixels).
 */
export async function encodePicture(bytes: Uint8Array): Promise<Buffer> {
  const claimed = profileImageFormat(bytes.subarray(0, 16));
  if (!claimed) throw new ApiError(415, 'image_type');
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });
    const { format } = await image.metadata();
    if (format !== claimed) throw new ApiError(415, 'image_type');
    return await image
      .rotate()
      .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(422, 'picture_unreadable');
  }
}

/**
 * Stores `file` as the member's picture and answers the updated profile. The new file is written
 * first, then the row is changed under a row lock (two uploads at once: the last one wins and
 * every replaced file is removed), then the previous file is removed. A failure leaves no new file.
 * @throws ApiError 413 'image_size' over 5 MB; 415 'image_type'; 422 'picture_unreadable';
 *   404 when the member does not exist.
 */
export async function storeCustomerPicture(db: Db, uploadsDir: string, memberCode: string, file: Blob): Promise<Profile> {
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw new ApiError(413, 'image_size');
  const encoded = await encodePicture(new Uint8Array(await file.arrayBuffer()));
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await fs.mkdir(uploadsDir, { recursive: true });
  const where = path.join(uploadsDir, name);
  await fs.writeFile(where, encoded, { flag: 'wx', mode: 0o644 });
  let previous: string | null = null;
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const [current] = await tx.select({ picture: customers.picture }).from(customers).where(eq(customers.memberCode, memberCode)).for('update');
      if (!current) throw new ApiError(404, 'api_not_found');
      previous = current.picture;
      const [updated] = await tx.update(customers).set({ picture: paths.upload(name) }).where(eq(customers.memberCode, memberCode)).returning();
      return updated!;
    });
  } catch (err) {
    await fs.rm(where, { force: true });
    throw err;
  }
  const old = pictureFileName(previous);
  if (old && old !== name) await fs.rm(path.join(uploadsDir, old), { force: true }).catch(() => undefined);
  return toProfile(row);
}

/**
 * The bytes of a stored picture, or null when `name` is not a server-made name or no such file
 * exists. The name is checked against `PICTURE_FILE_NAME` before any file is touched, so no path
 * can leave the uploads directory.
 */
export async function readPicture(uploadsDir: string, name: string): Promise<Buffer | null> {
  if (!PICTURE_FILE_NAME.test(name)) return null;
  return fs.readFile(path.join(uploadsDir, name)).catch(() => null);
}
