/**
 * What HQ's catalogue screens read (issue 20 item 1; contract/catalogue-hq.ts): the product list
 * (paged, searched by name in three languages or by code, hidden products too, total stock), a
 * product's stock per outlet, the groups with their lines, the banners. HQ may read; outlet staff
 * get 403, no token 401; a bad number or code is a 400 in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { products, stores, storeStock } from '../../src/server/xs-api/db/schema';

let h: Harness;
let hq: { token: string };
let outlet: { token: string };

beforeAll(async () => {
  h = await createHarness();
  hq = await h.staff({ role: 'hq', login: 'hq.reads' });
  outlet = await h.staff({ role: 'outlet', outlets: ['S001'] });
});
afterAll(async () => {
  await h.close();
});

const read = (path: string, token = hq.token, lang?: string) => h.call(`ops/catalogue/${path}`, { token, headers: lang ? { 'accept-language': lang } : {} });

describe('HQ catalogue reads', () => {
  it('pages every product by code with names, prices in sen, visibility and total stock', async () => {
    const [{ n }] = (await h.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    const first = await read('products?per_page=5');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ total: n, page: 1, per_page: 5 });
    expect(first.json.data).toHaveLength(5);
    const codes = first.json.data.map((p: { product_code: string }) => p.product_code);
    expect(codes).toEqual([...codes].sort());
    const second = await read('products?per_page=5&page=2');
    expect(second.json.data[0].product_code > codes[4]).toBe(true);
    const row = first.json.data[0];
    const [stock] = (await h.db.select({ n: sql<number>`coalesce(sum(quantity),0)::int` }).from(storeStock).where(eq(storeStock.productCode, row.product_code))) as [{ n: number }];
    expect(row).toMatchObject({ product_name: { en: expect.any(String) }, price_sen: expect.any(Number), final_price_sen: expect.any(Number), visible: expect.any(Boolean), stock_total: stock.n });
    const beyond = await read(`products?per_page=100&page=${Math.ceil(n / 100) + 1}`);
    expect([beyond.status, beyond.json.data]).toEqual([200, []]);
  });

  it('searches names in EN, ZH and AR and the start of the code, and keeps hidden products', async () => {
    await h.db.update(products).set({ isActive: false }).where(eq(products.productCode, 'P0003'));
    const [p3] = await h.db.select().from(products).where(eq(products.productCode, 'P0003'));
    const byCode = await read('products?search=p0003');
    expect(byCode.json.data.map((p: { product_code: string }) => p.product_code)).toEqual(['P0003']);
    expect(byCode.json.data[0].visible).toBe(false);
    for (const lang of ['en', 'zh', 'ar'] as const) {
      const name = p3!.productName[lang];
      if (!name) continue;
      const r = await read(`products?search=${encodeURIComponent(name)}`);
      expect([lang, r.json.data.map((p: { product_code: string }) => p.product_code)]).toEqual([lang, expect.arrayContaining(['P0003'])]);
    }
    const hidden = await read('products?visible=0&per_page=100');
    expect(hidden.json.data.map((p: { product_code: string }) => p.product_code)).toContain('P0003');
    expect(hidden.json.data.every((p: { visible: boolean }) => !p.visible)).toBe(true);
    const line = await read(`products?line_code=${p3!.lineCode}&per_page=100`);
    expect(line.json.data.every((p: { line_code: string }) => p.line_code === p3!.lineCode)).toBe(true);
    const none = await read('products?search=zzqqnothing');
    expect([none.json.total, none.json.data]).toEqual([0, []]);
  });

  it("gives a product's stock at every outlet, null where never counted", async () => {
    const outlets = await h.db.select().from(stores);
    await h.db.delete(storeStock).where(eq(storeStock.productCode, 'P0004'));
    await h.db.insert(storeStock).values({ storeCode: 'S001', productCode: 'P0004', quantity: 7 });
    const r = await read('product_stock?product_code=P0004');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toHaveLength(outlets.length);
    expect(r.json.data.find((s: { store_code: string }) => s.store_code === 'S001')).toMatchObject({ quantity: 7, store_name: expect.any(String) });
    expect(r.json.data.filter((s: { quantity: number | null }) => s.quantity === null)).toHaveLength(outlets.length - 1);
    const list = await read('products?search=P0004');
    expect(list.json.data[0].stock_total).toBe(7);
    expect((await read('product_stock?product_code=P9999')).status).toBe(404);
  });

  it('lists groups with their lines and product counts, and every banner with its dates', async () => {
    const structure = await read('structure');
    expect(structure.status).toBe(200);
    const lines = structure.json.data.flatMap((g: { lines: { line_code: string; products: number }[] }) => g.lines);
    const squid = lines.find((l: { line_code: string }) => l.line_code === 'SQUID');
    const [{ n }] = (await h.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.lineCode, 'SQUID'))) as [{ n: number }];
    expect(squid).toMatchObject({ line_name: { en: expect.any(String) }, products: n });
    await h.call('ops/catalogue/header_banner_save', { token: hq.token, body: { banner_url: '/images/banners/new.webp', link: '/promotion', alt: { en: 'Weekend deals' }, start_date: '2026-12-01', end_date: '2026-12-31' } });
    const banners = await read('banners');
    expect(banners.status).toBe(200);
    expect(banners.json.header).toEqual(expect.arrayContaining([expect.objectContaining({ alt: { en: 'Weekend deals' }, start_date: '2026-12-01', end_date: '2026-12-31' })]));
    expect(Array.isArray(banners.json.promotion)).toBe(true);
  });

  it('refuses outlet staff (403) and no token (401); bad numbers and codes get 400 in the caller’s language', async () => {
    for (const path of ['products', 'product_stock?product_code=P0001', 'structure', 'banners']) {
      const r = await read(path, outlet.token);
      expect([path, r.status, r.json.Error]).toEqual([path, 403, 'Your staff role does not allow this.']);
      expect((await h.call(`ops/catalogue/${path}`)).status).toBe(401);
    }
    for (const bad of ['products?page=0', 'products?per_page=101', 'products?page=abc', 'products?visible=2', 'products?line_code=a%20b', 'product_stock?product_code=p%201', 'product_stock']) {
      const r = await read(bad);
      expect([bad, r.status]).toEqual([bad, 400]);
      expect(r.json.Error).toEqual(expect.any(String));
    }
    const zh = await read('product_stock?product_code=p%201', hq.token, 'zh');
    expect(zh.json.Error).toMatch(/[\u4e00-\u9fff]/);
  });
});
