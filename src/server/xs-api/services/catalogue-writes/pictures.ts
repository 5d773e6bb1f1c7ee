/**
 * Product pictures at run time (issue 20 item 2; ADR 28): HQ adds a picture to a product, orders a
 * product's pictures, removes one, with no rebuild and no restart.
 *
 * - An upload is judged by its bytes (`productPictureFormat`: JPEG, PNG or WebP, and sharp must
 *   read the same format), never by its name or claimed type; at most PRODUCT_PICTURE_MAX_BYTES.
 * - It is re-encoded once into every size the pages show (src/server/http/uploaded-pictures.ts):
 *   metadata dropped, EXIF orientation applied, fitted whole into a square (transparent margins),
 *   WebP at every width of PICTURE_WIDTHS and the 1200 px PNG of link previews, flat in UPLOADS_DIR
 *   under a random id. The files are written before the product row changes, so any page naming
 *   the picture finds its files, on every instance sharing UPLOADS_DIR.
 * - Each change is one transaction with its `catalogue_events` row (who, when, pictures old → new);
 *   once committed, the product's pages are dropped on every instance (pagesChanged, ADR 26).
 * - A removed upload's files are deleted unless an order line or another product still names it
 *   (an order shows the picture it was placed with).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, products } from '../../db/schema';
import { ApiError } from '../../errors';
import { PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURES_MAX, productPictureFormat } from '../../../../domain/product-picture';
import { productChangeTags } from '../../../cache';
import { pagesChanged } from '../../../page-changes';
import { clock } from '../../../clock';
import { loadSharp } from '../../../sharp';
import { uploadedPictureFiles, uploadedPictureId, uploadedPicturePath } from '../../../http/uploaded-pictures.ts';
import { recordEvents, type Actor } from './record';
import { toView, type ProductAdminView } from './products';

/** Largest picture sharp will decode, in pixels: a small file that unpacks into a huge image is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The side of the square every size is made from, px (the largest width the pages use). */
const MASTER_PX = 1600;

/**
 * Every size of an upload, made from its bytes: [file name, bytes] for each file of
 * `uploadedPictureFiles(id)`.
 * @throws ApiError 415 'catalogue_picture_type' when the bytes are not JPEG, PNG or WebP (or sharp
 *   reads another format); 422 'catalogue_picture_unreadable' when they cannot be decoded (truncated,
 *   corrupt, over 50 megapixels).
 */
export async function encodeProductPicture(bytes: Uint8Array, id: string): Promise<[string, Buffer][]> {
  const claimed = productPictureFormat(bytes.subarray(0, 16));
  if (!claimed) throw new ApiError(415, 'catalogue_picture_type');
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== claimed) throw new ApiError(415, 'catalogue_picture_type');
    // Decoded once into a square master; every size is a resize of it.
    const { data, info } = await image
      .rotate()
      .resize(MASTER_PX, MASTER_PX, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    return await Promise.all(
      uploadedPictureFiles(id).map(async ({ name, width, format: out }) => {
        const sized = sharp(data, raw).resize(width, width);
        const body = out === 'png' ? await sized.flatten({ background: '#ffffff' }).png({ compressionLevel: 8 }).toBuffer() : await sized.webp({ quality: 80 }).toBuffer();
        return [name, body] as [string, Buffer];
      }),
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(422, 'catalogue_picture_unreadable');
  }
}

/** The product row under a row lock. @throws ApiError 404 'product_not_found'. */
async function lockedProduct(tx: Parameters<Parameters<Db['transaction']>[0]>[0], code: string) {
  const [row] = await tx.select().from(products).where(eq(products.productCode, code)).for('update');
  if (!row) throw new ApiError(404, 'product_not_found', { code });
  return row;
}

/**
 * Adds `file` as the last picture of product `code`; answers the product as HQ edits it and the
 * new picture's address ('/_u/<id>.webp').
 * @throws ApiError 413 'catalogue_picture_size' over 20 MB; 415 'catalogue_picture_type';
 *   422 'catalogue_picture_unreadable'; 404 'product_not_found'; 409 'catalogue_pictures_max' when
 *   the product already has PRODUCT_PICTURES_MAX pictures. Nothing is kept after a refusal.
 */
