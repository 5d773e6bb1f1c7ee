/**
 * The server-side measurements of `npm run bench` (scripts/bench.mjs), each against a running shop
 * (scripts/lib/bench-server.mjs) and each returning plain figures for docs/performance.md:
 * pictures at start, HTML size, render cost with the route cache bypassed, cached page against a
 * static file (autocannon), and memory after a mixed load. Goals: docs/architecture.md "Budgets" and issue
 * "Fast at the origin, not only behind a CDN".
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { percentile, rawGet } from './bench-server.mjs';
import { API_KEY, cpuMs } from './shop-process.mjs';

const LOCALES = ['', '/zh', '/ar'];

/**
 * The catalogue as the bundled API lists it: every active product code and every product line code.
 * @returns {Promise<{ products: string[], lines: string[] }>}
 */
export async function catalogueOf(base) {
  const api = `${base}/api/mobile_ecom/xs_api.php`;
  const get = (op) => fetch(`${api}/${op}`, { headers: { 'x-api-key': API_KEY } }).then((r) => r.json());
  const products = [];
  for (let offset = 0; ; offset += 100) {
    const page = await get(`product_listing?lang=en&sort=latest&limit=${offset},100`);
    products.push(...page.data.map((p) => p.product_code));
    if (products.length >= page.total || page.data.length === 0) break;
  }
  const lines = (await get('productline_listing?lang=en')).data.map((l) => l.line_code);
  return { products: products.sort(), lines };
}

/**
 * Pictures ready at start: right after a cold start, the home page's HTML is read and every picture
 * it names (img and source, src and each srcset candidate) is fetched, six at a time as a browser
 * does per host.
 * @returns {Promise<{ count: number, p50Ms: number, maxMs: number, failed: number }>} time to first byte (ms)
 */
export async function picturesAtStart(base) {
  const html = (await rawGet(`${base}/`)).body.toString('utf8');
  const urls = new Set();
  for (const m of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
    for (const attr of m[0].matchAll(/\s(?:src|srcset)="([^"]+)"/g)) {
      for (const candidate of attr[1].split(',')) {
        const u = candidate.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&');
        if (u && !u.startsWith('data:')) urls.add(new URL(u, base).href);
      }
    }
  }
  const list = [...urls];
  const ttfb = [];
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < list.length) {
        const r = await rawGet(list[next++], { accept: 'image/avif,image/webp,*/*' });
        if (r.status === 200) ttfb.push(r.ttfbMs);
        else failed++;
      }
    }),
  );
  return { count: list.length, p50Ms: percentile(ttfb, 50), maxMs: percentile(ttfb, 100), failed };
}

/**
 * HTML size of a page: as rendered, and as sent with gzip and with brotli (the server's own
 * compression), in bytes.
 * @returns {Promise<{ raw: number, gzip: number, br: number }>}
 */
export async function htmlSize(base, url) {
  const plain = await rawGet(base + url, { 'accept-encoding': 'identity' });
  if (plain.status !== 200) throw new Error(`${url} answered ${plain.status}`);
  const sized = async (encoding, decode) => {
    const r = await rawGet(base + url, { 'accept-encoding': encoding });
    // When the server does not compress, say what the compressed size would be at the same level.
    return r.headers['content-encoding'] === encoding ? r.body.length : decode(plain.body).length;
  };
  return {
    raw: plain.body.length,
    gzip: await sized('gzip', (b) => zlib.gzipSync(b, { level: 4 })),
    br: await sized('br', (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })),
  };
}

/** CPU time of the whole machine so far, in clock ticks: all states and `steal` (the host's share, /proc/stat). */
function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
}

/** How many rounds the one-at-a-time renders are split into; the figure is their median. */
const CPU_ROUNDS = 5;

