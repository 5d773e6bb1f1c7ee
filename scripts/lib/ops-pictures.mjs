/**
 * `npm run ops -- picture add|order|remove|list` (scripts/ops.mjs; issue 20 item 2, ADR 28): a
 * product's pictures from a shell, as the logged-in HQ member, through the running shop's
 * operations (ops_product_picture_add, multipart; _order and _remove; ops_product to list).
 */
import fs from 'node:fs';
import path from 'node:path';

const API_BASE = '/api/mobile_ecom/xs_api.php';
/** The shop's limit (PRODUCT_PICTURE_MAX_BYTES of src/domain/product-picture.ts), checked before sending. */
export const PICTURE_MAX_MB = 20;

/**
 * Sends the picture `file` to product `code`. A file over the limit is refused here, unread.
 * @param {{ code: string, file: string, url: string, token: string, apiKey: string, lang?: string }} o
 * @returns {Promise<{ status: number, answer: any }>} status 0: the file cannot be read or is too big
 *   (answer.Error says why); -1: the shop does not answer
 */
export async function sendPicture({ code, file, url, token, apiKey, lang = 'en' }) {
  let size;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    return { status: 0, answer: { Status: 0, Error: `Cannot read ${file}: ${err.code ?? err.message}` } };
  }
  if (size > PICTURE_MAX_MB * 1024 * 1024) {
    return { status: 0, answer: { Status: 0, Error: `${file} is larger than ${PICTURE_MAX_MB} MB (${(size / 1048576).toFixed(1)} MB). Nothing was sent.` } };
  }
  const form = new FormData();
  form.append('product_code', code);
  // No type claimed: the shop judges the picture by its bytes.
  form.append('picture', await fs.openAsBlob(file), path.basename(file));
  try {
    const res = await fetch(new URL(`${API_BASE}/ops/catalogue/product_picture_add`, url), { method: 'POST', headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
    return { status: res.status, answer: await res.json().catch(() => ({ Status: 0, Error: `HTTP ${res.status}` })) };
  } catch (err) {
    return { status: -1, answer: { Status: 0, Error: `The shop is not answering at ${url} (${err.cause?.code ?? err.message}). Start it (npm start) or set OPS_URL.` } };
  }
}

/**
 * A picture as typed: its address ('/_u/….webp', '/images/products/P0001-1.svg') or its place in
 * the product's list, from 1.
 * @param {string} typed
 * @param {string[]} pictures the product's pictures now
 * @returns {string} the address (an unknown one is returned as typed: the shop refuses it)
 * @throws RangeError for a place past the list
 */
export function pictureOf(typed, pictures) {
  if (!/^\d{1,2}$/.test(typed)) return typed;
  const picture = pictures[Number(typed) - 1];
  if (!picture) throw new RangeError(`The product has ${pictures.length} picture(s): ${typed} is not one of them.`);
  return picture;
}
