/**
 * The build's files in `dist/client` (the public folder's icons, recipe media and pictures, and the
 * hashed `_astro/` assets when ./static-assets.ts leaves one to it: identity only, a Range, no
 * compressed copy), answered with `send` as the Node adapter's standalone handler answered them:
 * its ETag and Last-Modified, 304s, Range requests (recipe videos), dot-files refused, `_astro/`
 * cached a year as immutable (ADR 49).
 *
 * The difference: which paths are files is known at start (the folder is the build's and never
 * changes while the server runs), so a page's address is never looked up on disk. The standalone
 * handler ran `lstat` and `send` for every page, and `send`'s "not found" error, before the app.
 *
 * A path is a file when, decoded as `send` decodes it and normalised (`/a/../b` is `/b`), it names
 * one of the files listed at start. Anything else, or a file `send` then cannot answer (removed
 * since), is the app's: `handle` returns false at once, or calls `next` later.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';

/** What hashed assets are cached with (the Node adapter's header for `/_astro/`). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every file under `dir` as a URL path (`/icons/icon-192.png`); none when `dir` is missing. */
function listFiles(dir: string): Set<string> {
  const files = new Set<string>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    files.add('/' + relative.split(path.sep).join('/'));
  }
  return files;
}

/** The path part of a request URL, decoded and normalised; null when it cannot be decoded. */
export function filePathOf(url: string): string | null {
  const end = url.search(/[?#]/);
  const encoded = end === -1 ? url : url.slice(0, end);
  try {
    return path.posix.normalize(decodeURIComponent(encoded));
  } catch {
    return null;
  }
}

/**
 * The public files of the built client folder `dir` (dist/client).
 * @returns `files`: how many were listed; `handle(req, res, next)`: true when the request names a file
 *   (it is answered, or `next()` is called if `send` fails to find it), false when it is the app's
 */
export function createPublicFiles(dir: string): { files: number; handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => boolean } {
  const files = listFiles(dir);
  return {
    files: files.size,
    handle(req, res, next) {
      const url = req.url ?? '/';
      const file = filePathOf(url);
      if (file === null || !files.has(file)) return false;
      // `send` decodes the path it is given: it gets the normalised path, encoded again.
      const stream = send(req, file.split('/').map(encodeURIComponent).join('/'), { root: dir, dotfiles: 'deny' });
      let found = false;
      stream.on('file', () => (found = true));
      stream.on('error', (err: { statusCode?: number }) => {
        // Not there any more (or a directory): the app answers, as when the path was never a file.
        if (!found) return next();
        const status = err.statusCode ?? 500;
        res.writeHead(status);
        res.end(status >= 500 ? 'Internal server error' : '');
      });
      stream.on('stream', () => {
        if (file.startsWith('/_astro/')) res.setHeader('Cache-Control', IMMUTABLE);
      });
      stream.pipe(res);
      return true;
    },
  };
}