/**
 * Render cost of pages nobody has asked for yet: `cpuUrls` one at a time, in CPU_ROUNDS rounds, the
 * server process's CPU per render in each (user + system, /proc/<pid>/stat); then `rateUrls`,
 * `concurrency` at a time, for the rate. The figure is the rounds' median: on a shared machine a
 * burst of the host's other work (seen as `steal`) inflates one round, not the median. Each
 * answer is checked to be a page-cache miss (`X-Cache: MISS`, src/server/http/page-cache.ts): a
 * page served from the cache is counted in `cached`, and the bench refuses figures with any (they
 * would be of the cache, not of a render).
 * @param {{ base: string, pid: number, cpuUrls: string[], rateUrls: string[], concurrency?: number }} options
 * @returns {Promise<{ cpuMsPerRender: number, roundsMs: number[], renders: number, rps: number, rateRenders: number, p50Ms: number, failed: number, cached: number, stealPct: number }>}
 *   roundsMs: CPU per render of each round (ms); stealPct: the share of the machine's CPU time the host took meanwhile (%)
 */
export async function renderCost({ base, pid, cpuUrls, rateUrls, concurrency = 8 }) {
  let failed = 0;
  let cached = 0;
  const get = async (url) => {
    const r = await rawGet(base + url, { 'accept-encoding': 'gzip' });
    if (r.status !== 200) failed++;
    else if (r.headers['x-cache'] !== undefined && r.headers['x-cache'] !== 'MISS') cached++;
    return r.totalMs;
  };
  const machine = machineTicks();
  const roundsMs = [];
  const perRound = Math.ceil(cpuUrls.length / CPU_ROUNDS);
  for (let i = 0; i < cpuUrls.length; i += perRound) {
    const round = cpuUrls.slice(i, i + perRound);
    const before = cpuMs(pid);
    for (const url of round) await get(url);
    roundsMs.push((cpuMs(pid) - before) / round.length);
  }
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rateUrls.length) times.push(await get(rateUrls[next++]));
    }),
  );
  const rps = rateUrls.length / ((performance.now() - started) / 1000);
  const after = machineTicks();
  const stealPct = after.total > machine.total ? (100 * (after.steal - machine.steal)) / (after.total - machine.total) : 0;
  return { cpuMsPerRender: percentile(roundsMs, 50), roundsMs, renders: cpuUrls.length, rps, rateRenders: rateUrls.length, p50Ms: percentile(times, 50), failed, cached, stealPct };
}

/**
 * Distinct product and category URLs nobody has requested yet, for `renderCost`. The picture
 * warm-up of a first start (src/server/http/image-cache.ts `warmPictures`) has asked for every English
 * page of the sitemap, which put those pages in the page cache: product pages are taken in Chinese
 * and Arabic, category pages in every language but the English ones only with a sort order.
 * @param {{ products: string[], lines: string[] }} catalogue product and line codes
 * @returns {{ productUrls: string[], categoryUrls: string[] }} paths
 */
export function uncachedUrls({ products, lines }) {
  const notWarmed = LOCALES.filter((l) => l !== '');
  const productUrls = notWarmed.flatMap((l) => products.map((code) => `${l}/product/${code}`));
  const sorts = ['', '?sort=latest', '?sort=price_low', '?sort=price_high'];
  const categoryUrls = sorts.flatMap((s) => LOCALES.filter((l) => s !== '' || l !== '').flatMap((l) => lines.map((line) => `${l}/category/${line}${s}`)));
  return { productUrls, categoryUrls };
}

/**
 * autocannon against one URL: `connections` at a time for `seconds`, asking for gzip.
 * @returns {Promise<{ rps: number, p50Ms: number, p975Ms: number, non2xx: number, errors: number }>}
 */
