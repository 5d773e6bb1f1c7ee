/**
 * HQ's import of the point-of-sale export (issue "The chain's own catalogue" §3; ADR 27;
 * ops_import_products and ops_import_stock, services/catalogue-writes/import.ts): a dry run names
 * every bad row and writes nothing; a good file is applied in one transaction, found by search in
 * EN, ZH and AR, recorded with the HQ member; the same file twice changes nothing; malformed files
 * are refused with a clear 4xx and nothing applied; outlet staff get 403; and
 * `npm run ops -- import` does the same from a shell. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { createHarness, TEST_API_KEY, TEST_OPS_TOKEN, type Harness } from './harness';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { catalogueEvents, priceHistory, products, storeStock } from '../../src/server/xs-api/db/schema';
import { PAGE_CACHE_HOOK } from '../../src/server/page-cache-provider';
import { stockOf } from '../../src/server/xs-api/services/catalogue-writes/stock';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/domain/catalogue-import';
import { STORES } from '../../src/server/xs-api/db/seed/stores';

let h: Harness;
let hq: { token: string; id: number; login: string };
let outlet: { token: string; id: number; login: string };
const dropped: string[][] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));

beforeAll(async () => {
  h = await createHarness();
  hq = await h.staff({ role: 'hq', login: 'hq.import' });
  outlet = await h.staff({ role: 'outlet', outlets: ['S001'] });
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK] = { invalidate: ({ tags }: { tags: string[] }) => dropped.push(tags) };
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK];
  fs.rmSync(tmp, { recursive: true, force: true });
  await h.close();
});
afterEach(() => {
  dropped.length = 0;
});

type Kind = 'products' | 'stock';
/** Posts a file to ops_import_<kind> as the HQ member (or `token`), in `lang`. */
async function upload(kind: Kind, file: string | Uint8Array<ArrayBuffer> | Blob, { dryRun = false, token = hq.token, lang = 'en' }: { dryRun?: boolean; token?: string; lang?: string } = {}) {
  const form = new FormData();
  form.append('file', file instanceof Blob ? file : new Blob([file], { type: 'text/csv' }), `${kind}.csv`);
  form.append('dry_run', dryRun ? '1' : '0');
  const res = await h.app.request(`${API_BASE}/ops/catalogue/import_${kind}`, { method: 'POST', headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  return { status: res.status, json: await res.json() };
}

/** One CSV line, quoting cells that hold a comma, a quote or a line break. */
const csvLine = (cells: readonly (string | number)[]) => cells.map((c) => (/[",\n\r]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(',');
const PRODUCT_HEADER = ['product_code', 'product_name_en', 'product_name_zh', 'product_name_ar', 'line_code', 'group_code', 'price', 'final_price', 'unit', 'visible', 'product_description_en'];
const LINES = [
  ['PORK-CUTS', 'FRESH-PORK'],
  ['PRAWNS', 'FROZEN-SEAFOOD'],
  ['NOODLES', 'PANTRY'],
];
const code = (i: number) => `IMP${String(i).padStart(4, '0')}`;
/** Product i of the test file (1-based), with some cells replaced. */
function productCells(i: number, over: Record<string, string> = {}): string[] {
  const [line, group] = LINES[i % LINES.length]!;
  const cents = String(i % 100).padStart(2, '0');
  const base: Record<string, string> = {
    product_code: code(i),
    product_name_en: i === 7 ? `Tapioca Quail ${i}, smoked "best"` : `Tapioca Quail ${i}`,
    product_name_zh: `木薯鹌鹑 ${i}`,
    product_name_ar: `سمان بالكسافا ${i}`,
    line_code: line!,
    group_code: group!,
    price: `${10 + (i % 20)}.${cents}`,
    final_price: i % 5 === 0 ? `${9 + (i % 20)}.${cents}` : '',
    unit: '500 g',
    visible: '1',
    // Row 7's description runs over two lines: rows after it start a line further down.
    product_description_en: i === 7 ? 'Raised on tapioca.\nSmoked over rambutan wood.' : `Raised on tapioca, batch ${i}.`,
  };
  return PRODUCT_HEADER.map((c) => over[c] ?? base[c]!);
}
const productsCsv = (n: number, bad: Record<number, Record<string, string>> = {}, bom = true) =>
  `${bom ? '\uFEFF' : ''}${[csvLine(PRODUCT_HEADER), ...Array.from({ length: n }, (_, k) => csvLine(productCells(k + 1, bad[k + 1])))].join('\r\n')}\r\n`;

const imported = async () => (await h.db.select({ n: count() }).from(products).where(like(products.productCode, 'IMP%')))[0]!.n;
const events = async () => (await h.db.select({ n: count() }).from(catalogueEvents))[0]!.n;
const priceRows = async () => (await h.db.select({ n: count() }).from(priceHistory))[0]!.n;
const search = async (q: string, lang: string) => ((await h.call(`product_listing?search=${encodeURIComponent(q)}&lang=${lang}&limit=0,50`)).json.data as { product_code: string; product_name: string }[]);

/** The bad rows of the 200-row file: on line row + 2 (the header is line 1, row 7 takes two lines). */
const BAD = { 50: { price: '12.9' }, 120: { product_name_en: '=HYPERLINK("http://evil.example","x")' }, 180: { line_code: 'NO-SUCH-LINE' } };

describe('products: dry run, apply, twice', () => {
  it('a 200-row file with 3 bad rows: the dry run names exactly those 3, in the operator’s language, and writes nothing', async () => {
    const before = { events: await events(), prices: await priceRows() };
    const r = await upload('products', productsCsv(200, BAD), { dryRun: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, kind: 'products', dry_run: true, applied: false, valid: false, rows: 200, errors_total: 3, changes_total: 197 });
    expect(r.json.counts).toMatchObject({ new: 197, changed: 0, hidden: 0, unchanged: 0, bad: 3 });
    expect(r.json.counts.not_in_file).toBeGreaterThan(50);
    expect(r.json.errors).toEqual([
      { line: 52, column: 'price', value: '12.9', code: 'catalogue_import_price_format', message: 'A price is in ringgit with exactly 2 decimals, such as 12.90.' },
      { line: 122, column: 'product_name_en', value: '=HYPERLINK("http://evil.example","x")', code: 'catalogue_text_formula', message: expect.stringMatching(/formula/) },
      { line: 182, column: 'line_code', value: 'NO-SUCH-LINE', code: 'catalogue_line_not_found', message: 'There is no product line NO-SUCH-LINE.' },
    ]);
    expect(r.json.changes[0]).toEqual({ line: 2, key: 'IMP0001', change: 'new', columns: [] });
    const zh = await upload('products', productsCsv(200, BAD), { dryRun: true, lang: 'zh' });
    expect(zh.json.errors[0].message).toBe('价格以令吉为单位，必须正好两位小数，例如 12.90。');
    const ar = await upload('products', productsCsv(200, BAD), { dryRun: true, lang: 'ar' });
    expect(ar.json.errors[2].message).toContain('NO-SUCH-LINE');
    expect(ar.json.errors[0].message).toContain('رينغيت');
    expect([await imported(), await events(), await priceRows(), dropped.length]).toEqual([0, before.events, before.prices, 0]);
  });

  it('applying the file with its bad rows is refused with 422 and the same report; nothing is written', async () => {
    const r = await upload('products', productsCsv(200, BAD));
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ Status: 0, Error: 'Rows refused: 3. Nothing was written; correct them and import the file again.', applied: false, errors_total: 3 });
    expect(r.json.errors.map((e: { line: number }) => e.line)).toEqual([52, 122, 182]);
    expect([await imported(), dropped.length]).toEqual([0, 0]);
  });

  it('fixed and applied: 200 products in one go, found in EN, ZH and AR, recorded with the HQ member', async () => {
    const before = { events: await events(), prices: await priceRows() };
    const r = await upload('products', productsCsv(200));
    expect(r.status, JSON.stringify(r.json.errors)).toBe(200);
    expect(r.json).toMatchObject({ applied: true, valid: true, rows: 200, counts: { new: 200, changed: 0, hidden: 0, unchanged: 0, bad: 0 }, changes_total: 200 });
    expect(await imported()).toBe(200);
    for (const [q, lang, name] of [
      ['tapioca quail 17', 'en', 'Tapioca Quail 17'],
      ['木薯鹌鹑 17', 'zh', '木薯鹌鹑 17'],
      ['سمان بالكسافا 17', 'ar', 'سمان بالكسافا 17'],
    ] as const) {
      const found = await search(q, lang);
      expect([q, found.map((p) => [p.product_code, p.product_name])]).toEqual([q, expect.arrayContaining([['IMP0017', name]])]);
    }
    const detail = (await h.call('product_detail/IMP0007?lang=en')).json.data;
    expect(detail).toMatchObject({ product_name: 'Tapioca Quail 7, smoked "best"', product_price: '17.07', final_price: '17.07' });
    const promo = (await h.call('product_detail/IMP0010?lang=zh')).json.data;
    expect(promo).toMatchObject({ product_name: '木薯鹌鹑 10', product_price: '20.10', final_price: '19.10' });
    const [created] = await h.db.select().from(catalogueEvents).where(eq(catalogueEvents.subject, 'IMP0010'));
    expect(created).toMatchObject({ action: 'product_created', actorStaffId: hq.id, detail: expect.objectContaining({ price_sen: 2010, final_price_sen: 1910, visible: true }) });
    expect([(await events()) - before.events, (await priceRows()) - before.prices]).toEqual([200, 200]);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toEqual(expect.arrayContaining(['listing', 'line:PORK-CUTS', 'product:IMP0001', 'product:IMP0200']));
  });

  it('the same file again changes nothing, records nothing and drops no page', async () => {
    const before = { events: await events(), prices: await priceRows() };
    const [row] = await h.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.productCode, 'IMP0001'));
    const r = await upload('products', productsCsv(200, {}, false));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ applied: true, counts: { new: 0, changed: 0, hidden: 0, unchanged: 200, bad: 0 }, changes: [], changes_total: 0 });
    expect([await events(), await priceRows(), dropped.length]).toEqual([before.events, before.prices, 0]);
    expect((await h.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.productCode, 'IMP0001')))[0]).toEqual(row);
  });

  it('a changed price, name and visibility: changed and hidden rows with their columns; price history and events name the member; others left alone', async () => {
    const seedBefore = await h.db.select().from(products).where(eq(products.productCode, 'P0001'));
    const file = productsCsv(200, { 1: { price: '99.90', final_price: '88.80' }, 2: { visible: 'no' }, 3: { product_name_zh: '木薯鹌鹑（新）' } });
    const dry = await upload('products', file, { dryRun: true });
    expect(dry.json.counts).toMatchObject({ new: 0, changed: 2, hidden: 1, unchanged: 197 });
    expect(dry.json.changes).toEqual([
      { line: 2, key: 'IMP0001', change: 'changed', columns: ['price', 'final_price'] },
      { line: 3, key: 'IMP0002', change: 'hidden', columns: ['visible'] },
      { line: 4, key: 'IMP0003', change: 'changed', columns: ['product_name_zh'] },
    ]);
    const r = await upload('products', file);
    expect(r.json).toMatchObject({ applied: true, counts: { changed: 2, hidden: 1 } });
    const history = (await h.call('ops/catalogue/product_history?product_code=IMP0001', { token: hq.token })).json;
    expect(history.prices.at(-1)).toMatchObject({ old_price_sen: 1101, new_price_sen: 9990, old_final_price_sen: 1101, new_final_price_sen: 8880, staff: 'hq.import' });
    expect(history.events[0]).toMatchObject({ action: 'product_updated', staff: 'hq.import', detail: { priceSen: [1101, 9990], finalPriceSen: [1101, 8880] } });
    expect((await h.call('ops/catalogue/product?product_code=IMP0002', { token: hq.token })).json.data.visible).toBe(false);
    expect((await search('tapioca quail 2', 'en')).map((p) => p.product_code)).not.toContain('IMP0002');
    expect((await search('木薯鹌鹑（新）', 'zh')).map((p) => p.product_code)).toEqual(['IMP0003']);
    // Products the file does not name are not deleted, hidden or touched.
    expect(await h.db.select().from(products).where(eq(products.productCode, 'P0001'))).toEqual(seedBefore);
  });
});

