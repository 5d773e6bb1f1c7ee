/**
 * The build's hashed assets (`dist/client/_astro/`: scripts, the site stylesheet, SVGs) compressed
 * once at build time and served from memory, instead of being brotli- or gzip-compressed again for
 * every request (docs/architecture.md "Budgets"; ADR 16).
 *
 * - At build (`precompressAssets`, from the Astro integration in astro.config.mjs): beside every text
 *   asset of at least `MIN_BYTES`, a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9).
 * - At start (`createStaticAssets`): the compressed copies are read into memory (about 0.6 MB for
 *   the whole shop). A GET or HEAD of such an asset whose Accept-Encoding takes br or gzip is
 *   answered with the copy (./negotiated-bytes.ts: its length, `Vary: Accept-Encoding`, an ETag,
 *   304 on a matching If-None-Match) and the year-long immutable cache of hashed assets. Any other
 *   request (identity only, a Range, a file without copies) is left to ./public-files.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNegotiatedBytes } from './negotiated-bytes.ts';
import { clock } from '../clock.ts';

/** Smaller assets are not worth compressing (the `compression` middleware's threshold too). */
export const MIN_BYTES = 1024;
/** The content types of the assets compressed, by extension. */
export const TEXT_TYPES = new Map([
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.json', 'application/json; charset=utf-8'],
]);
/** What hashed assets are cached with (as the Node adapter sends for `/_astro/`). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The text assets of `dir` (not recursive: `_astro` is flat) worth compressing. */
function textAssets(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && TEXT_TYPES.has(path.extname(e.name)))
    .map((e) => path.join(dir, e.name))
    .filter((file) => fs.statSync(file).size >= MIN_BYTES);
}

/** A cached compression no build has used for this long is removed (days). */
const COMPRESSED_CACHE_DAYS = 14;

/** Brotli (quality 11, text mode) and gzip (level 9) on libuv's thread pool, so the files of a build compress side by side. */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The brotli and gzip bodies of `raw`: from `cacheDir` when a build compressed the same bytes
 * before (files `<sha256>.br` and `.gz`, their mtime marking the last use), else compressed now and
 * kept there. A cache that cannot be read or written only costs the compression.
 */
async function compressed(raw: Buffer, cacheDir: string | undefined): Promise<{ br: Buffer; gz: Buffer }> {
  const key = cacheDir ? path.join(cacheDir, crypto.createHash('sha256').update(raw).digest('hex')) : '';
  if (key) {
    try {
      const found = { br: fs.readFileSync(`${key}.br`), gz: fs.readFileSync(`${key}.gz`) };
      const now = clock.now();
      for (const ext of ['.br', '.gz']) fs.utimesSync(`${key}${ext}`, now, now);
      return found;
    } catch {
      // Not compressed before.
    }
  }
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip(raw, { level: 9 }),
  ]);
  if (key) {
    try {
      fs.mkdirSync(cacheDir!, { recursive: true });
      for (const [ext, body] of [['.br', br], ['.gz', gz]] as const) {
        fs.writeFileSync(`${key}${ext}.${process.pid}.tmp`, body);
        fs.renameSync(`${key}${ext}.${process.pid}.tmp`, `${key}${ext}`);
      }
    } catch {
      // Compressed again next time.
    }
  }
  return { br, gz };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of `dir` (the build's asset folder,
 * dist/client/_astro) of at least MIN_BYTES; resolves with what was compressed (bytes). `cacheDir`
 * (the build's, node_modules/.cache/xs-storefront/compressed): bodies kept between builds by the
 * content's hash, so an unchanged asset is not compressed again (brotli at quality 11 is most of
 * this step); entries unused for COMPRESSED_CACHE_DAYS are removed. The files are compressed on
 * libuv's thread pool, as many at a time as the machine has cores (a fresh clone's build waits for
 * this step: 9 s one file at a time on two busy cores).
 */
export async function precompressAssets(dir: string, cacheDir?: string): Promise<{ files: number; bytes: number; brBytes: number; gzBytes: number }> {
  const totals = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const files = textAssets(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = fs.readFileSync(file);
      const { br, gz } = await compressed(raw, cacheDir);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      totals.files += 1;
      totals.bytes += raw.length;
      totals.brBytes += br.length;
      totals.gzBytes += gz.length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  if (cacheDir) {
    try {
      const oldest = clock.ms() - COMPRESSED_CACHE_DAYS * 86_400_000;
      for (const name of fs.readdirSync(cacheDir)) {
        const file = path.join(cacheDir, name);
        if (fs.statSync(file).mtimeMs < oldest) fs.rmSync(file, { force: true });
      }
    } catch {
      // No cache.
    }
  }
  return totals;
}

/**
 * The precompressed assets of `dir` (the build's asset folder, dist/client/_astro), served under
 * `urlPrefix` (that folder's URL path). `handle` answers and returns true, or returns false and
 * leaves the request untouched.
 */
export function createStaticAssets(dir: string, urlPrefix = '/_astro/'): { size: number; handle(req: IncomingMessage, res: ServerResponse): boolean } {
  const assets = new Map<string, { type: string; etag: string; br: Buffer; gzip: Buffer }>();
  for (const file of textAssets(dir)) {
    if (!fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`)) continue;
    const raw = fs.readFileSync(file);
    assets.set(urlPrefix + path.basename(file), {
      type: TEXT_TYPES.get(path.extname(file)) ?? 'application/octet-stream',
      etag: crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22),
      br: fs.readFileSync(`${file}.br`),
      gzip: fs.readFileSync(`${file}.gz`),
    });
  }
  return {
    size: assets.size,
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (req.headers.range) return false;
      const asset = assets.get((req.url ?? '').split('?')[0]);
      if (!asset) return false;
      return sendNegotiatedBytes(req, res, asset, asset.etag, { 'Content-Type': asset.type, 'Cache-Control': IMMUTABLE });
    },
  };
}
