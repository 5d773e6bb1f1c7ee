/**
 * A mixed load on a running shop, with the server's memory sampled (issue "Fast at the origin",
 * goal: RSS ≤ 400 MB after 10,000 mixed requests on the embedded database). Used by
 * `npm run bench` and runnable alone:
 *
 *   node scripts/lib/load-mix.mjs [requests=10000] [concurrency=16]
 *
 * which builds nothing: it starts the built shop (dist/) on a throwaway embedded database
 * (LOAD_MIX_PORT, default 4612), fires the mix and prints the figures as JSON.
 *
 * The mix, by share of requests: catalogue pages 30 % (home, categories, product lists, brands,
 * content pages; EN, ZH, AR), product pages 25 % (every product, three languages), pictures 20 %
 * (the picture URLs those pages name, and their scripts and styles), search 10 % (result pages and
 * /api/suggest), the bundled API 10 % (catalogue operations with the API key) and a member journey
 * 5 % (the demo member's account pages with the session cookie, and member API calls).
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY, rssMb, startShopProcess } from './shop-process.mjs';

const DEMO = { mobile: '0123456789', password: 'demo1234' };
const WORDS = ['pork', 'chicken', 'fish', 'ball', 'dumpling', 'belly', 'anchovy', 'frozen', '猪肉', 'لحم'];

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET or POST through a keep-alive agent; the body is read and dropped. Resolves { status, bytes, headers }. */
export function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The text of a page (identity encoding). */
async function text(url, headers = {}) {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return res.text();
}

/**
 * Logs the demo member in twice: through the login form's Action (a session cookie for pages) and
 * through customer_login (a token for the API).
 * @returns {Promise<{ cookie: string, token: string, code: string }>} cookie: a Cookie header value
 */
export async function loginDemoMember(base) {
  const form = new URLSearchParams(DEMO);
  const res = await fetch(`${base}/login?_action=access.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: form,
    redirect: 'manual',
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  const api = `${base}/api/mobile_ecom/xs_api.php`;
  const login = await fetch(`${api}/customer_login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': API_KEY }, body: JSON.stringify([DEMO]) }).then((r) => r.json());
  return { cookie, token: login?.token ?? '', code: login?.member_code ?? '' };
}

/** The URLs of the mix, by kind, from the shop's sitemap and the pictures and assets its pages name. */
async function targets(base) {
  const sitemap = await text(`${base}/sitemap.xml`);
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const products = locs.filter((p) => /\/product\//.test(p));
  const catalogue = locs.filter((p) => !/\/product\//.test(p));
  const pictures = new Set();
  const assets = new Set();
  for (const page of ['/', '/ar/', products[0] ?? '/product/P0001', catalogue.find((p) => p.includes('/category/')) ?? '/category']) {
    const html = await text(base + page);
    for (const m of html.matchAll(/\/_(?:image\?|p\/)[^"' ,{]+/g)) pictures.add(m[0].replaceAll('&amp;', '&'));
    for (const m of html.matchAll(/\/_astro\/[^"' ,)]+\.(?:js|css|woff2|svg)/g)) assets.add(m[0]);
  }
  return { products, catalogue, pictures: [...pictures], assets: [...assets] };
}

/**
 * Fires `requests` mixed requests at `base`, `concurrency` at a time, sampling the server's RSS
 * (when `pid` is given) every 250 ms.
 * @param {{ base: string, requests?: number, concurrency?: number, pid?: number }} options
 * @returns {Promise<{ requests: number, seconds: number, byKind: Record<string, number>,
 *   statuses: Record<string, number>, errors: number, rssBeforeMB: number | null,
 *   rssAfterMB: number | null, rssPeakMB: number | null }>} seconds of wall time; RSS in MB
 */
export async function runLoadMix({ base, requests = 10_000, concurrency = 16, pid }) {
  const t = await targets(base);
  const who = await loginDemoMember(base);
  const api = `${base}/api/mobile_ecom/xs_api.php`;
  const apiHeaders = { 'x-api-key': API_KEY };
  const memberHeaders = { ...apiHeaders, authorization: `Bearer ${who.token}` };
  const pick = (list, i) => list[(i * 7919) % list.length];
  const page = { 'accept-encoding': 'gzip, br' };
  /** The i-th request of the mix: [kind, url, headers]. */
  const nth = (i) => {
    const slot = i % 20;
    if (slot < 6) return ['catalogue', base + pick(t.catalogue, i), page];
    if (slot < 11) return ['product', base + pick(t.products, i), page];
    if (slot < 15) return ['picture', base + (slot === 14 && t.assets.length ? pick(t.assets, i) : pick(t.pictures, i)), {}];
    if (slot === 15) return ['search', `${base}/search-products?keyword=${encodeURIComponent(pick(WORDS, i))}`, page];
    if (slot === 16) return ['search', `${base}/api/suggest?q=${encodeURIComponent(pick(WORDS, i))}&lang=en`, {}];
    if (slot === 17) {
      const ops = ['product_listing?limit=0,25', `product_detail/${pick(t.products, i).split('/').pop()}?lang=en`, 'productline_listing?lang=zh', 'brand_listing', 'pickup_store_listing'];
      return ['api', `${api}/${pick(ops, i)}`, apiHeaders];
    }
    if (slot === 18) return ['api', `${api}/product_listing?limit=0,25&line=${encodeURIComponent(pick(t.catalogue, i).split('/').pop() ?? '')}`, apiHeaders];
    const journey = ['/account/profile', '/cart', '/account/orders', '/favourites', '/account/vouchers'];
    return i % 40 === 19 ? ['member', `${api}/customer_detail/${who.code}`, memberHeaders] : ['member', base + pick(journey, i), { ...page, cookie: who.cookie }];
  };

  const rssNow = (pid) => Math.round(rssMb(pid).rss);
  const rssBeforeMB = pid ? rssNow(pid) : null;
  let rssPeakMB = rssBeforeMB;
  const sampler = pid ? setInterval(() => (rssPeakMB = Math.max(rssPeakMB ?? 0, rssNow(pid))), 250) : null;
  const byKind = {};
  const statuses = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const [kind, url, headers] = nth(next++);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
        try {
          const { status } = await request(url, { headers });
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  const rssAfterMB = pid ? rssNow(pid) : null;
  return { requests, seconds: Math.round(seconds * 10) / 10, byKind, statuses, errors, rssBeforeMB, rssAfterMB, rssPeakMB: rssPeakMB === null ? null : Math.max(rssPeakMB, rssAfterMB ?? 0) };
}

/**
 * Starts a fresh shop, fires the mix, stops the shop.
 * @param {{ port?: number, requests?: number, concurrency?: number, env?: Record<string, string> }} [options]
 * @returns {ReturnType<typeof runLoadMix>} as runLoadMix
 */
export async function measureLoadMix({ port = Number(process.env.LOAD_MIX_PORT ?? 4612), requests = 10_000, concurrency = 16, env } = {}) {
  const shop = await startShopProcess({ port, env });
  try {
    return await runLoadMix({ base: shop.base, pid: shop.pid, requests, concurrency });
  } finally {
    await shop.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [requests, concurrency] = process.argv.slice(2).map(Number);
  const result = await measureLoadMix({ requests: requests || 10_000, concurrency: concurrency || 16 });
  console.log(JSON.stringify(result, null, 2));
  agent.destroy();
}
