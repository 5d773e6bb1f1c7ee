#!/usr/bin/env node
/**
 * `npm start`: builds the shop when the build is missing or older than the sources, then serves it
 * on PORT (default 4321). The embedded database is created, migrated and filled with the demo data
 * on first start. The build is the quick one (ADR 38): pictures kept from earlier builds are linked,
 * the others are made by the server when first asked and by its warm-up in the background, each also
 * linked into the build's pictures cache (PICTURES_CACHE_DIR) so `npm run build` does not make it
 * again. Runs on the project's own Node 24 (the `node` package), whatever Node launched npm.
 * The server runs as a child process with the Node flags and glibc malloc settings of
 * src/server/http/server-memory.ts (each malloc setting unless already set; ADR 16 "Memory"). SIGTERM
 * and SIGINT are passed on; the exit code is the server's. A port already in use is said at once, before any
 * build, and ends with 1.
 */
import './lib/project-node.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildShopQuick } from './lib/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

process.env.HOST ??= '0.0.0.0';
process.env.PORT ??= '4321';
// A port another program holds is said now: otherwise that program's answer would read as "ready".
const taken = await new Promise((resolve) => {
  const probe = net.createServer().once('error', (err) => resolve(err.code === 'EADDRINUSE')).once('listening', () => probe.close(() => resolve(false)));
  probe.listen(Number(process.env.PORT), process.env.HOST);
});
if (taken) {
  console.error(`Port ${process.env.PORT} is already in use: stop the program using it, or start on another port (PORT=4322 npm start).`);
  process.exit(1);
}
const entry = path.join(root, 'dist/server/entry.mjs');
function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'paraglide' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}
const sources = ['src', 'public', 'messages'].map((d) => newestMtime(path.join(root, d)));
const configs = ['astro.config.mjs', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs);
const stale = !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < Math.max(...sources, ...configs);
if (stale || process.env.FORCE_BUILD === 'true') {
  console.log('Building the shop…');
  // astro build and the database's template; pictures already made are linked, the others made by
  // the server once it serves (ADR 38; `npm run build` makes them all first, ADR 22).
  const status = await buildShopQuick();
  if (status !== 0) process.exit(status);
}

// After ./lib/project-node.mjs: the server's TypeScript modules load on the project's Node only.
const { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } = await import('../src/server/http/server-memory.ts');
for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) process.env[name] ??= value;
// Pictures the server makes are kept for the next build too (scripts/make-pictures.mjs, ADR 38).
process.env.PICTURES_CACHE_DIR ??= path.join(root, 'node_modules/.cache/xs-storefront/pictures');
const started = Date.now();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts/serve.mjs')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// Open, migrate and (first time) seed the database now rather than on the first visitor's request.
const url = `http://127.0.0.1:${process.env.PORT}/`;
for (let i = 0; i < 600; i++) {
  const ok = await fetch(url).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`Shop ready on http://localhost:${process.env.PORT} (${Date.now() - started} ms after start)`);
