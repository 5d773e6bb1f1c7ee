/**
 * Transformed pictures on disk (ADR 16): every answer of Astro's image endpoint
 * (`/_image?href=…&w=…&h=…&f=…`, or its short address `/_p/<file>/<w>x<h>.<format>`, ADR 22) is
 * written once to a folder (IMAGE_CACHE_DIR, default `images` next to the embedded database's
 * folder: `.data/images`) and served from there afterwards, also
 * after a restart, so a shopper never waits for a transform that was made before. The URL names
 * the source file by its content hash (`/_astro/P0001-1.<hash>.svg`), so a changed picture gets
 * new files, never a stale one.
 *
 * - A file is `<key>.<ext>`: key = the first 32 characters of the URL's SHA-256 (base64url),
 *   ext from the content type (avif, heif, webp, png, jpg, gif, svg). Written to a temporary name and
 *   renamed, so a half-written file is never served.
 * - Served with `Cache-Control: public, max-age=31536000, immutable`, an ETag, 304 on
 *   If-None-Match, HEAD without a body, `X-Cache: HIT`.
 * - Only the sizes and formats the pages use are made (./picture-sizes.ts, ADR 22): any
 *   other `/_image` request is answered 400 before it reaches the app, transformed and kept by nobody.
 * - Pictures made at build time (`builtDir`: dist/pictures, scripts/make-pictures.mjs) are served
 *   from the first request on; this folder only receives the others.
 * - Concurrent requests for a picture not yet on disk wait for one transform. A picture another
 *   process wrote into the folders after this one started (an instance sharing the folder, a
 *   build) is found on disk before it would be made again.
 * - At most `transforms` pictures are made at once (PICTURE_TRANSFORMS, default: the cores, at most
 *   libuv's thread pool size − 2, so 2 by default); the others wait their turn here, in order. A
 *   transform holds a thread of libuv's pool (4 by default) for its whole run, and the same pool
 *   compresses every answer, reads files and hashes passwords: with a page's 80 pictures queued
 *   there, a login page waited 15 s for its compression, and in the browser tests minutes. A picture
 *   whose shopper left before its turn is not made then (the next request for it makes it).
 * - `warm(base)` (run by ./serve.ts after it starts listening) reads the sitemap, asks for
 *   the English pages one at a time (home first) and makes every picture they name that is not on
 *   disk yet, so after the first start nothing is recomputed. Pictures are the same in every
 *   language, so the other languages' pages add nothing.
 */
import type { Env } from '../settings.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedPicture, longPictureUrl, SHORT_PICTURE_PREFIX } from './picture-sizes.ts';
import { teeResponse, type TeedResponse } from './response-tee.ts';
import type { Render } from './page-cache.ts';

/** A picture on disk: its file, content type and size in bytes. */
interface Kept {
  file: string;
  type: string;
  size: number;
}

/** What a warm-up did: pages read, pictures named, made (200, not kept before), 'url: status' of the others, and ms. */
export interface WarmResult {
  pages: number;
  pictures: number;
  made: number;
  failed: string[];
  ms: number;
}

// sharp labels AVIF output image/heif (the HEIF container); the type is kept as the app sent it.
const EXT_OF: Record<string, string> = { 'image/avif': 'avif', 'image/heif': 'heif', 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/svg+xml': 'svg' };
const TYPE_OF: Record<string, string> = Object.fromEntries(Object.entries(EXT_OF).map(([type, ext]) => [ext, type]));
/** Pictures larger than this (bytes) are served but not kept. */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;

/** The folder for transformed pictures: IMAGE_CACHE_DIR, else `images` beside DATA_DIR's folder. */
export function imageCacheDir(env: Env): string {
  if (env.IMAGE_CACHE_DIR?.trim()) return path.resolve(env.IMAGE_CACHE_DIR.trim());
  return path.join(path.dirname(path.resolve(env.DATA_DIR ?? '.data/pglite')), 'images');
}

/**
 * How many pictures may be made at once: PICTURE_TRANSFORMS (a whole number ≥ 1), else the cores,
 * at most libuv's thread pool (UV_THREADPOOL_SIZE, default 4) less 2, at least 1.
 * @throws RangeError on a PICTURE_TRANSFORMS that is not a whole number ≥ 1.
 */
export function pictureTransforms(env: Env): number {
  const set = env.PICTURE_TRANSFORMS?.trim();
  if (set) {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`PICTURE_TRANSFORMS must be a whole number of at least 1, got "${set}"`);
    return n;
  }
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism(), pool - 2));
}

/** The file key of a picture URL (path and query as requested). */
export function pictureKey(url: string): string {
  return createHash('sha256').update(url).digest('base64url').slice(0, 32);
}