const STOCK_HEADER = 'store_code,product_code,quantity';
const OUTLETS = STORES.map((s) => s.storeCode);
const stockCsv = (rows: [string, string, string | number][]) => `${[STOCK_HEADER, ...rows.map((r) => r.join(','))].join('\n')}\n`;
const fullStock = (quantity: (o: number, p: number) => number) => stockCsv(OUTLETS.flatMap((o, oi) => [1, 2, 3, 4, 5].map((p) => [o, code(p), quantity(oi, p)] as [string, string, number])));

describe('stock: dry run, apply, twice', () => {
  it('22 outlets × 5 products: new counts, applied with one event per product, then unchanged', async () => {
    expect(OUTLETS).toHaveLength(22);
    const file = fullStock((o, p) => o * 10 + p);
    const dry = await upload('stock', file, { dryRun: true });
    expect(dry.json).toMatchObject({ valid: true, applied: false, rows: 110, counts: { new: 110, changed: 0, unchanged: 0, bad: 0, not_in_file: null } });
    expect(dry.json.changes[0]).toEqual({ line: 2, key: `${OUTLETS[0]}/IMP0001`, change: 'new', columns: ['quantity'], before: null, after: 1 });
    expect(await stockOf(h.db, 'S001', 'IMP0001')).toBe(0);
    const before = await events();
    const r = await upload('stock', file);
    expect(r.json).toMatchObject({ applied: true, counts: { new: 110 } });
    expect([await stockOf(h.db, 'S001', 'IMP0001'), await stockOf(h.db, 'S022', 'IMP0005')]).toEqual([1, 215]);
    expect((await events()) - before).toBe(5);
    const set = await h.db.select().from(catalogueEvents).where(and(eq(catalogueEvents.subject, 'IMP0005'), eq(catalogueEvents.action, 'stock_imported')));
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({ actorStaffId: hq.id, detail: { quantity: { S001: [null, 5], S022: [null, 215] } } });
    expect(Object.keys(set[0]!.detail.quantity as object)).toHaveLength(22);
    expect(dropped[0]).toEqual(expect.arrayContaining(['product:IMP0005']));
    dropped.length = 0;
    const again = await upload('stock', file);
    expect(again.json).toMatchObject({ applied: true, counts: { new: 0, changed: 0, unchanged: 110 }, changes_total: 0 });
    expect([(await events()) - before, dropped.length]).toEqual([5, 0]);
  });

  it('changed counts show before and after', async () => {
    const r = await upload('stock', stockCsv([['S001', 'IMP0001', 7], ['S002', 'IMP0001', 11], ['S003', 'IMP0002', 0]]));
    expect(r.json.counts).toMatchObject({ changed: 2, unchanged: 1 });
    expect(r.json.changes).toEqual([
      { line: 2, key: 'S001/IMP0001', change: 'changed', columns: ['quantity'], before: 1, after: 7 },
      { line: 4, key: 'S003/IMP0002', change: 'changed', columns: ['quantity'], before: 22, after: 0 },
    ]);
    expect(await stockOf(h.db, 'S001', 'IMP0001')).toBe(7);
  });
});

