/**
 * The pictures step's record of its last crawl (scripts/make-pictures.mjs, ADR 22 and ADR 38): which
 * picture files the English pages named, under a fingerprint of everything that decides that list.
 * A build whose fingerprint equals the record's, and whose pictures cache still holds every file
 * the record lists, links those files into `dist/pictures` without starting a shop and reading its
 * 166 pages (17–40 s on the 2-core machine).
 *
 * The fingerprint is a SHA-256 over the contents (never the times) of every file under PICTURE_INPUTS
 * (the pages, components, demo catalogue and its pictures, the sizes of src/server/http/picture-sizes.ts,
 * the messages, the configuration, the lockfile: a new Astro or sharp may name pictures differently),
 * the settings of the process that would start the crawl's shop (src/server/settings.ts SETTINGS
 * names, which could change what a page shows, less CRAWL_SETTINGS), and the Node version. A file added, removed,
 * renamed or changed anywhere under them changes it, so a changed source picture, size list or page
 * always crawls again (tests/unit/pictures-manifest.test.ts). It errs towards crawling: a change
 * that names the same pictures costs one crawl, never a missing picture.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files and folders (from the repository's root) whose contents decide which pictures the pages name. */
export const PICTURE_INPUTS = Object.freeze([
  'src',
  'public',
  'messages',
  'project.inlang/settings.json',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  // The crawl and its shop, and the build's own helpers that astro.config.mjs imports.
  'scripts/make-pictures.mjs',
  'scripts/lib/pictures-manifest.mjs',
  'scripts/lib/shop-process.mjs',
  'scripts/lib/project-node.mjs',
  'scripts/lib/paraglide-intl-cache.mjs',
  'scripts/lib/page-script-chunks.mjs',
  'scripts/lib/service-worker-build.mjs',
]);

/** Generated from other inputs (src/paraglide from messages), so not read. */
const SKIPPED = new Set(['src/paraglide']);

/**
 * Settings the crawl's shop is started with whatever the environment says (scripts/make-pictures.mjs
 * and ./shop-process.mjs set them), or that do not change a page: left out of the fingerprint, so
 * `npm start` (which sets HOST and PORT) and `npm run build` agree.
 */
export const CRAWL_SETTINGS = Object.freeze([
  'PORT', 'HOST', 'DATA_DIR', 'UPLOADS_DIR', 'SESSION_SECRET', 'RATE_LIMIT_EXEMPT_IPS', 'RATE_LIMIT_SCALE', 'LOG_LEVEL',
  'DATABASE_URL', 'IMAGE_CACHE_DIR', 'PICTURE_WARMUP', 'PAGE_CACHE_MB', 'NODE_ENV', 'PICTURES_CACHE_DIR', 'PICTURES_AT_BUILD',
]);

/** The settings of `names` (SETTINGS of src/server/settings.ts) that count in the fingerprint. */
export function fingerprintSettings(names) {
  return names.filter((name) => !CRAWL_SETTINGS.includes(name));
}

/** The record's file name, in the pictures cache's parent folder. */
export const MANIFEST_NAME = 'pictures-manifest.json';

/**
 * Adds every file under `rel` (a file or a folder, from `root`) to `hash`, by path and content, in a
 * fixed order. Missing inputs add their name only (so adding one later changes the fingerprint).
 */
function addInput(hash, root, rel) {
  if (SKIPPED.has(rel)) return;
  const abs = path.join(root, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    hash.update(`missing ${rel}\0`);
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) addInput(hash, root, `${rel}/${name}`);
    return;
  }
  if (!stat.isFile()) return;
  hash.update(`file ${rel} ${stat.size}\0`);
  hash.update(fs.readFileSync(abs));
  hash.update('\0');
}

/**
 * The fingerprint of what decides which pictures the pages name.
 * @param {string} root the repository's root folder
 * @param {{ env?: Record<string, string | undefined>, settings?: string[], inputs?: readonly string[] }} [options]
 *   env: the environment the crawl's shop inherits (default process.env); settings: the names of it
 *   that count (default none: pass fingerprintSettings(Object.keys(SETTINGS))); inputs: default PICTURE_INPUTS
 * @returns {string} 64 hex characters
 */
export function picturesFingerprint(root, { env = process.env, settings = [], inputs = PICTURE_INPUTS } = {}) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\0`);
  for (const name of [...settings].sort()) if (env[name] !== undefined) hash.update(`env ${name}=${env[name]}\0`);
  for (const rel of inputs) addInput(hash, root, rel);
  return hash.digest('hex');
}

/**
 * The files of the last crawl, when it had this fingerprint and `cacheDir` still holds each of them;
 * else null (then the pages must be read again).
 * @param {string} manifestFile the record (JSON: { fingerprint, files })
 * @param {string} fingerprint this build's (picturesFingerprint)
 * @param {string} cacheDir the pictures cache
 * @returns {string[] | null} file names in `cacheDir`
 */
export function reusableFiles(manifestFile, fingerprint, cacheDir) {
  let record;
  try {
    record = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    return null;
  }
  if (record?.fingerprint !== fingerprint || !Array.isArray(record.files) || record.files.length === 0) return null;
  for (const name of record.files) {
    if (typeof name !== 'string' || name.includes('/') || !fs.existsSync(path.join(cacheDir, name))) return null;
  }
  return record.files;
}

/**
 * Writes the record of a crawl that named `files` (written to a temporary name, then renamed).
 * @param {string} manifestFile
 * @param {string} fingerprint
 * @param {string[]} files names of the picture files the pages named
 */
export function writeManifest(manifestFile, fingerprint, files) {
  fs.mkdirSync(path.dirname(manifestFile), { recursive: true });
  fs.writeFileSync(`${manifestFile}.tmp`, JSON.stringify({ fingerprint, files: [...files].sort() }));
  fs.renameSync(`${manifestFile}.tmp`, manifestFile);
}

/** Removes the record (a crawl that failed must not be trusted next time). */
export function dropManifest(manifestFile) {
  fs.rmSync(manifestFile, { force: true });
}