/** The pictures kept in `dir` (none when it does not exist), into `index` (key → { file, type, size }). */
function indexFolder(dir: string, index: Map<string, Kept>): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^([A-Za-z0-9_-]{32})\.([a-z]+)$/.exec(name);
    const type = m?.[2] ? TYPE_OF[m[2]] : undefined;
    if (!m?.[1] || !type) continue;
    index.set(m[1], { file: path.join(dir, name), type, size: fs.statSync(path.join(dir, name)).size });
  }
}

/**
 * A picture cache in `dir` (created when missing; files already there are served at once), making
 * at most `transforms` pictures at once (default: `pictureTransforms()`). `builtDir`: the pictures
 * made at build time (`dist/pictures`, scripts/make-pictures.mjs), served as they are and never
 * written; a picture in both is served from `dir`.
 */
export function createImageCache({
  dir,
  builtDir,
  transforms: maxTransforms = pictureTransforms({}),
  warn = () => {},
  info = () => {},
}: {
  dir: string;
  builtDir?: string;
  transforms?: number;
  warn?: (msg: string, data?: object) => void;
  info?: (msg: string, data?: object) => void;
}) {
  const limit = pLimit(maxTransforms);
  fs.mkdirSync(dir, { recursive: true });
  /** key → the picture on disk */
  const index = new Map<string, Kept>();
  if (builtDir) indexFolder(builtDir, index);
  indexFolder(dir, index);
  const pending = new Map<string, Promise<Kept | null>>();
  let transforms = 0;
  let hits = 0;
  let refused = 0;

  /**
   * A picture that is not indexed but is on disk: written after this cache indexed its folders by
   * another process over the same folders (a second instance sharing IMAGE_CACHE_DIR, a build's
   * make-pictures). Indexed and returned, else undefined. At most a stat per format and folder, and
   * only for a picture this process would otherwise make.
   */
  function foundOnDisk(key: string): Kept | undefined {
    for (const folder of builtDir ? [dir, builtDir] : [dir]) {
      for (const [ext, type] of Object.entries(TYPE_OF)) {
        const file = path.join(folder, `${key}.${ext}`);
        try {
          const kept = { file, type, size: fs.statSync(file).size };
          index.set(key, kept);
          return kept;
        } catch {
          // Not in this format or folder.
        }
      }
    }
    return undefined;
  }

  /** Sends a kept picture; false when its file has gone (then it is made again). */
  function send(req: IncomingMessage, res: ServerResponse, key: string, kept: Kept): boolean {
    const etag = `"${key}"`;
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    res.setHeader('X-Cache', 'HIT');
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
      res.writeHead(304);
      res.end();
      return true;
    }
    let body;
    try {
      body = fs.readFileSync(kept.file);
    } catch {
      index.delete(key);
      for (const h of ['Cache-Control', 'ETag', 'X-Cache']) res.removeHeader(h);
      return false;
    }
    res.setHeader('Content-Type', kept.type);
    res.setHeader('Content-Length', String(body.length));
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Writes a finished transform to disk and indexes it. */
  function keep(key: string, captured: TeedResponse | null, type: string | null): Kept | null {
    const ext = type ? EXT_OF[type] : undefined;
    if (!captured || captured.status !== 200 || !captured.body || !ext) return null;
    const file = path.join(dir, `${key}.${ext}`);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, captured.body);
      fs.renameSync(tmp, file);
    } catch (err) {
      warn('pictures: could not keep a transformed picture', { file, err: String((err as Error)?.message ?? err) });
      fs.rmSync(tmp, { force: true });
      return null;
    }
    const kept = { file, type: type as string, size: captured.body.length };
    index.set(key, kept);
    transforms++;
    return kept;
  }

  /**
   * Answers a picture request from disk, or through `render(beforeApp)` (the app's transform), kept
   * on disk when it succeeds. Returns false (and does nothing) for any other request.
   */
  function handle(req: IncomingMessage, res: ServerResponse, render: Render): false | Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let url = req.url ?? '';
    if (url.startsWith(SHORT_PICTURE_PREFIX)) {
      // A short address (ADR 22) stands for its image-endpoint URL: the app, the key and the files are the same.
      const long = longPictureUrl(url);
      if (!long) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : 'No such picture.\n');
        return Promise.resolve();
      }
      req.url = url = long;
    }
    if (!url.startsWith('/_image?')) return false;
    if (!allowedPicture(url.slice('/_image?'.length))) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : 'This picture size or format is not offered.\n');
      refused++;
      return Promise.resolve();
    }
    return (async () => {
      const key = pictureKey(url);
      const kept = index.get(key) ?? (await pending.get(key)) ?? foundOnDisk(key);
      if (kept && send(req, res, key, kept)) {
        hits++;
        return;
      }
      let gone = false;
      res.once('close', () => (gone = true));
      if (req.method === 'HEAD') {
        return limit(async () => {
          if (!gone) await transform(res, render, 0);
        });
      }
      let done: (kept: Kept | null) => void = () => {};
      const made = new Promise<Kept | null>((resolve) => (done = resolve));
      pending.set(key, made);
      let result: Kept | null = null;
      try {
        result = await limit(async () => {
          if (gone) return null;
          const { captured, type } = await transform(res, render, MAX_PICTURE_BYTES);
          return keep(key, captured, type);
        });
      } finally {
        // Waiters for the same picture go on even when this transform failed: they make it themselves.
        pending.delete(key);
        done(result);
      }
    })();
  }

  /**
   * Runs the app's transform for `res` through `render(beforeApp)`, copying the answer (up to
   * `maxBytes`). Resolves once the answer is finished or its connection closed.
   */
  function transform(res: ServerResponse, render: Render, maxBytes: number): Promise<{ captured: TeedResponse | null; type: string | null }> {
    let type: string | null = null;
    return new Promise((resolve) => {
      render(() => {
        teeResponse(res, {
          maxBytes,
          onHeaders(r) {
            const t = (String(r.getHeader('content-type') ?? '').split(';')[0] ?? '').trim().toLowerCase();
            type = t;
            if (r.statusCode === 200 && EXT_OF[t]) r.setHeader('X-Cache', 'MISS');
          },
        }).then((captured) => resolve({ captured, type }));
      });
    });
  }

  /**
   * Makes every picture the site's English pages name that is not on disk yet, one at a time
   * (`warmPictures`).
   * `base`: this server's origin.
   */
  async function warm(base: string): Promise<WarmResult> {
    const result = await warmPictures(base, (url) => index.has(pictureKey(url)));
    info('pictures: ready', { ...result, failed: result.failed.length });
    if (result.failed.length > 0) warn('pictures: some could not be made', { failed: result.failed.slice(0, 20) });
    return result;
  }

  /** Figures: files on disk, their bytes, transforms made by this process, answers from disk, requests refused (400), transforms running and waiting. */
  function stats() {
    let bytes = 0;
    for (const k of index.values()) bytes += k.size;
    return { files: index.size, bytes, transforms, hits, refused, running: limit.activeCount, waiting: limit.pendingCount };
  }

  return { handle, warm, stats, dir };
}