describe('malformed files: a clear 4xx, nothing applied', () => {
  const stockSnapshot = () => h.db.select().from(storeStock).where(like(storeStock.productCode, 'IMP%')).orderBy(storeStock.storeCode, storeStock.productCode);

  it('refuses bad rows of a stock file (negative, fractional, unknown outlet or product, a pair twice) with 422 naming each', async () => {
    const before = await stockSnapshot();
    const r = await upload('stock', stockCsv([['S001', 'IMP0001', 50], ['S001', 'IMP0002', -3], ['S002', 'IMP0002', '2.5'], ['S999', 'IMP0001', 1], ['S001', 'NOPE', 1], ['S001', 'IMP0001', 51]]));
    expect(r.status).toBe(422);
    expect(r.json.errors.map((e: { line: number; column: string; code: string; message: string }) => [e.line, e.column, e.code, e.message])).toEqual([
      [3, 'quantity', 'catalogue_stock_negative', 'Stock cannot be negative.'],
      [4, 'quantity', 'catalogue_stock_invalid', 'Stock is a whole number of units up to 1000000.'],
      [5, 'store_code', 'catalogue_import_unknown_outlet', 'There is no outlet S999.'],
      [6, 'product_code', 'catalogue_import_unknown_product', 'There is no product NOPE: import it with the products file first.'],
      [7, 'product_code', 'catalogue_import_duplicate', 'S001 / IMP0001 is already on line 2 of this file.'],
    ]);
    expect(await stockSnapshot()).toEqual(before);
  });

  it('refuses files that cannot be read as a whole: encoding, columns, quotes, empty, no file', async () => {
    const good = productsCsv(3);
    const cases: [string, Kind, string | Uint8Array<ArrayBuffer>, number, RegExp, Record<string, unknown>?][] = [
      ['Latin-1 bytes', 'products', new Uint8Array([...new TextEncoder().encode(good), ...new TextEncoder().encode('IMP0900,caf'), 0xe9, ...new TextEncoder().encode(',x,x,PORK-CUTS,,1.00,,1 pc,1,\n')]), 400, /not UTF-8 text \(line 5\)/, { line: 5 }],
      ['UTF-16', 'stock', new Uint8Array([0xff, 0xfe, 0x73, 0x00, 0xd8, 0xdc]), 400, /not UTF-8 text \(line 1\)/],
      ['a missing column', 'products', good.replace('final_price,', ''), 400, /Columns missing from the header row: final_price\./, { missing: ['final_price'] }],
      ['an unknown column', 'stock', stockCsv([['S001', 'IMP0001', 1]]).replace('quantity', 'quantity,colour'), 400, /Unknown columns in the header row: "colour"\./, { unknown: ['colour'] }],
      ['a repeated column', 'stock', 'store_code,product_code,quantity,Quantity\nS001,IMP0001,1,2\n', 400, /more than once in the header row: quantity\./],
      ['a quote never closed', 'stock', `${STOCK_HEADER}\nS001,IMP0001,1\nS001,"IMP0002,2\n`, 400, /not valid CSV at line 3/],
      ['no rows', 'products', `${PRODUCT_HEADER.join(',')}\n`, 400, /header row and at least one row/],
    ];
    const before = { events: await events(), products: await imported() };
    for (const [what, kind, file, status, message, extra] of cases) {
      const r = await upload(kind, file);
      expect([what, r.status, r.json.Error]).toEqual([what, status, expect.stringMatching(message)]);
      if (extra) expect(r.json).toMatchObject(extra);
    }
    const noFile = new FormData();
    noFile.append('dry_run', '1');
    const r = await h.app.request(`${API_BASE}/ops/catalogue/import_stock`, { method: 'POST', headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${hq.token}` }, body: noFile });
    expect(r.status).toBe(400);
    expect([await events(), await imported()]).toEqual([before.events, before.products]);
  });

  it('refuses a 50 MB file with 413 before reading it, and more rows than allowed', async () => {
    const big = path.join(tmp, 'big.csv');
    fs.writeFileSync(big, 'store_code,product_code,quantity\n');
    fs.truncateSync(big, 50 * 1024 * 1024);
    const r = await upload('stock', await fs.openAsBlob(big));
    expect([r.status, r.json.Error]).toEqual([413, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`]);
    const rows = Array.from({ length: IMPORT_MAX_ROWS.products + 1 }, (_, i) => `X${i},Quail,,,PORK-CUTS,,1.00,,1 pc,1,`);
    const many = await upload('products', `${PRODUCT_HEADER.join(',')}\n${rows.join('\n')}\n`, { dryRun: true });
    expect([many.status, many.json.Error]).toEqual([413, 'The file has more than 50,000 rows. Split it into smaller files.']);
  });

  it('outlet staff get 403, the bootstrap token 403 (a person is named), no token 401', async () => {
    const file = productsCsv(2);
    expect((await upload('products', file, { token: outlet.token, dryRun: true })).status).toBe(403);
    expect((await upload('stock', stockCsv([['S001', 'IMP0001', 1]]), { token: outlet.token })).status).toBe(403);
    expect((await upload('products', file, { token: TEST_OPS_TOKEN })).json.Error).toMatch(/named HQ member/);
    expect((await upload('products', file, { token: '' })).status).toBe(401);
  });
});

