#!/usr/bin/env node
/**
 * Pictures made at build time (ADR 22; issue "Fast at the origin": pictures ready at start, so no
 * shopper ever waits for a transform). Runs after `astro build` (`npm run build`, and the builds of
 * `npm start`, `npm test` and the container image): starts the freshly built shop on a throwaway
 * embedded database holding the demo catalogue, with its picture folder set to `dist/pictures`,
 * asks for every picture its English pages name (`warmPictures`, src/server/http/image-cache.ts), so
 * the shop makes and keeps each one there, and stops it.
 *
 * A server started from this build serves those files from its first request (scripts/serve.mjs
 * reads `dist/pictures` beside its own IMAGE_CACHE_DIR). The pipeline only transforms the shop's own
 * pictures (src/assets/images), which the demo catalogue names, so an operator's catalogue adds
 * pictures only when it shows them at other sizes; those are made in the background at first start
 * and kept on disk (ADR 16).
 *
 * Pictures are kept between builds (`astro build` empties `dist/`): each one made is also linked
 * into PICTURES_CACHE_DIR (`node_modules/.cache/xs-storefront/pictures`), and a picture the pages
 * name that is there already is linked back into `dist/pictures` instead of being made again. A
 * file's name is a hash of the picture's URL, which names the source file by its content hash and
 * the size and format (src/server/http/image-cache.ts `pictureKey`), so a changed source or size is
 * a new file, never a stale one. Files no build has named for PICTURES_CACHE_DAYS days are removed.
 *
 * No shop is started when nothing that decides the pictures changed (ADR 38): each crawl that made
 * every picture records the files the pages named under a fingerprint of the sources, settings and
 * lockfile (./lib/pictures-manifest.mjs); a build with the same fingerprint, whose cache still holds
 * each of those files, links them into `dist/pictures` in well under a second. Any other build reads
 * the pages again.
 *
 * `--quick` (the build of `npm start`, ADR 38): links into `dist/pictures` the pictures of the last
 * crawl when the fingerprint still holds, else every picture the cache holds (a picture no page names
 * is never asked for), and makes none: the server makes the others when first asked and in its
 * start-up warm-up, at low priority, linking each into the cache for the next build. `npm run build`
 * and the container image make every picture before anything serves (ADR 22).
 *
 * Usage: node scripts/make-pictures.mjs [--quick] (after astro build). PICTURES_AT_BUILD=false skips it.
 * Exits 1 when the built shop does not start or a picture fails.
 */
import './lib/project-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root, startShopProcess } from './lib/shop-process.mjs';
import { dropManifest, fingerprintSettings, MANIFEST_NAME, picturesFingerprint, reusableFiles, writeManifest } from './lib/pictures-manifest.mjs';

/** Folder of the pictures made at build time, inside the build. */
export const BUILT_PICTURES_DIR = path.join(root, 'dist/pictures');
/** Pictures kept between builds (outside `dist/`, which `astro build` empties). */
export const PICTURES_CACHE_DIR = path.join(root, 'node_modules/.cache/xs-storefront/pictures');
/** The record of the last crawl (./lib/pictures-manifest.mjs), beside the cache. */
const MANIFEST_FILE = path.join(PICTURES_CACHE_DIR, '..', MANIFEST_NAME);
/** A cached picture no build has named for this long is removed (days). */
const PICTURES_CACHE_DAYS = 14;

