/**
 * The build step that makes the shop installable and usable offline (ADR 31), run by astro.config.mjs
 * when `astro build` is done, so every build (npm run build, npm start's first build, the container
 * image) has it:
 *
 * 1. `makeAppIcons`: the app's icons (src/server/http/app-manifest.ts APP_ICONS) from the logo's mark
 *    (the red square of public/images/logo.svg) with sharp, into dist/client/icons;
 * 2. `buildServiceWorker`: src/pwa/service-worker.ts bundled with its Workbox modules by esbuild,
 *    then Workbox's injectManifest writes the precache list (URL and revision of each file) into it,
 *    as dist/client/sw.js. The offline pages are rendered by the server, so their revision is the
 *    build's id: a hash of every precached file and of the server's bundle (a change of words or
 *    layout makes a new id, so a new worker and fresh offline pages).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { build } from 'esbuild';
import { injectManifest, getManifest } from 'workbox-build';
import { APP_ICONS, NOTIFICATION_ICON, SERVICE_WORKER_PATH, THEME_COLOR } from '../../src/server/http/app-manifest.ts';

/** The languages' offline pages, rendered by the server and precached by the worker. */
export const OFFLINE_PAGES = ['/offline', '/zh/offline', '/ar/offline'];

/** What the worker precaches from dist/client besides the offline pages. */
export const PRECACHE_GLOBS = ['_astro/*.{js,css}', 'icons/*.png', 'favicon.svg', 'images/placeholder.svg'];

/** The logo's mark: the square at (4, 8), 80 units wide, in public/images/logo.svg. */
const MARK = { x: 4, y: 8, size: 80 };

/**
 * The logo as an icon SVG: the mark alone ('any'), or the mark on a full-bleed square of its own red
 * ('maskable': the mark at 80/110 of the side, so its letters and leaf stay inside the central safe
 * circle, 80 % of the side, that launchers keep). The rest of the logo (the name) is clipped off.
 * @param {string} logo the logo SVG's text
 * @param {'any' | 'maskable'} purpose
 * @param {number} size pixels
 */
export function iconSvg(logo, purpose, size) {
  const inner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const red = /<rect[^>]*\bfill="(#[0-9a-fA-F]{3,8})"/.exec(inner)?.[1] ?? THEME_COLOR;
  const pad = purpose === 'maskable' ? 15 : 0;
  const side = MARK.size + 2 * pad;
  const x = MARK.x - pad;
  const y = MARK.y - pad;
  const bleed = purpose === 'maskable' ? `<rect x="${x}" y="${y}" width="${side}" height="${side}" fill="${red}"/>` : '';
  // A nested <svg> clips what lies outside the mark's square.
  const mark = `<svg x="${MARK.x}" y="${MARK.y}" width="${MARK.size}" height="${MARK.size}" viewBox="${MARK.x} ${MARK.y} ${MARK.size} ${MARK.size}">${inner}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${x} ${y} ${side} ${side}">${bleed}${mark}</svg>`;
}

/**
 * Makes APP_ICONS from the logo into `<clientDir>/icons`.
 * @param {string} clientDir dist/client
 * @param {string} logoFile public/images/logo.svg
 * @returns {Promise<number>} how many icons were written
 */
export async function makeAppIcons(clientDir, logoFile) {
  const logo = fs.readFileSync(logoFile, 'utf8');
  for (const icon of APP_ICONS) {
    const file = path.join(clientDir, icon.src);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await sharp(Buffer.from(iconSvg(logo, icon.purpose, icon.size)))
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(file);
  }
  return APP_ICONS.length;
}

/** SHA-256 of every file under `dir` (names and contents), or of nothing when it is missing. */
function hashTree(hash, dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }).sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, file));
    hash.update(fs.readFileSync(file));
  }
}

/**
 * Bundles the worker and injects the precache list: `<clientDir>/sw.js`.
 * @param {{ root: string, clientDir: string, serverDir: string }} dirs the repository, dist/client, dist/server
 * @returns {Promise<{ buildId: string, count: number, size: number }>} the build's id, precached entries and their bytes
 */
export async function buildServiceWorker({ root, clientDir, serverDir }) {
  const listed = await getManifest({ globDirectory: clientDir, globPatterns: PRECACHE_GLOBS, dontCacheBustURLsMatching: /^_astro\//, maximumFileSizeToCacheInBytes: 4 * 1024 * 1024 });
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify(listed.manifestEntries));
  hashTree(hash, serverDir);
  const buildId = hash.digest('hex').slice(0, 16);
  const bundled = path.join(clientDir, `${SERVICE_WORKER_PATH}.tmp.js`);
  await build({
    entryPoints: [path.join(root, 'src/pwa/service-worker.ts')],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', BUILD_ID: JSON.stringify(buildId), NOTIFICATION_ICON: JSON.stringify(NOTIFICATION_ICON) },
  });
  try {
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(clientDir, SERVICE_WORKER_PATH),
      globDirectory: clientDir,
      globPatterns: PRECACHE_GLOBS,
      dontCacheBustURLsMatching: /^_astro\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      additionalManifestEntries: OFFLINE_PAGES.map((url) => ({ url, revision: buildId })),
    });
    if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
    return { buildId, count, size };
  } finally {
    fs.rmSync(bundled, { force: true });
  }
}
