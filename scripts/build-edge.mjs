#!/usr/bin/env node
/**
 * `npm run build:edge` (README "At the edge (Cloudflare Workers)", ADR 35): the storefront built
 * for Cloudflare Workers into dist-edge/ (astro.config.edge.mjs), then
 *
 * 1. the pictures the Node build made (dist/pictures, ADR 22) copied to the worker's static
 *    assets at their short addresses (`/_p/<file>/<w>x<h>.<format>`), so the platform serves them
 *    before the worker runs, cached a year like /_astro/, and the security headers of every answer
 *    on Node on all the files (dist-edge/client/_headers; HSTS when SITE_URL is https at build);
 *    a picture not there (no `npm run build` yet, or a size the build did not make) is forwarded
 *    by the worker to the Node shop, which makes it (src/edge/worker.ts);
 * 2. the worker's modules checked: an import of a Node built-in or of any module not in the
 *    bundle (other than the platform's `cloudflare:*`) fails the build, naming the file;
 * 3. the worker's size printed (its modules, without source maps: raw and gzip, the measure of
 *    the platform's limits of 3 MB on the free plan and 10 MB on a paid one).
 *
 * Exits 1 when a step fails.
 */
import './lib/project-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/shop-process.mjs';
import { workerModules } from './lib/edge-bundle.mjs';

// The server's modules are TypeScript, which only the project's Node (checked above) loads.
const { pictureKey } = await import('../src/server/http/image-cache.ts');
const { longPictureUrl, PICTURE_ASPECTS, PICTURE_FORMATS, PICTURE_WIDTHS, SHORT_PICTURE_PREFIX } = await import('../src/server/http/picture-sizes.ts');
const { SERVICE_WORKER_PATH } = await import('../src/server/http/app-manifest.ts');
const { securityHeaders } = await import('../src/server/http/security-policy.ts');
const { SERVICE_WORKER_CSP } = await import('../src/server/http/service-worker-file.ts');

const started = Date.now();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const builtPictures = path.join(root, 'dist/pictures');
run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--config', 'astro.config.edge.mjs']);

const client = path.join(root, 'dist-edge/client');
const server = path.join(root, 'dist-edge/server');

// 1. Pictures: every short address of every file of the build that the Node build made.
let copied = 0;
let bytes = 0;
for (const file of fs.readdirSync(path.join(client, '_astro'))) {
  if (!/\.(svg|png|jpe?g|webp)$/.test(file)) continue;
  for (const w of PICTURE_WIDTHS) {
    for (const aspect of PICTURE_ASPECTS) {
      const h = Math.round(w / aspect);
      for (const format of PICTURE_FORMATS) {
        const short = `${SHORT_PICTURE_PREFIX}${file}/${w}x${h}.${format}`;
        const long = longPictureUrl(short);
        const made = long && path.join(builtPictures, `${pictureKey(long)}.${format}`);
        // (None without dist/pictures: every picture is then the Node shop's to answer.)
        if (!made || !fs.existsSync(made)) continue;
        const target = path.join(client, short);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(made, target);
        copied++;
        bytes += fs.statSync(target).size;
      }
    }
  }
}
// The security headers of every answer on Node (scripts/serve.mjs) on the files too, rule by rule
// (a header two rules give is joined, so no catch-all): the service worker with its own policy and
// asked for again on every update check (src/server/http/service-worker-file.ts); the pictures kept a year.
const lines = (headers) => Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`).join('\n');
const security = securityHeaders(process.env.SITE_URL);
const rules = fs
  .readdirSync(client, { withFileTypes: true })
  .filter((e) => !['_headers', '.assetsignore', SERVICE_WORKER_PATH.slice(1)].includes(e.name))
  .map((e) => `/${e.name}${e.isDirectory() ? '/*' : ''}\n${lines(security)}`);
rules.push(`${SERVICE_WORKER_PATH}\n${lines({ ...security, 'Content-Security-Policy': SERVICE_WORKER_CSP, 'Cache-Control': 'no-cache' })}`);
rules.push(`${SHORT_PICTURE_PREFIX}*\n  Cache-Control: public, max-age=31536000, immutable`);
fs.appendFileSync(path.join(client, '_headers'), `\n${rules.join('\n\n')}\n`);
if (!fs.existsSync(builtPictures)) console.log('Edge build: no pictures of a Node build (dist/pictures; `npm run build` makes them): the worker asks the Node shop for each.');
console.log(`Edge build: ${copied} pictures (${(bytes / 1048576).toFixed(1)} MB) copied to the worker's assets under ${SHORT_PICTURE_PREFIX}.`);

// 2. The bundle holds no Node-only module: every import is of a module of the bundle or of the platform.
const { modules, rawBytes: raw, gzipBytes: gzip, outside } = workerModules(server);
if (outside.length) {
  console.error(`Edge build: the worker imports modules it does not hold (Node built-ins?):\n  ${outside.join('\n  ')}\nGive the importing module an edge version in src/edge/ (astro.config.edge.mjs EDGE_REPLACEMENTS).`);
  process.exit(1);
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`Edge build: the worker: ${modules} modules, ${kib(raw)} (${kib(gzip)} gzip), no Node-only module; ${((Date.now() - started) / 1000).toFixed(0)} s.`);
