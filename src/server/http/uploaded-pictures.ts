/**
 * Product pictures uploaded at run time (issue 20 item 2, ADR 28): their addresses, their files in
 * UPLOADS_DIR, and their serving by the server (./serve.ts) with the caching of the pictures made at
 * build time (ADR 22: a year, immutable, an ETag, 304 on If-None-Match).
 *
 * - A product names an uploaded picture by `/_u/<id>.webp` (id: 32 lowercase hex digits the server
 *   chose), the address the API, islands and orders use; it is answered with the 800 px picture.
 * - The upload is made at once in every size the pages ask for (square, every width of
 *   PICTURE_WIDTHS, WebP; and the 1200 px PNG of link previews), so no shopper waits for a
 *   transform and no picture cache is involved: `/_u/<id>/<w>x<w>.webp`, `/_u/<id>/1200x1200.png`.
 * - The files are flat in UPLOADS_DIR (`product-<id>-<w>.webp`, `product-<id>-1200.png`), beside the
 *   members' profile pictures, so a backup (`npm run ops -- backup`) takes them, and every instance
 *   pointing UPLOADS_DIR at one shared volume finds a picture another one stored: nothing is kept
 *   in memory, each request reads the file (the page cache and the CDN keep the rest).
 * - The id is new for every upload, so a file never changes: the ETag is its name.
 */
import type { Env } from '../settings.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PICTURE_WIDTHS } from './picture-sizes.ts';

/** Where uploaded product pictures are served. */
export const UPLOADED_PICTURE_PREFIX = '/_u/';
/** The width of the picture a bare address (`/_u/<id>.webp`) answers, px. */
export const UPLOADED_DEFAULT_WIDTH = 800;
/** The width of the link-preview PNG, px (BaseLayout's og:image). */
export const UPLOADED_PREVIEW_WIDTH = 1200;
/** The square WebP widths made for every upload, px: every width the pages draw a picture at. */
export const UPLOADED_WEBP_WIDTHS = PICTURE_WIDTHS;

const ID = /^[0-9a-f]{32}$/;
const BARE = /^\/_u\/([0-9a-f]{32})\.webp$/;
const SIZED = /^\/_u\/([0-9a-f]{32})\/(\d{1,4})x(\d{1,4})\.(webp|png)$/;
const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png' };

/**
 * The address a product stores for the upload `id` (32 lowercase hex digits): '/_u/<id>.webp'.
 * @throws RangeError for another id.
 */
export function uploadedPicturePath(id: string): string {
  if (!ID.test(id)) throw new RangeError(`not an uploaded picture id: ${id}`);
  return `${UPLOADED_PICTURE_PREFIX}${id}.webp`;
}

/**
 * The id of an uploaded picture's stored address ('/_u/0123…cdef.webp'), or null for any other picture.
 */
export function uploadedPictureId(picture: string): string | null {
  return BARE.exec(picture)?.[1] ?? null;
}

/**
 * Every file an upload is kept in, with its width (px) and format: the WebP widths and the PNG preview.
 */
export function uploadedPictureFiles(id: string): { name: string; width: number; format: 'webp' | 'png' }[] {
  return [
    ...UPLOADED_WEBP_WIDTHS.map((width) => ({ name: `product-${id}-${width}.webp`, width, format: 'webp' as const })),
    { name: `product-${id}-${UPLOADED_PREVIEW_WIDTH}.png`, width: UPLOADED_PREVIEW_WIDTH, format: 'png' as const },
  ];
}

/**
 * The address of an uploaded picture at `w` × `h` px in `format`, or null when `picture` is not an
 * upload or that size was not made (not square, a width outside UPLOADED_WEBP_WIDTHS, a PNG other
 * than the preview). ('/_u/<id>.webp', 300, 300, 'webp') → '/_u/<id>/300x300.webp'.
 */
export function uploadedPictureAddress(picture: string, w: number, h: number, format: string): string | null {
  const id = uploadedPictureId(picture);
  if (!id || w !== h) return null;
  const made = format === 'webp' ? UPLOADED_WEBP_WIDTHS.includes(w) : format === 'png' && w === UPLOADED_PREVIEW_WIDTH;
  return made ? `${UPLOADED_PICTURE_PREFIX}${id}/${w}x${h}.${format}` : null;
}

/**
 * The file name in UPLOADS_DIR a request path (without the query) stands for, with its content type, or null.
 */
export function uploadedPictureRequest(urlPath: string): { name: string; type: string; etag: string } | null {
  const bare = BARE.exec(urlPath);
  if (bare) return { name: `product-${bare[1]}-${UPLOADED_DEFAULT_WIDTH}.webp`, type: 'image/webp', etag: `"u-${bare[1]}-${UPLOADED_DEFAULT_WIDTH}"` };
  const sized = SIZED.exec(urlPath);
  if (!sized) return null;
  const [, id, w, h, format = ''] = sized;
  if (uploadedPictureAddress(`${UPLOADED_PICTURE_PREFIX}${id}.webp`, Number(w), Number(h), format) !== urlPath) return null;
  return { name: `product-${id}-${w}.${format}`, type: TYPES[format] ?? 'application/octet-stream', etag: `"u-${id}-${w}-${format}"` };
}

/**
 * The server's handler of `/_u/…` (./serve.ts): GET and HEAD of a made size answer the file
 * with `Cache-Control: public, max-age=31536000, immutable`, its ETag and Content-Length (304 on a
 * matching If-None-Match); an address that is not one of ours, or whose file is not (or no longer)
 * there, 404 for a minute. Other methods and paths are left alone. `dir`: UPLOADS_DIR. `handle`
 * returns false for a request that is not an uploaded picture's.
 */
export function createUploadedPictures({ dir }: { dir: string }): { handle(req: IncomingMessage, res: ServerResponse): false | Promise<void> } {
  function notFound(req: IncomingMessage, res: ServerResponse) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
    res.end(req.method === 'HEAD' ? undefined : 'No such picture.\n');
  }
  return {
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const urlPath = (req.url ?? '').split('?')[0];
      if (!urlPath.startsWith(UPLOADED_PICTURE_PREFIX)) return false;
      const found = uploadedPictureRequest(urlPath);
      if (!found) return Promise.resolve(notFound(req, res));
      return fs.promises.readFile(path.join(dir, found.name)).then(
        (body) => {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          res.setHeader('ETag', found.etag);
          if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === found.etag || t.trim() === '*')) {
            res.writeHead(304);
            res.end();
            return;
          }
          res.setHeader('Content-Type', found.type);
          res.setHeader('Content-Length', String(body.length));
          res.writeHead(200);
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        () => notFound(req, res),
      );
    },
  };
}

/**
 * UPLOADS_DIR: the setting, else `uploads` beside DATA_DIR's folder (.data/uploads), as
 * src/server/config.ts reads it.
 */
export function uploadsDirOf(env: Env): string {
  return path.resolve(env.UPLOADS_DIR || path.join(path.dirname(path.resolve(env.DATA_DIR ?? '.data/pglite')), 'uploads'));
}
