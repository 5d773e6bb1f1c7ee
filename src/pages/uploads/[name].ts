/**
 * Members' profile pictures (coverage.md §7 upload_customer_picture): `/uploads/<32 hex>.webp`, as the
 * bundled API stored them in UPLOADS_DIR. Only a name the server made is looked up (anything else,
 * including any path, is 404 before a file is touched). Answers `image/webp` with
 * `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy; a name is never
 * reused, so browsers keep the file a year, while shared caches keep nothing (`private`): a
 * replaced picture is gone from the shop at once.
 */
import type { APIRoute } from 'astro';
import { config } from '../../server/config';
import { PICTURE_CONTENT_TYPE, readPicture } from '../../server/xs-api/services/pictures';

export const prerender = false;

const SAFE_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

export const GET: APIRoute = async ({ params }) => {
  const bytes = await readPicture(config.uploadsDir, params.name ?? '');
  if (!bytes) return new Response('Not found', { status: 404, headers: { ...SAFE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...SAFE_HEADERS,
      'content-type': PICTURE_CONTENT_TYPE,
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=31536000, immutable',
    },
  });
};