if (process.env.PICTURES_AT_BUILD === 'false') {
  console.log('Pictures: not made at build time (PICTURES_AT_BUILD=false); the server makes them at first start.');
  process.exit(0);
}
if (!fs.existsSync(path.join(root, 'dist/server/entry.mjs'))) {
  console.error('Pictures: there is no build (dist/server/entry.mjs); run astro build first.');
  process.exit(1);
}
const started = Date.now();
fs.mkdirSync(BUILT_PICTURES_DIR, { recursive: true });
const { SETTINGS } = await import('../src/server/settings.ts');
const fingerprint = picturesFingerprint(root, { settings: fingerprintSettings(Object.keys(SETTINGS)) });
const reusable = reusableFiles(MANIFEST_FILE, fingerprint, PICTURES_CACHE_DIR);
if (reusable || process.argv.includes('--quick')) {
  // Same sources and settings as the last crawl (or the quick start): link, start no shop.
  const files = reusable ?? [...filesByKey(PICTURES_CACHE_DIR).values()];
  let linked = 0;
  for (const name of files) if (linkOrCopy(path.join(PICTURES_CACHE_DIR, name), path.join(BUILT_PICTURES_DIR, name))) linked++;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (reusable) {
    keepForNextBuild(reusable, new Set(reusable.map((name) => name.split('.')[0])));
    console.log(`Pictures: the pages name the same ${linked} pictures as the last build (same sources and settings); linked from earlier builds, ${seconds} s`);
  } else {
    console.log(`Pictures: ${linked} linked from earlier builds, ${seconds} s; the shop makes the others in the background once it serves (npm start, ADR 38)`);
  }
  process.exit(0);
}
const shop = await startShopProcess({
  port: await freePort(),
  env: { IMAGE_CACHE_DIR: BUILT_PICTURES_DIR, PICTURE_WARMUP: 'false', PAGE_CACHE_MB: '0', NODE_ENV: 'development' },
});
let failed = false;
try {
  const kept = new Set(fs.readdirSync(BUILT_PICTURES_DIR).map((name) => name.split('.')[0]));
  const cached = filesByKey(PICTURES_CACHE_DIR);
  if (kept.size || cached.size) console.log(`Pictures: ${kept.size} already in dist/pictures, ${cached.size} kept from earlier builds; making the others…`);
  else console.log('Pictures: making every picture the pages name (a minute or two the first time)…');
  // A line every 10 s while it works, so a first start is never silent for long.
  let said = Date.now();
  const { pictureKey, warmPictures } = await import('../src/server/http/image-cache.ts');
  /** Keys of the pictures the pages name. */
  const named = new Set();
  let reused = 0;
  const known = (url) => {
    const key = pictureKey(url);
    named.add(key);
    if (kept.has(key)) return true;
    const file = cached.get(key);
    if (!file || !linkOrCopy(path.join(PICTURES_CACHE_DIR, file), path.join(BUILT_PICTURES_DIR, file))) return false;
    kept.add(key);
    reused++;
    return true;
  };
  const result = await warmPictures(shop.base, known, ({ page, pages, made }) => {
    if (Date.now() - said < 10_000) return;
    said = Date.now();
    console.log(`Pictures: ${page} of ${pages} pages looked at, ${made} pictures made so far`);
  });
  // A picture is written once its answer has gone out: give the last one a moment.
  const listed = () => fs.readdirSync(BUILT_PICTURES_DIR).filter((name) => !name.endsWith('.tmp'));
  for (let i = 0; i < 50 && listed().length < result.pictures; i++) await new Promise((r) => setTimeout(r, 100));
  const files = listed();
  const bytes = files.reduce((sum, name) => sum + fs.statSync(path.join(BUILT_PICTURES_DIR, name)).size, 0);
  failed = result.failed.length > 0;
  console.log(
    `Pictures: ${result.pictures} named by ${result.pages} pages, ${result.made} made, ${reused} from earlier builds, ${files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) in dist/pictures, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failed) console.error(`Pictures: ${result.failed.length} could not be made:\n${result.failed.slice(0, 20).join('\n')}\n${shop.log()}`);
  keepForNextBuild(files, named);
  // Only a crawl that made every picture may spare the next build its crawl.
  const namedFiles = files.filter((name) => named.has(name.split('.')[0]));
  if (!failed && namedFiles.length === named.size) writeManifest(MANIFEST_FILE, fingerprint, namedFiles);
  else dropManifest(MANIFEST_FILE);
} finally {
  await shop.stop();
}
process.exitCode = failed ? 1 : 0;

/** The picture files in `dir` by key (the name before the extension); none when it does not exist. */
function filesByKey(dir) {
  const byKey = new Map();
  try {
    for (const name of fs.readdirSync(dir)) if (!name.endsWith('.tmp')) byKey.set(name.split('.')[0], name);
  } catch {
    // No cache yet.
  }
  return byKey;
}

/** `to` as a hard link to `from` (a copy across file systems). @returns false when `from` could not be read */
function linkOrCopy(from, to) {
  try {
    fs.linkSync(from, to);
  } catch (err) {
    if (err.code === 'EEXIST') return true;
    try {
      fs.copyFileSync(from, to);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Links the pictures this build named into the cache (their mtime marks them as named now) and removes
 * the cached pictures no build has named for PICTURES_CACHE_DAYS. A cache that cannot be written
 * only costs the next build the time to make them again.
 * @param {string[]} files names of the files in dist/pictures
 * @param {Set<string>} named keys of the pictures the pages name
 */
function keepForNextBuild(files, named) {
  try {
    fs.mkdirSync(PICTURES_CACHE_DIR, { recursive: true });
    const now = new Date();
    for (const name of files) {
      if (!named.has(name.split('.')[0])) continue;
      const file = path.join(PICTURES_CACHE_DIR, name);
      linkOrCopy(path.join(BUILT_PICTURES_DIR, name), file);
      fs.utimesSync(file, now, now);
    }
    const oldest = Date.now() - PICTURES_CACHE_DAYS * 86_400_000;
    for (const name of fs.readdirSync(PICTURES_CACHE_DIR)) {
      const file = path.join(PICTURES_CACHE_DIR, name);
      if (fs.statSync(file).mtimeMs < oldest) fs.rmSync(file, { force: true });
    }
  } catch (err) {
    console.warn(`Pictures: could not keep them for the next build (${err.message})`);
  }
}
