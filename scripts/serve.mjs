#!/usr/bin/env node
/**
 * Serves the built shop (dist/) on HOST:PORT (default 0.0.0.0:4321) with gzip/brotli compression of
 * pages, JSON and scripts (the `compression` middleware, honouring Accept-Encoding and Vary). The
 * Node adapter's standalone handler does the rest: static files, then the Astro app.
 * Used by `npm start`, the browser tests and `npm run bench`.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { drainBeforeEnd } from './lib/drain-request.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href);

// Level 4: most of level 6's saving at about half its CPU cost per response.
const compress = compression({ threshold: 1024, level: 4 });
const host = process.env.HOST ?? '0.0.0.0';
const port = Number(process.env.PORT ?? 4321);
const server = http.createServer((req, res) => {
  // Before compression wraps it: an answer sent before the upload was read still arrives whole.
  drainBeforeEnd(req, res);
  compress(req, res, () => handler(req, res));
});
server.keepAliveTimeout = 5_000;

/** Resolves once the shop listens. */
export const listening = new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, host, () => {
    console.log(`Listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
    resolve(server);
  });
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