export async function addProductPicture(db: Db, uploadsDir: string, actor: Actor, code: string, file: Blob): Promise<{ data: ProductAdminView; picture: string }> {
  if (file.size > PRODUCT_PICTURE_MAX_BYTES) throw new ApiError(413, 'catalogue_picture_size', { mb: PRODUCT_PICTURE_MAX_BYTES / 1024 / 1024 });
  // Refused early, before the costly encoding, when the product cannot take it.
  const [known] = await db.select({ pictures: products.pictures }).from(products).where(eq(products.productCode, code));
  if (!known) throw new ApiError(404, 'product_not_found', { code });
  if (known.pictures.length >= PRODUCT_PICTURES_MAX) throw new ApiError(409, 'catalogue_pictures_max');
  const id = randomBytes(16).toString('hex');
  const files = await encodeProductPicture(new Uint8Array(await file.arrayBuffer()), id);
  await fs.mkdir(uploadsDir, { recursive: true });
  const written: string[] = [];
  const picture = uploadedPicturePath(id);
  try {
    for (const [name, body] of files) {
      // Written under a temporary name and renamed: another instance never reads half a file.
      const part = path.join(uploadsDir, `.${name}.part`);
      await fs.writeFile(part, body, { mode: 0o644 });
      await fs.rename(part, path.join(uploadsDir, name));
      written.push(name);
    }
    const row = await db.transaction(async (tx) => {
      const before = await lockedProduct(tx, code);
      if (before.pictures.length >= PRODUCT_PICTURES_MAX) throw new ApiError(409, 'catalogue_pictures_max');
      const pictures = [...before.pictures, picture];
      const [after] = await tx.update(products).set({ pictures, updatedAt: clock.now() }).where(eq(products.productCode, code)).returning();
      await recordEvents(tx, actor, [{ action: 'product_picture_added', subject: code, detail: { picture, pictures: [before.pictures, pictures] } }]);
      return after!;
    });
    await pagesChanged(db, productChangeTags([code], [row.lineCode]));
    return { data: toView(row), picture };
  } catch (err) {
    await Promise.all(written.map((name) => fs.rm(path.join(uploadsDir, name), { force: true })));
    throw err;
  }
}

/**
 * Puts product `code`'s pictures in the order given (the same pictures, each once). The same
 * order as now writes nothing and drops no page.
 * @throws ApiError 404 'product_not_found'; 409 'catalogue_pictures_differ' when `order` is not
 *   exactly the product's pictures (one unknown, missing or repeated).
 */
export async function orderProductPictures(db: Db, actor: Actor, code: string, order: string[]): Promise<{ data: ProductAdminView; changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const before = await lockedProduct(tx, code);
    const same = order.length === before.pictures.length && new Set(order).size === order.length && order.every((p) => before.pictures.includes(p));
    if (!same) throw new ApiError(409, 'catalogue_pictures_differ', {}, { pictures: before.pictures });
    if (order.every((p, i) => before.pictures[i] === p)) return { row: before, changed: false };
    const [after] = await tx.update(products).set({ pictures: order, updatedAt: clock.now() }).where(eq(products.productCode, code)).returning();
    await recordEvents(tx, actor, [{ action: 'product_pictures_ordered', subject: code, detail: { pictures: [before.pictures, order] } }]);
    return { row: after!, changed: true };
  });
  if (result.changed) await pagesChanged(db, productChangeTags([code], [result.row.lineCode]));
  return { data: toView(result.row), changed: result.changed };
}

/**
 * Removes `picture` from product `code`; an uploaded picture's files go too when no order line and
 * no other product names it.
 * @throws ApiError 404 'product_not_found'; 404 'catalogue_picture_not_found' when the product has
 *   no such picture.
 */
export async function removeProductPicture(db: Db, uploadsDir: string, actor: Actor, code: string, picture: string): Promise<{ data: ProductAdminView }> {
  const result = await db.transaction(async (tx) => {
    const before = await lockedProduct(tx, code);
    if (!before.pictures.includes(picture)) throw new ApiError(404, 'catalogue_picture_not_found');
    const pictures = before.pictures.filter((p) => p !== picture);
    const [after] = await tx.update(products).set({ pictures, updatedAt: clock.now() }).where(eq(products.productCode, code)).returning();
    await recordEvents(tx, actor, [{ action: 'product_picture_removed', subject: code, detail: { picture, pictures: [before.pictures, pictures] } }]);
    return after!;
  });
  await pagesChanged(db, productChangeTags([code], [result.lineCode]));
  const id = uploadedPictureId(picture);
  if (id && !(await stillNamed(db, picture))) {
    await Promise.all(uploadedPictureFiles(id).map(({ name }) => fs.rm(path.join(uploadsDir, name), { force: true }).catch(() => undefined)));
  }
  return { data: toView(result) };
}

/** True when an order line or a product still names `picture`. */
async function stillNamed(db: Db, picture: string): Promise<boolean> {
  const [ordered] = await db.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.productPicture, picture)).limit(1);
  if (ordered) return true;
  const [product] = await db
    .select({ one: sql`1` })
    .from(products)
    .where(sql`${products.pictures} @> ${JSON.stringify([picture])}::jsonb`)
    .limit(1);
  return Boolean(product);
}
