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
 * Usage: node scripts/make-pictures.mjs (after astro build). PICTURES_AT_BUILD=false skips it.
 * Exits 1 when the built shop does not start or a picture fails.
 */
import './lib/project-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root, startShopProcess } from './lib/shop-process.mjs';

/** Folder of the pictures made at build time, inside the build. */
export const BUILT_PICTURES_DIR = path.join(root, 'dist/pictures');

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
const shop = await startShopProcess({
  port: await freePort(),
  env: { IMAGE_CACHE_DIR: BUILT_PICTURES_DIR, PICTURE_WARMUP: 'false', PAGE_CACHE_MB: '0', NODE_ENV: 'development' },
});
let failed = false;
try {
  const kept = new Set(fs.readdirSync(BUILT_PICTURES_DIR).map((name) => name.split('.')[0]));
  if (kept.size) console.log(`Pictures: ${kept.size} already in dist/pictures, making the others…`);
  else console.log('Pictures: making every picture the pages name (a minute or two the first time)…');
  // A line every 10 s while it works, so a first start is never silent for long.
  let said = Date.now();
  const { pictureKey, warmPictures } = await import('../src/server/http/image-cache.ts');
  const result = await warmPictures(shop.base, (url) => kept.has(pictureKey(url)), ({ page, pages, made }) => {
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
    `Pictures: ${result.pictures} named by ${result.pages} pages, ${result.made} made, ${files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) in dist/pictures, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failed) console.error(`Pictures: ${result.failed.length} could not be made:\n${result.failed.slice(0, 20).join('\n')}\n${shop.log()}`);
} finally {
  await shop.stop();
}
process.exitCode = failed ? 1 : 0;
