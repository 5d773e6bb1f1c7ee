#!/usr/bin/env node
/**
 * Serves the built shop (dist/) on HOST:PORT (default 0.0.0.0:4321) with gzip/brotli compression of
 * pages, JSON and scripts (the `compression` middleware, honouring Accept-Encoding and Vary). The
 * Node adapter's standalone handler does the rest: static files, then the Astro app. Every response
 * carries the security headers of scripts/lib/security-policy.mjs (a page's own
 * Content-Security-Policy, with its script and style hashes, replaces the strict default).
 * Used by `npm start`, the browser tests and `npm run bench`.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { securityHeaders } from './lib/security-policy.mjs';
import { productionConfigProblems } from './lib/production-config.mjs';
import { dataDirInUse, lockedMessage, lockPathOf, lockStaleMs } from './lib/data-dir-lock.mjs';

const problems = productionConfigProblems(process.env);
if (problems.length > 0) {
  console.error(`Refusing to start in production (NODE_ENV=production) with unsafe settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

// One process per embedded data directory (ADR 11): refuse now rather than fail every request.
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/pglite');
if (!process.env.DATABASE_URL && (await dataDirInUse(dataDir).catch(() => false))) {
  console.error(lockedMessage(dataDir, lockPathOf(dataDir), lockStaleMs()));
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href);

// Level 4: most of level 6's saving at about half its CPU cost per response.
const compress = compression({ threshold: 1024, level: 4 });
const host = process.env.HOST ?? '0.0.0.0';
const port = Number(process.env.PORT ?? 4321);
const headers = Object.entries(securityHeaders(process.env.SITE_URL));
const server = http.createServer((req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
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