describe('npm run ops -- import', () => {
  const run = promisify(execFile);
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // The app behind a real HTTP server, as the CLI talks to a running shop.
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
      const answer = await h.app.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** `node scripts/ops.mjs --url … --token <hq> import …args`: exit code and output. */
  async function ops(args: string[], token = hq.token) {
    const env = { ...process.env, XS_API_KEY: TEST_API_KEY, OPS_SESSION_FILE: path.join(tmp, 'no-session.json'), LANG: 'C.UTF-8' };
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/ops.mjs', '--url', url, '--token', token, 'import', ...args], { env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }
  const file = (name: string, text: string) => {
    const p = path.join(tmp, name);
    fs.writeFileSync(p, text);
    return p;
  };

  it('exports the products to a file that imports again with nothing to change (npm run ops -- export products FILE)', async () => {
    const out = path.join(tmp, 'export.csv');
    const env = { ...process.env, XS_API_KEY: TEST_API_KEY, OPS_SESSION_FILE: path.join(tmp, 'no-session.json'), LANG: 'C.UTF-8' };
    const exported = await run(process.execPath, ['scripts/ops.mjs', '--url', url, '--token', hq.token, 'export', 'products', out], { env, timeout: 60_000 });
    const [{ n }] = await h.db.select({ n: count() }).from(products);
    expect(exported.stdout).toContain(`${n} products written to ${out}.`);
    expect(fs.readFileSync(out, 'utf8').split('\r\n').filter(Boolean)).toHaveLength(n + 1);
    const again = await ops(['products', out, '--dry-run']);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining(`Would change: 0 new, 0 changed, 0 hidden; ${n} unchanged.`)]);
  });

  it('reports bad rows with exit 1 and writes nothing; a good file: dry run exit 0, then applied', async () => {
    const codes = Array.from({ length: 3 }, (_, i) => `CLI${i + 1}`);
    const rows = (bad: boolean) => codes.map((c, i) => csvLine([c, `Clay Pot Rice ${i}`, `瓦煲饭 ${i}`, `أرز بالقدر الفخاري ${i}`, 'NOODLES', 'PANTRY', bad && i === 1 ? '8.5' : '8.50', '', '1 bowl', '1', '']));
    const bad = file('bad.csv', [PRODUCT_HEADER.join(','), ...rows(true)].join('\n'));
    const refused = await ops(['products', bad, '--dry-run']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^3\s+price\s+8\.5\s+A price is in ringgit with exactly 2 decimals, such as 12\.90\.$/m);
    expect(refused.stdout).toContain('Nothing was written');
    const zh = await ops(['products', bad, '--dry-run', '--lang', 'zh']);
    expect(zh.stdout).toContain('价格以令吉为单位');
    const good = file('good.csv', [PRODUCT_HEADER.join(','), ...rows(false)].join('\n'));
    const dry = await ops(['products', good, '--dry-run']);
    expect([dry.code, dry.stdout]).toEqual([0, expect.stringContaining('Would change: 3 new, 0 changed, 0 hidden; 0 unchanged.')]);
    expect(await h.db.select().from(products).where(eq(products.productCode, 'CLI1'))).toEqual([]);
    const applied = await ops(['products', good]);
    expect([applied.code, applied.stdout]).toEqual([0, expect.stringContaining('Changed: 3 new')]);
    expect((await search('瓦煲饭 2', 'zh')).map((p) => p.product_code)).toEqual(['CLI3']);
    const stock = await ops(['stock', file('stock.csv', stockCsv([['S001', 'CLI1', 5]]))]);
    expect([stock.code, stock.stdout]).toEqual([0, expect.stringMatching(/S001\/CLI1\s+new\s+– → 5/)]);
    expect(await stockOf(h.db, 'S001', 'CLI1')).toBe(5);
  });

  it('refuses a file over the limit without sending it, and says to log in as HQ for 403', async () => {
    const big = path.join(tmp, 'big-cli.csv');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, IMPORT_MAX_BYTES + 1);
    const r = await ops(['stock', big]);
    expect([r.code, r.stderr]).toEqual([1, expect.stringContaining(`larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`)]);
    const outletTry = await ops(['stock', file('s.csv', stockCsv([['S001', 'CLI1', 6]]))], outlet.token);
    expect([outletTry.code, outletTry.stderr]).toEqual([1, expect.stringContaining('Refused (403)')]);
    expect(await stockOf(h.db, 'S001', 'CLI1')).toBe(5);
  });
});
