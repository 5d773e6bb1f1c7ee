/**
 * HQ's operations on a product's pictures (issue 20 item 2; ADR 28), beside the other catalogue
 * writes (./catalogue-writes.ts, whose `productAdmin` they answer with); `auth: 'hq'`; the service is
 * services/catalogue-writes/pictures.ts.
 * An added picture is judged by its bytes (JPEG, PNG or WebP; not its name or claimed type), at
 * most PRODUCT_PICTURE_MAX_BYTES, re-encoded into every size the pages show and named
 * '/_u/<32 hex>.webp'; each change is recorded with the HQ member and drops the product's pages on
 * every instance.
 */
import { z } from 'zod';
import { productCodeSchema } from '../../../domain/catalogue-edit';
import { PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURES_MAX } from '../../../domain/product-picture';
import { defineOperation, statusOk } from './operation';
import { productAdmin } from './catalogue-writes';

const PICTURE_MB = PRODUCT_PICTURE_MAX_BYTES / 1024 / 1024;

export const opsProductPictureAdd = defineOperation({
  name: 'ops_product_picture_add',
  method: 'POST',
  path: 'ops/catalogue/product_picture_add',
  member: 'none',
  auth: 'hq',
  summary: `Adds a picture to a product, last in its gallery (multipart: product_code, picture). JPEG, PNG or WebP judged by content, at most ${PICTURE_MB} MB (413 before it is read); re-encoded without metadata into square WebP at every width the pages use and a 1200 px PNG for link previews, served at once under /_u/ by every instance sharing UPLOADS_DIR. 415 for another format, 422 for a picture that cannot be decoded (truncated, corrupt), 404 for an unknown product, 409 past ${PRODUCT_PICTURES_MAX} pictures. Answers the product and the new picture's address.`,
  body: z.object({ product_code: productCodeSchema, picture: z.file({ error: 'field_required' }).min(1, 'field_required') }),
  multipart: { maxBodyBytes: PRODUCT_PICTURE_MAX_BYTES + 64 * 1024, tooLarge: 'catalogue_picture_size', tooLargeParams: { mb: PICTURE_MB } },
  response: z.object({ Status: statusOk, data: productAdmin, picture: z.string() }),
});

export const opsProductPictureOrder = defineOperation({
  name: 'ops_product_picture_order',
  method: 'POST',
  path: 'ops/catalogue/product_picture_order',
  member: 'none',
  auth: 'hq',
  summary: "Puts a product's pictures in a new order: `pictures` lists every one of them, each once, first shown first. 409 (with the product's pictures) when the list is not exactly its pictures; 404 for an unknown product. The same order writes nothing (`changed` false).",
  body: z.object({ product_code: productCodeSchema, pictures: z.array(z.string().max(500)).max(PRODUCT_PICTURES_MAX, 'catalogue_pictures_max') }),
  response: z.object({ Status: statusOk, data: productAdmin, changed: z.boolean() }),
});

export const opsProductPictureRemove = defineOperation({
  name: 'ops_product_picture_remove',
  method: 'POST',
  path: 'ops/catalogue/product_picture_remove',
  member: 'none',
  auth: 'hq',
  summary: "Removes one picture from a product. An uploaded picture's files are deleted unless an order or another product still shows it. 404 for an unknown product or a picture the product does not have.",
  body: z.object({ product_code: productCodeSchema, picture: z.string().min(1, 'field_required').max(500) }),
  response: z.object({ Status: statusOk, data: productAdmin }),
});
