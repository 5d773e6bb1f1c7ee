#!/usr/bin/env node
/**
 * Render cost of catalogue pages at the origin (issue "Fast at the origin, not only behind a CDN";
 * ADR 17): starts the built server (scripts/serve.mjs) on a fresh embedded database, or on
 * DATABASE_URL when set, and renders product and category pages in full, bypassing the route cache,
 * then prints requests per second, the server's CPU milliseconds per render and, with `--profile`,
 * the functions that cost most.
 *
 * How the page cache is bypassed: the server runs with PAGE_CACHE_MB=0 (no page kept; scripts/lib/
 * page-cache.mjs), and the pages are asked with HEAD, so every request renders the whole page (the
 * same middleware, queries and components) and only the body is not sent. CPU time is the server
 * process's own (user + system, from /proc, so Linux only); with the embedded database it includes
 * the database's work.
 *
 * Usage: npm run build && node scripts/render-cost.mjs [--requests 400] [--concurrency 32] [--profile]
 *   [--profile-out FILE] (keeps the .cpuprofile, to open in Chrome's DevTools)
 * Environment: PORT (default 4329). Prints one JSON line per page kind; the profile summary goes to
 * stdout after them. Not a test: timings vary with the machine and are not asserted anywhere.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMs, startShopProcess } from './lib/shop-process.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '32' },
    profile: { type: 'boolean', default: false },
    'profile-out': { type: 'string' },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const port = Number(process.env.PORT ?? 4329);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'render-cost-'));
const profileDir = path.join(work, 'profile');

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function head(p) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'HEAD', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Renders `paths` round-robin, `requests` in all, `concurrency` at a time. */
async function measure(kind, paths) {
  for (const p of paths.slice(0, 10)) await head(p);
  const statuses = {};
  let next = 0;
  const cpu0 = cpuMs(shop.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const status = await head(paths[next++ % paths.length]);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const used = cpuMs(shop.pid) - cpu0;
  console.log(JSON.stringify({ kind, pages: paths.length, requests, concurrency, statuses, requestsPerSecond: +(requests / seconds).toFixed(1), cpuMsPerRender: +(used / requests).toFixed(2) }));
}

/**
 * The functions with the most self time and the most inclusive time in a .cpuprofile, counting only
 * the samples of its last `windowMs` (the measurement and the shutdown, not the start-up).
 */
function summarise(file, windowMs, top = 12) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const from = profile.endTime - windowMs * 1000;
  let at = profile.startTime;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|dist|src)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) return;
    const node = byId.get(id);
    if (['(idle)', '(program)'].includes(node.callFrame.functionName)) return;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    self.set(name(node), (self.get(name(node)) ?? 0) + dt);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      seen.add(key);
    }
  });
  const list = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) => `  ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  console.log(`Profile of the renders (${file}), share of busy time:\nself\n${list(self)}\ninclusive\n${list(inclusive)}`);
}

const shop = await startShopProcess({
  port,
  databaseUrl: process.env.DATABASE_URL,
  env: { PAGE_CACHE_MB: '0', PICTURE_WARMUP: 'false' },
  nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
const base = shop.base;
let measuredFrom = 0;
try {
  // The first request opens (and on a fresh directory creates) the database: before the measured window.
  const home = await fetch(`${base}/`).then((r) => r.text());
  measuredFrom = performance.now();
  const links = (re) => [...new Set([...home.matchAll(re)].map((m) => m[1].replaceAll('&amp;', '&')))];
  await measure('product', links(/href="(\/product\/[^"]+)"/g));
  await measure('category', links(/href="(\/category\/[^"?]+\?group_code=[^"]+)"/g));
} finally {
  agent.destroy();
  await shop.stop();
  if (values.profile) {
    for (const f of fs.readdirSync(profileDir)) {
      summarise(path.join(profileDir, f), performance.now() - measuredFrom);
      if (values['profile-out']) fs.copyFileSync(path.join(profileDir, f), values['profile-out']);
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}
