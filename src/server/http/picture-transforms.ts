/**
 * Making transformed pictures (ADR 16) for the picture cache (./image-cache.ts, which serves them):
 * the app's transform of an `/_image` request run in turn, its answer teed (./response-tee.ts) and
 * written to the cache's folder; and the warm-up that asks a running shop for every picture its
 * pages name.
 *
 * - A file is `<key>.<ext>`: key = the first 32 characters of the URL's SHA-256 (base64url,
 *   `pictureKey`), ext from the content type (avif, heif, webp, png, jpg, gif, svg). Written to a
 *   temporary name and renamed, so a half-written file is never served. Pictures over 8 MB are
 *   served but not kept.
 * - At most `transforms` pictures are made at once (PICTURE_TRANSFORMS, default: the cores, at most
 *   libuv's thread pool size − 2, so 2 by default); the others wait their turn here, in order. A
 *   transform holds a thread of libuv's pool (4 by default) for its whole run, and the same pool
 *   compresses every answer, reads files and hashes passwords: with a page's 80 pictures queued
 *   there, a login page waited 15 s for its compression, and in the browser tests minutes. A picture
 *   whose shopper left before its turn is not made then (the next request for it makes it).
 * - `warmPictures(base, known)` reads the sitemap, asks for the English pages one at a time (home
 *   first) and for every picture they name that is not on disk yet, so after the first start
 *   nothing is recomputed. Pictures are the same in every language, so the other languages' pages
 *   add nothing.
 */
import type { Env } from '../settings.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { ServerResponse } from 'node:http';
import { longPictureUrl, SHORT_PICTURE_PREFIX } from './picture-sizes.ts';
import { teeResponse, type TeedResponse } from './response-tee.ts';
import type { Render } from './page-cache.ts';
import { loadSharp } from '../sharp.ts';

/** A picture on disk: its file, content type and size in bytes. */
export interface Kept {
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
/** A kept file's extension → its content type. */
export const TYPE_OF: Record<string, string> = Object.fromEntries(Object.entries(EXT_OF).map(([type, ext]) => [ext, type]));
/** Pictures larger than this (bytes) are served but not kept. */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;

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

/**
 * The transforms of a picture cache over `dir`, at most `transforms` at once (p-limit, in order).
 * `onKept(key, kept)` is called as soon as a picture is on disk; `warn(msg, data)` when one could not
 * be written.
 */
export function createPictureMaker({ dir, transforms: maxTransforms, warn, onKept }: { dir: string; transforms: number; warn: (msg: string, data?: object) => void; onKept: (key: string, kept: Kept) => void }) {
  const limit = pLimit(maxTransforms);
  let made = 0;

  /** Writes a finished transform to disk and reports it kept. */
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
    onKept(key, kept);
    made++;
    return kept;
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
   * Answers `res` with the app's transform in its turn and keeps the picture under `key`; null when
   * it was not kept (a failure, too large, or `gone()` before its turn: then nothing is made).
   */
  function make(key: string, res: ServerResponse, render: Render, gone: () => boolean): Promise<Kept | null> {
    return limit(async () => {
      if (gone()) return null;
      // Loaded here before the app's image endpoint does, so its thread limit holds (../sharp.ts).
      await loadSharp();
      const { captured, type } = await transform(res, render, MAX_PICTURE_BYTES);
      return keep(key, captured, type);
    });
  }

  /** Answers `res` (a HEAD) with the app's transform in its turn, keeping nothing. */
  function answerOnly(res: ServerResponse, render: Render, gone: () => boolean): Promise<void> {
    return limit(async () => {
      if (gone()) return;
      await loadSharp();
      await transform(res, render, 0);
    });
  }

  /** Transforms kept by this process, transforms running and waiting. */
  function stats() {
    return { transforms: made, running: limit.activeCount, waiting: limit.pendingCount };
  }

  return { make, answerOnly, stats };
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
 * after each page's pictures (page counts from 1), for a progress line; `before`: awaited before
 * each request (the sitemap, each page and picture), e.g. to yield to the shop's visitors.
 */
export async function warmPictures(
  base: string,
  known: (url: string) => boolean,
  onPage: (done: { page: number; pages: number; made: number }) => void = () => {},
  before: () => Promise<void> = async () => {},
): Promise<WarmResult> {
  const started = performance.now();
  await before();
  const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => (r.ok ? r.text() : ''));
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1] ?? '/', base).pathname)
    .filter((p) => !/^\/(zh|ar)(\/|$)/.test(p));
  if (!pages.includes('/')) pages.unshift('/');
  const seen = new Set<string>();
  const failed: string[] = [];
  let made = 0;
  for (const page of pages) {
    await before();
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
      await before();
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
