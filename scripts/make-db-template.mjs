#!/usr/bin/env node
/**
 * The embedded database's template (src/server/xs-api/db/pglite-template.ts, ADR 16 "Memory"):
 * a new PGlite database with the migrations applied and no data, as a gzipped tar at
 * `dist/pglite-template.tar.gz`, which a shop starting on an empty DATA_DIR loads instead of running
 * PostgreSQL's `initdb` inside its process (about 7 s of CPU and a peak of about 1 GB resident).
 * Part of the build (`npm run build`, the builds of `npm start` and the measuring scripts, the
 * container image), after `astro build`, which empties `dist/`.
 *
 * Kept between builds in `node_modules/.cache/xs-storefront/` under a hash of what makes it (PGlite's
 * version, its memory settings, every migration file), so it is made again only when one of them
 * changes; older ones are removed.
 *
 * `--cache-only`: makes the cached template when it is missing and copies nothing (the build of
 * `npm start` runs it beside `astro build`, which empties `dist/`, then runs this script again to copy).
 *
 * Usage: node scripts/make-db-template.mjs [--cache-only]. Exits 1 when PGlite or a migration fails.
 */
import './lib/project-node.mjs';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DEFAULT_PGLITE_TEMPLATE, PGLITE_MEMORY_SETTINGS, makePgliteTemplate } = await import('../src/server/xs-api/db/pglite-template.ts');
const migrations = path.join(root, 'src/server/xs-api/db/migrations');
const cacheDir = path.join(root, 'node_modules/.cache/xs-storefront');
const target = path.join(root, DEFAULT_PGLITE_TEMPLATE);

const started = Date.now();
const hash = createHash('sha256');
hash.update(JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
hash.update(PGLITE_MEMORY_SETTINGS.join('\n'));
for (const name of fs.readdirSync(migrations, { recursive: true }).map(String).sort()) {
  const file = path.join(migrations, name);
  if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
}
const cached = path.join(cacheDir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);

if (!fs.existsSync(cached)) {
  console.log('Database template: making a new embedded database with the migrations (once per migration change)…');
  const tar = await makePgliteTemplate(migrations);
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const old of fs.readdirSync(cacheDir).filter((name) => name.startsWith('pglite-template-'))) fs.rmSync(path.join(cacheDir, old), { force: true });
  fs.writeFileSync(`${cached}.tmp`, tar);
  fs.renameSync(`${cached}.tmp`, cached);
}
if (process.argv.includes('--cache-only')) {
  console.log(`Database template: ready in node_modules/.cache/xs-storefront, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(cached, target);
console.log(`Database template: ${path.relative(root, target)} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB), ${((Date.now() - started) / 1000).toFixed(1)} s`);
