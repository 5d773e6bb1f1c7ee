/**
 * The picture-upload bench of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=pictures`; issue 20
 * item 2, ADR 28): what adding a product picture costs, through the shop as HQ uses it.
 *
 * The built shop is started on a fresh embedded database (no picture warm-up), an HQ member is
 * added with the bootstrap token and logged in, and three photographs are sent to
 * ops_product_picture_add (multipart, as `npm run ops -- picture add` sends them), each
 * PICTURE_BENCH.repeats times: a 12-megapixel phone JPEG (4000 × 3000), a 2-megapixel PNG and a
 * 1-megapixel WebP, all of noise (the worst case for a codec). Each time is from sending the file
 * to the whole answer (reading, decoding, 15 encodes, the files written, the row and its event,
 * the pages dropped). Then the 800 px picture is fetched once from the shop (`/_u/<id>.webp`).
 */
import sharp from 'sharp';
import { API_KEY, rssMb, startShopProcess } from './shop-process.mjs';

const API_BASE = '/api/mobile_ecom/xs_api.php';
const OPS_TOKEN = 'bench-pictures-ops-token-0123456789abcdef';
/** How many times each picture is added. */
export const PICTURE_BENCH = { repeats: 3 };

/** A photograph-sized picture of noise in `format`. @returns {Promise<Buffer>} */
function noise(width, height, format) {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .toFormat(format, format === 'jpeg' ? { quality: 85 } : {})
    .toBuffer();
}

async function json(res, what) {
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.Status !== 1) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body)?.slice(0, 500)}`);
  return body;
}

/**
 * Runs the picture bench on a fresh embedded database.
 * @param {{ port: number, step: (text: string) => void }} options
 * @returns {Promise<{ files: { what: string, mb: number, ms: number[] }[], serveMs: number, startMb: number, rssMb: number, peakMb: number }>}
 *   ms: each add's time; serveMs: the first fetch of an 800 px picture; memory in MB
 * @throws Error when the shop does not start or an answer is not the expected one
 */
export async function benchPictures({ port, step }) {
  const shop = await startShopProcess({ port, env: { OPS_TOKEN, PICTURE_WARMUP: 'false' } });
  try {
    const api = (path, init = {}) => fetch(`${shop.base}${API_BASE}/${path}`, { ...init, headers: { 'x-api-key': API_KEY, ...init.headers } });
    const login = { login: 'bench.pictures', password: 'bench-pictures-password-42' };
    await json(await api('staff/add', { method: 'POST', headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...login, name: 'Bench HQ', role: 'hq', outlets: [] }) }), 'staff_add');
    const { token } = await json(await api('staff/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...login, client: 'cli' }) }), 'staff_login');
    const startMb = rssMb(shop.pid).rss;
    const files = [];
    let last = '';
    for (const [what, width, height, format, product] of [
      ['JPEG 4000 × 3000 (12 MP)', 4000, 3000, 'jpeg', 'P0001'],
      ['PNG 1600 × 1200 (2 MP)', 1600, 1200, 'png', 'P0002'],
      ['WebP 1200 × 900 (1 MP)', 1200, 900, 'webp', 'P0003'],
    ]) {
      const bytes = await noise(width, height, format);
      const ms = [];
      for (let i = 0; i < PICTURE_BENCH.repeats; i++) {
        const form = new FormData();
        form.append('product_code', product);
        form.append('picture', new Blob([bytes]), `photo.${format}`);
        const t0 = performance.now();
        const answer = await json(await api('ops/catalogue/product_picture_add', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), `picture ${what}`);
        ms.push(performance.now() - t0);
        last = answer.picture;
      }
      files.push({ what, mb: bytes.length / 1048576, ms });
      step(`${what}, ${(bytes.length / 1048576).toFixed(1)} MB: ${ms.map((m) => `${Math.round(m)} ms`).join(', ')} (server RSS ${Math.round(rssMb(shop.pid).rss)} MB)`);
    }
    const t0 = performance.now();
    const res = await fetch(shop.base + last);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${last}: HTTP ${res.status}`);
    const serveMs = performance.now() - t0;
    const memory = rssMb(shop.pid);
    return { files, serveMs, startMb, rssMb: memory.rss, peakMb: memory.peak };
  } finally {
    await shop.stop();
  }
}
