/**
 * Transformed pictures on disk (ADR 16): every answer of Astro's image endpoint
 * (`/_image?href=…&w=…&h=…&f=…`, or its short address `/_p/<file>/<w>x<h>.<format>`, ADR 22) is
 * written once to a folder (IMAGE_CACHE_DIR, default `images` next to the embedded database's
 * folder: `.data/images`) and served from there afterwards, also
 * after a restart, so a shopper never waits for a transform that was made before. The URL names
 * the source file by its content hash (`/_astro/P0001-1.<hash>.svg`), so a changed picture gets
 * new files, never a stale one. This module serves them; making them (files, the queue of
 * transforms, the warm-up) is ./picture-transforms.ts.
 *
 * - Served with `Cache-Control: public, max-age=31536000, immutable`, an ETag, 304 on
 *   If-None-Match, HEAD without a body, `X-Cache: HIT`.
 * - Only the sizes and formats the pages use are made (./picture-sizes.ts, ADR 22): any
 *   other `/_image` request is answered 400 before it reaches the app, transformed and kept by nobody.
 * - Pictures made at build time (`builtDir`: dist/pictures, scripts/make-pictures.mjs) are served
 *   from the first request on; this folder only receives the others.
 * - Concurrent requests for a picture not yet on disk wait for one transform. A picture another
 *   process wrote into the folders after this one started (an instance sharing the folder, a
 *   build) is found on disk before it would be made again.
 * - `warm(base, busy)` (run by ./serve.ts after it starts listening) makes every picture the English
 *   pages name that is not on disk yet (`warmPictures`), at low priority: before each page and
 *   picture it waits while `busy()` (a shopper's request is in flight), so the first shoppers of a
 *   quick start (ADR 38) are not queued behind it.
 * - `keepIn` (PICTURES_CACHE_DIR, set by `npm start`): each picture made is also linked into that
 *   folder, the build's pictures cache, so the next `npm run build` does not make it again (ADR 38).
 */
import type { Env } from '../settings.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedPicture, longPictureUrl, SHORT_PICTURE_PREFIX } from './picture-sizes.ts';
import type { Render } from './page-cache.ts';
import { createPictureMaker, pictureKey, pictureTransforms, TYPE_OF, warmPictures, type Kept, type WarmResult } from './picture-transforms.ts';

/** Making pictures (./picture-transforms.ts), for the server, the build's scripts and the tests. */
export { pictureKey, pictureTransforms, warmPictures, type WarmResult };

/** The folder for transformed pictures: IMAGE_CACHE_DIR, else `images` beside DATA_DIR's folder. */
export function imageCacheDir(env: Env): string {
  if (env.IMAGE_CACHE_DIR?.trim()) return path.resolve(env.IMAGE_CACHE_DIR.trim());
  return path.join(path.dirname(path.resolve(env.DATA_DIR ?? '.data/pglite')), 'images');
}

/** How often the warm-up looks whether the shop is still busy (ms), and how long it yields at most per step. */
const YIELD_POLL_MS = 20;
const YIELD_MAX_MS = 5_000;

/**
 * Links (or copies, across file systems) a kept picture into `folder`; an existing file is left as
 * it is. @returns false when it could not be written there
 */
function linkInto(folder: string, file: string): boolean {
  const to = path.join(folder, path.basename(file));
  try {
    fs.linkSync(file, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return true;
    try {
      fs.copyFileSync(file, to);
    } catch {
      return false;
    }
  }
  return true;
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
 * written; a picture in both is served from `dir`. `keepIn`: a folder each picture made is also
 * linked into (the build's pictures cache, ADR 38); one that cannot be written is warned about once.
 */
export function createImageCache({
  dir,
  builtDir,
  keepIn,
  transforms: maxTransforms = pictureTransforms({}),
  warn = () => {},
  info = () => {},
}: {
  dir: string;
  builtDir?: string;
  keepIn?: string;
  transforms?: number;
  warn?: (msg: string, data?: object) => void;
  info?: (msg: string, data?: object) => void;
}) {
  fs.mkdirSync(dir, { recursive: true });
  /** key → the picture on disk */
  const index = new Map<string, Kept>();
  if (builtDir) indexFolder(builtDir, index);
  indexFolder(dir, index);
  const pending = new Map<string, Promise<Kept | null>>();
  let keepInWarned = false;
  if (keepIn) {
    try {
      fs.mkdirSync(keepIn, { recursive: true });
    } catch {
      // Said when the first picture cannot be linked there.
    }
  }
  const maker = createPictureMaker({
    dir,
    transforms: maxTransforms,
    warn,
    onKept: (key, kept) => {
      index.set(key, kept);
      if (keepIn && !linkInto(keepIn, kept.file) && !keepInWarned) {
        keepInWarned = true;
        warn('pictures: could not keep them for the next build', { keepIn });
      }
    },
  });
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
      if (req.method === 'HEAD') return maker.answerOnly(res, render, () => gone);
      let done: (kept: Kept | null) => void = () => {};
      const made = new Promise<Kept | null>((resolve) => (done = resolve));
      pending.set(key, made);
      let result: Kept | null = null;
      try {
        result = await maker.make(key, res, render, () => gone);
      } finally {
        // Waiters for the same picture go on even when this transform failed: they make it themselves.
        pending.delete(key);
        done(result);
      }
    })();
  }

  /**
   * Makes every picture the site's English pages name that is not on disk yet, one at a time
   * (`warmPictures`), each step after the shop has no request in flight (`busy()` false, polled
   * every YIELD_POLL_MS; after YIELD_MAX_MS it goes on anyway, so a steady stream of shoppers
   * delays it but never stops it).
   * `base`: this server's origin; `busy`: true while a shopper's request is being answered.
   */
  async function warm(base: string, busy: () => boolean = () => false): Promise<WarmResult> {
    const yieldToShoppers = async () => {
      for (let waited = 0; waited < YIELD_MAX_MS && busy(); waited += YIELD_POLL_MS) await new Promise((r) => setTimeout(r, YIELD_POLL_MS));
    };
    const result = await warmPictures(base, (url) => index.has(pictureKey(url)), undefined, yieldToShoppers);
    info('pictures: ready', { ...result, failed: result.failed.length });
    if (result.failed.length > 0) warn('pictures: some could not be made', { failed: result.failed.slice(0, 20) });
    return result;
  }

  /** Figures: files on disk, their bytes, transforms made by this process, answers from disk, requests refused (400), transforms running and waiting. */
  function stats() {
    let bytes = 0;
    for (const k of index.values()) bytes += k.size;
    const { transforms, running, waiting } = maker.stats();
    return { files: index.size, bytes, transforms, hits, refused, running, waiting };
  }

  return { handle, warm, stats, dir };
}