export async function load(url, { connections = 32, seconds = 10 } = {}) {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  return { rps: r.requests.average, p50Ms: r.latency.p50, p975Ms: r.latency.p97_5, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** Rounds of the cached-page comparison, and seconds of load for each of its four runs per round. */
const CACHED_ROUNDS = 3;
const CACHED_SECONDS = 5;

/**
 * Cached pages: a product page already in the route cache against a static file of the same
 * server (its stylesheet), each under the same load; the ratio is the goal (≥ 0.5), independent
 * of the machine. Then the same two answers, bytes and headers exactly as the shop sent them
 * gzipped, from a bare `node:http` server that holds them in memory (scripts/lib/bare-server.mjs),
 * under the same load: `pageVsBare` and `fileVsBare` say how near the shop comes to Node itself
 * (goal ≥ 0.7 each). The four take turns, CACHED_ROUNDS rounds of CACHED_SECONDS each (shop file,
 * shop page, bare file, bare page), so that a slow spell of the machine falls on all four; each
 * ratio is the median of the rounds' ratios, and each load shown is its median round (by req/s).
 * @returns {Promise<{ page: Awaited<ReturnType<typeof load>>, file: Awaited<ReturnType<typeof load>>, staticUrl: string, ratio: number,
 *   bare: { page: Awaited<ReturnType<typeof load>>, file: Awaited<ReturnType<typeof load>> }, pageVsBare: number, fileVsBare: number, headerBytes: { page: number, file: number } }>}
 */
export async function cachedVsStatic(base, productUrl, options = {}) {
  const html = (await rawGet(base + productUrl)).body.toString('utf8');
  const css = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html)?.[1] ?? /href="([^"]+\.css)"/.exec(html)?.[1];
  const staticUrl = css ?? '/favicon.svg';
  for (let i = 0; i < 20; i++) await rawGet(base + productUrl, { 'accept-encoding': 'gzip' });
  const sentPage = await rawGet(base + productUrl, { 'accept-encoding': 'gzip' });
  const sentFile = await rawGet(base + staticUrl, { 'accept-encoding': 'gzip' });
  const rounds = await withBareServer({ [productUrl]: sentPage, [staticUrl]: sentFile }, Number(new URL(base).port) + 40, async (bareBase) => {
    const runs = [];
    const opts = { seconds: CACHED_SECONDS, ...options };
    for (let r = 0; r < CACHED_ROUNDS; r++) {
      const file = await load(base + staticUrl, opts);
      const page = await load(base + productUrl, opts);
      const bareFile = await load(bareBase + staticUrl, opts);
      const barePage = await load(bareBase + productUrl, opts);
      runs.push({ file, page, bareFile, barePage });
    }
    return runs;
  });
  const medianRun = (pick) => [...rounds].sort((x, y) => pick(x).rps - pick(y).rps)[Math.floor(rounds.length / 2)];
  const medianOf = (values) => percentile(values, 50);
  return {
    page: medianRun((r) => r.page).page,
    file: medianRun((r) => r.file).file,
    staticUrl,
    ratio: medianOf(rounds.map((r) => r.page.rps / r.file.rps)),
    bare: { page: medianRun((r) => r.barePage).barePage, file: medianRun((r) => r.bareFile).bareFile },
    pageVsBare: medianOf(rounds.map((r) => r.page.rps / r.barePage.rps)),
    fileVsBare: medianOf(rounds.map((r) => r.file.rps / r.bareFile.rps)),
    headerBytes: { page: headerBytes(sentPage.headers), file: headerBytes(sentFile.headers) },
  };
}

/** The bytes of an answer's header lines as sent (name: value CRLF), status line left out. */
function headerBytes(headers) {
  return Object.entries(headers).reduce((n, [k, v]) => n + [v].flat().reduce((m, one) => m + Buffer.byteLength(`${k}: ${one}\r\n`), 0), 0);
}

/**
 * Runs `measure` against a bare node:http server (its own process, the project's Node) that
 * answers each path with the given answer's headers and body.
 * @param {Record<string, { headers: import('node:http').IncomingHttpHeaders, body: Buffer }>} answers by path
 */
async function withBareServer(answers, port, measure) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const spec = {};
  Object.entries(answers).forEach(([url, answer], i) => {
    const bodyFile = path.join(dir, `body-${i}`);
    fs.writeFileSync(bodyFile, answer.body);
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(k)).map(([k, v]) => [k, [v].flat().join(', ')]));
    spec[url] = { headers, bodyFile };
  });
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(spec));
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.mjs', import.meta.url)), path.join(dir, 'answers.json'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    return await measure(`http://127.0.0.1:${port}`);
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