/** How long the warm-up waits for one page or picture (ms); past it, it goes on without. */
const WARM_TIMEOUT_MS = 60_000;

/** A picture address in a page's HTML: the image endpoint's URL or its short form (ADR 22). */
const PICTURE_IN_HTML = /\/_(?:image\?|p\/)[^"' ,]+/g;

/**
 * Asks `base` for every picture its English pages name (`src` and `srcset` candidates, as in the
 * sitemap, home first) that `known(url)` does not already hold, one at a time, so that the server
 * makes and keeps each one. Pictures are the same in every language, so the other languages' pages
 * add nothing.
 * `base`: a running shop's origin; `known(url)`: true for a picture already kept, given its
 * image-endpoint URL (path and query; a short address is given in its long form); `onPage`: called
 * after each page's pictures (page counts from 1), for a progress line.
 */
export async function warmPictures(base: string, known: (url: string) => boolean, onPage: (done: { page: number; pages: number; made: number }) => void = () => {}): Promise<WarmResult> {
  const started = performance.now();
  const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => (r.ok ? r.text() : ''));
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1] ?? '/', base).pathname)
    .filter((p) => !/^\/(zh|ar)(\/|$)/.test(p));
  if (!pages.includes('/')) pages.unshift('/');
  const seen = new Set<string>();
  const failed: string[] = [];
  let made = 0;
  for (const page of pages) {
    const html = await fetch(base + page, { redirect: 'manual', signal: AbortSignal.timeout(WARM_TIMEOUT_MS) })
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    for (const m of html.matchAll(PICTURE_IN_HTML)) {
      const url = m[0].replaceAll('&amp;', '&');
      // A pattern the gallery fills in the browser ('{src}') is not a picture.
      if (url.includes('{')) continue;
      // One picture whether a page writes its short address or the endpoint's URL.
      const long = url.startsWith(SHORT_PICTURE_PREFIX) ? (longPictureUrl(url) ?? url) : url;
      if (seen.has(long)) continue;
      seen.add(long);
      if (known(long)) continue;
      const status = await fetch(base + url, { signal: AbortSignal.timeout(WARM_TIMEOUT_MS) })
        .then(async (res) => (await res.arrayBuffer(), res.status))
        .catch(() => 0);
      if (status === 200) made++;
      else failed.push(`${url}: ${status || 'no answer'}`);
    }
    onPage({ page: pages.indexOf(page) + 1, pages: pages.length, made });
  }
  return { pages: pages.length, pictures: seen.size, made, failed, ms: Math.round(performance.now() - started) };
}
