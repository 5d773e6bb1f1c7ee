/**
 * The import bench of `npm run bench` (scripts/bench.mjs; issue "The chain's own catalogue" §3,
 * ADR 27): the point-of-sale import at a chain's size, through the shop as an operator uses it.
 *
 * On a fresh database (the embedded PGlite, and PostgreSQL with BENCH_DATABASE_URL), the built shop
 * is started (scripts/serve.mjs, no picture warm-up), an HQ member is added with the bootstrap token
 * and logged in, and two files are sent to ops_import_products and ops_import_stock as
 * `npm run ops -- import` sends them (multipart over HTTP):
 *   - 10,000 products with names in EN, ZH and AR and an English description, spread over the
 *     demo's product lines, one in four on promotion;
 *   - 220,000 stock rows: 22 outlets × those 10,000 products.
 * Each file is sent three times: a dry run (checked and compared, nothing written), applied (every
 * row new), and applied again (every row unchanged, nothing written). Each time is from sending
 * the request to the whole answer; every answer is checked (counts as expected, no bad row).
 */
import { startShopProcess, rssMb, API_KEY } from './shop-process.mjs';

const API_BASE = '/api/mobile_ecom/xs_api.php';
/** The bootstrap token the bench's shop takes (OPS_TOKEN). */
const OPS_TOKEN = 'bench-import-ops-token-0123456789abcdef';
/** The sizes measured. */
export const IMPORT_BENCH = { products: 10_000, outlets: 22 };

const code = (i) => `BEN${String(i).padStart(6, '0')}`;

/** The products file: header and IMPORT_BENCH.products rows over `lines`. @returns {string} */
export function productsFile(lines) {
  const rows = ['product_code,product_name_en,product_name_zh,product_name_ar,line_code,price,final_price,unit,visible,product_description_en'];
  for (let i = 1; i <= IMPORT_BENCH.products; i++) {
    const ringgit = 5 + (i % 60);
    const promo = i % 4 === 0 ? `${ringgit - 1}.50` : '';
    rows.push(`${code(i)},Bench Pork Cut ${i},测试猪肉 ${i},قطعة لحم تجريبية ${i},${lines[i % lines.length]},${ringgit}.90,${promo},500 g,1,"Cut to order, tray ${i}."`);
  }
  return `${rows.join('\n')}\n`;
}

/** The stock file: every outlet × every product. @returns {string} */
export function stockFile(outlets) {
  const rows = ['store_code,product_code,quantity'];
  for (const outlet of outlets) for (let i = 1; i <= IMPORT_BENCH.products; i++) rows.push(`${outlet},${code(i)},${(i * 7 + outlet.length) % 120}`);
  return `${rows.join('\n')}\n`;
}

async function json(res, what) {
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.Status !== 1) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body)?.slice(0, 500)}`);
  return body;
}

/**
 * Runs the import bench on one database.
 * @param {{ port: number, databaseUrl?: string, name: string, step: (text: string) => void }} options
 * @returns {Promise<{ name: string, files: { kind: string, rows: number, mb: number, dryMs: number, applyMs: number, againMs: number }[], startMb: number, rssMb: number, peakMb: number }>}
 *   startMb: server RSS before the imports; rssMb, peakMb: after them, and the peak (MB)
 * @throws Error when the shop does not start or an answer is not the expected one
 */
export async function benchImport({ port, databaseUrl, name, step }) {
  const shop = await startShopProcess({ port, databaseUrl, env: { OPS_TOKEN, PICTURE_WARMUP: 'false' } });
  try {
    const api = (path, init = {}) => fetch(`${shop.base}${API_BASE}/${path}`, { ...init, headers: { 'x-api-key': API_KEY, ...init.headers } });
    const login = { login: 'bench.hq', password: 'bench-hq-password-42' };
    await json(await api('staff/add', { method: 'POST', headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...login, name: 'Bench HQ', role: 'hq', outlets: [] }) }), 'staff_add');
    const { token } = await json(await api('staff/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...login, client: 'cli' }) }), 'staff_login');
    const lines = (await json(await api('productline_listing?lang=en'), 'productline_listing')).data.map((l) => l.line_code);
    const outlets = Array.from({ length: IMPORT_BENCH.outlets }, (_, i) => `S${String(i + 1).padStart(3, '0')}`);
    const startMb = rssMb(shop.pid).rss;
    step(`${name}: started, server RSS ${Math.round(startMb)} MB`);

    /** Sends `text` to the import of `kind`; checks the counts; @returns {Promise<number>} ms */
    const send = async (kind, text, dryRun, expect) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/csv' }), `${kind}.csv`);
      form.append('dry_run', dryRun ? '1' : '0');
      const t0 = performance.now();
      const res = await api(`ops/catalogue/import_${kind}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const report = await json(res, `import ${kind}`);
      const ms = performance.now() - t0;
      const got = { valid: report.valid, applied: report.applied, new: report.counts.new, unchanged: report.counts.unchanged };
      if (JSON.stringify(got) !== JSON.stringify(expect)) throw new Error(`import ${kind}: expected ${JSON.stringify(expect)}, got ${JSON.stringify(got)} (${JSON.stringify(report.errors.slice(0, 3))})`);
      step(`${name}: ${kind} ${dryRun ? 'dry run' : expect.new ? 'applied' : 'applied again'} in ${(ms / 1000).toFixed(1)} s (server RSS ${Math.round(rssMb(shop.pid).rss)} MB)`);
      return ms;
    };
    const files = [];
    for (const [kind, text] of [
      ['products', productsFile(lines)],
      ['stock', stockFile(outlets)],
    ]) {
      const rows = kind === 'products' ? IMPORT_BENCH.products : IMPORT_BENCH.products * IMPORT_BENCH.outlets;
      const dryMs = await send(kind, text, true, { valid: true, applied: false, new: rows, unchanged: 0 });
      const applyMs = await send(kind, text, false, { valid: true, applied: true, new: rows, unchanged: 0 });
      const againMs = await send(kind, text, false, { valid: true, applied: true, new: 0, unchanged: rows });
      files.push({ kind, rows, mb: Buffer.byteLength(text) / 1048576, dryMs, applyMs, againMs });
    }
    const memory = rssMb(shop.pid);
    return { name, files, startMb, rssMb: memory.rss, peakMb: memory.peak };
  } finally {
    await shop.stop();
  }
}
