/**
 * The edge bench of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=edge`; ADR 35, 36): a product
 * page from the storefront worker in workerd beside the same page from the Node shop, on this machine.
 *
 * A Node shop is started on a fresh embedded database (it is also the worker's API, with its purge
 * address pointed at the worker), then the edge build in workerd (`npm run start:edge`, which keeps
 * pages with the local stand-in for the platform's cache, src/edge/local-cache.ts). Requests are
 * sent one at a time, so the times are of one answer, not of a queue:
 * - uncached: EDGE_BENCH.uncached product pages nobody asked for yet (different ones for the worker
 *   and for the Node shop), each rendered, its API calls made (over HTTP from the worker, in the
 *   process on Node);
 * - cached: one product page asked EDGE_BENCH.cached times once kept (the worker's `x-edge-cache:
 *   HIT`, the Node page cache's `x-cache: HIT`).
 * Time to first byte is from sending the request to its status line and headers (ms; median and
 * 90th percentile). CPU per request is the process's user + system time over the run divided by the
 * requests (ms; /proc, one clock tick of resolution, hence many requests): workerd's own, and the
 * Node shop's share when it answers the worker's API calls. On the platform a cached page is served
 * by Workers Cache before the worker runs; that, and the network between a point of presence and
 * the API, cannot be measured here.
 * Also the worker's size (scripts/lib/edge-bundle.mjs), against the platform's limits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { catalogueOf, uncachedUrls } from './bench-measure.mjs';
import { workerModules } from './edge-bundle.mjs';
import { API_KEY, cpuMs, root, startShopProcess } from './shop-process.mjs';

/** Requests per measurement. */
export const EDGE_BENCH = { uncached: 40, cached: 200, warm: 5 };
const PURGE_TOKEN = 'bench-edge-purge-token-0123456789abcdef';

/** Every process under `pid` (children, grandchildren…), from /proc. */
function descendants(pid) {
  const parents = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), { ppid: Number(after[1]), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [child, info] of parents) {
      if (info.ppid !== p) continue;
      out.push({ pid: child, comm: info.comm });
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/** Starts `npm run start:edge` on `port` against `xsApiUrl`; resolves once the home page answers. */
async function startWorker({ port, xsApiUrl }) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start-edge.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', XS_API_URL: xsApiUrl, XS_API_KEY: API_KEY, EDGE_PURGE_TOKEN: PURGE_TOKEN, EDGE_INSPECTOR_PORT: String(port + 80), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log = (log + c).slice(-4000)));
  child.stderr.on('data', (c) => (log = (log + c).slice(-4000)));
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  process.once('exit', () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${base}/`).then((r) => r.ok, () => false)) {
      const workerd = descendants(child.pid).find((p) => p.comm === 'workerd');
      if (!workerd) break;
      return { base, pid: workerd.pid, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The worker did not start on ${base}:\n${log}`);
}

/** Milliseconds to the status line of each GET of `urls`, one at a time, with the CPU of `pids` over the run. */
async function timed(base, urls, pids, cacheHeader) {
  const before = pids.map(cpuMs);
  const ttfb = [];
  let hits = 0;
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(base + url);
    ttfb.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${base}${url}: HTTP ${res.status}`);
    if (res.headers.get(cacheHeader) === 'HIT') hits++;
    await res.arrayBuffer();
  }
  const cpu = pids.map((pid, i) => (cpuMs(pid) - before[i]) / urls.length);
  const sorted = [...ttfb].sort((a, b) => a - b);
  return { requests: urls.length, hits, medianMs: sorted[Math.floor(sorted.length / 2)], p90Ms: sorted[Math.floor(sorted.length * 0.9)], cpuMs: cpu };
}

/**
 * Runs the edge bench (see the top of this file). Needs `npm run build` and `npm run build:edge`.
 * @param {{ port: number, step: (text: string) => void }} options the Node shop on `port`, the worker on `port + 1`
 * @returns {Promise<{ bundle: ReturnType<typeof workerModules>, edge: { uncached: object, cached: object }, node: { uncached: object, cached: object } }>}
 *   each measurement: { requests, hits, medianMs, p90Ms, cpuMs: [this process's, the API's when the worker] }
 * @throws Error when there is no edge build, a process does not start, a page is not 200, or the cached runs were not served from a cache
 */
export async function benchEdge({ port, step }) {
  const serverDir = path.join(root, 'dist-edge/server');
  if (!fs.existsSync(path.join(serverDir, 'wrangler.json'))) throw new Error('There is no edge build: run `npm run build:edge` first (after `npm run build`).');
  const bundle = workerModules(serverDir);
  const shop = await startShopProcess({ port, env: { PICTURE_WARMUP: 'false', TRUST_PROXY: '1', EDGE_PURGE_URL: `http://127.0.0.1:${port + 1}`, EDGE_PURGE_TOKEN: PURGE_TOKEN } });
  let worker;
  try {
    worker = await startWorker({ port: port + 1, xsApiUrl: `${shop.base}/api/mobile_ecom/xs_api.php` });
    step(`worker in workerd (pid ${worker.pid}) against the Node shop (pid ${shop.pid})`);
    const { productUrls } = uncachedUrls(await catalogueOf(shop.base));
    const n = EDGE_BENCH.uncached + EDGE_BENCH.warm;
    if (productUrls.length < 2 * n + 1) throw new Error(`${productUrls.length} product pages: the bench needs ${2 * n + 1}`);
    const [edgeUrls, nodeUrls, cachedUrl] = [productUrls.slice(0, n), productUrls.slice(n, 2 * n), productUrls[2 * n]];
    // A few pages first, so that both processes are warmed up (code compiled, connections open).
    await timed(worker.base, edgeUrls.slice(0, EDGE_BENCH.warm), [worker.pid], 'x-edge-cache');
    await timed(shop.base, nodeUrls.slice(0, EDGE_BENCH.warm), [shop.pid], 'x-cache');
    const edge = { uncached: await timed(worker.base, edgeUrls.slice(EDGE_BENCH.warm), [worker.pid, shop.pid], 'x-edge-cache') };
    const node = { uncached: await timed(shop.base, nodeUrls.slice(EDGE_BENCH.warm), [shop.pid], 'x-cache') };
    const again = Array.from({ length: EDGE_BENCH.cached }, () => cachedUrl);
    await timed(worker.base, [cachedUrl], [worker.pid], 'x-edge-cache');
    edge.cached = await timed(worker.base, again, [worker.pid, shop.pid], 'x-edge-cache');
    await timed(shop.base, [cachedUrl], [shop.pid], 'x-cache');
    node.cached = await timed(shop.base, again, [shop.pid], 'x-cache');
    for (const [what, m] of [['worker', edge.cached], ['Node shop', node.cached]]) if (m.hits < m.requests * 0.95) throw new Error(`the ${what}'s cached run: ${m.hits} of ${m.requests} answers from its cache`);
    if (edge.uncached.hits + node.uncached.hits > 0) throw new Error('an uncached run was answered from a cache');
    step(`product page, uncached: worker ${edge.uncached.medianMs.toFixed(0)} ms to first byte, Node ${node.uncached.medianMs.toFixed(0)} ms; cached: worker ${edge.cached.medianMs.toFixed(1)} ms, Node ${node.cached.medianMs.toFixed(1)} ms`);
    return { bundle, edge, node };
  } finally {
    await worker?.stop();
    await shop.stop();
  }
}
