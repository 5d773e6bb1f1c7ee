/** Catalogue operations (coverage.md §7 Catalogue): lines, groups, product listing and detail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers, favourites, products, storeStock } from '../../src/server/xs-api/db/schema';
import { createSession } from '../../src/server/xs-api/services/sessions';

let h: Harness;
let token: string;
let otherToken: string;
const OTHER = 'M900001';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: OTHER, firstName: 'Other', mobile: '0199990001', passwordHash: 'x' });
  otherToken = (await createSession(h.db, OTHER)).token;
});
afterAll(() => h?.close());

const codes = (json: { data: { product_code: string }[] }) => json.data.map((p) => p.product_code);
const num = (s: string) => Number(s);

describe('productline_listing and get_prdtgroupline_listing', () => {
  it('lists the 15 lines in display order, names per language', async () => {
    const en = await h.call('productline_listing');
    expect(en.status).toBe(200);
    expect(en.json.Status).toBe(1);
    expect(en.json.data).toHaveLength(15);
    expect(en.json.data[0]).toMatchObject({ line_code: 'PORK-CUTS', line_name: 'Pork Belly & Cuts', group_code: 'FRESH-PORK' });
    const zh = await h.call('productline_listing?lang=zh&group_code=FRESH-PORK');
    expect(zh.json.data.map((l: { line_name: string }) => l.line_name)).toEqual(['五花肉及切件', '猪肉碎', '排骨及猪骨', '猪杂']);
  });
  it('lists 5 groups with their lines', async () => {
    const r = await h.call('get_prdtgroupline_listing');
    expect(r.json.data.map((g: { group_code: string }) => g.group_code)).toEqual(['FRESH-PORK', 'FROZEN-FOOD', 'FROZEN-SEAFOOD', 'DRIED-FOOD', 'PANTRY']);
    expect(r.json.data.flatMap((g: { line: unknown[] }) => g.line)).toHaveLength(15);
    expect(r.json.data[0].group_name).toBe('Fresh Pork');
  });
  it('refuses a bad lang with 400', async () => {
    const r = await h.call('productline_listing?lang=xx');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Status: 0, Error: expect.stringContaining('Invalid request') });
  });
});

describe('product_listing', () => {
  it('answers the first page of 25 by top sales with the total', async () => {
    const r = await h.call('product_listing?client=web');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(25);
    expect(r.json.total).toBe(133);
    const top = await h.db.select({ code: products.productCode }).from(products).orderBy(sql`top_sales desc, product_code`).limit(25);
    expect(codes(r.json)).toEqual(top.map((t) => t.code));
    const p = r.json.data[0];
    expect(p.product_price).toMatch(/^\d+\.\d{2}$/);
    expect(p.product_quantity).toBeNull();
    expect(p.in_favorite).toBe(0);
  });
  it('pages without overlap and answers an empty page past the end', async () => {
    const a = await h.call('product_listing?limit=0,25');
    const b = await h.call('product_listing?limit=25,25');
    expect(codes(a.json).filter((c) => codes(b.json).includes(c))).toEqual([]);
    expect(b.json.total).toBe(133);
    const end = await h.call('product_listing?limit=999999,25');
    expect(end.json).toMatchObject({ Status: 1, data: [], total: 133 });
  });
  it('sorts by price ascending and descending on the final price, ties by code', async () => {
    const low = (await h.call('product_listing?sort=price_low&limit=0,100')).json.data;
    for (let i = 1; i < low.length; i++) {
      const [a, b] = [low[i - 1], low[i]];
      expect(num(a.final_price) < num(b.final_price) || (a.final_price === b.final_price && a.product_code < b.product_code)).toBe(true);
    }
    const high = (await h.call('product_listing?sort=price_high&limit=0,100')).json.data;
    for (let i = 1; i < high.length; i++) expect(num(high[i - 1].final_price)).toBeGreaterThanOrEqual(num(high[i].final_price));
  });
  it('sorts latest by creation time', async () => {
    const r = await h.call('product_listing?sort=latest&limit=0,10');
    const newest = await h.db.select({ code: products.productCode }).from(products).orderBy(sql`created_at desc, product_code`).limit(10);
    expect(codes(r.json)).toEqual(newest.map((n) => n.code));
  });
  it('filters by type homepage, bestseller and promotion', async () => {
    const featured = await h.db.select({ code: products.productCode }).from(products).where(eq(products.isFeatured, true));
    const home = await h.call('product_listing?type=homepage&limit=0,100');
    expect(home.json.total).toBe(featured.length);
    expect(new Set(codes(home.json))).toEqual(new Set(featured.map((f) => f.code)));
    const best = await h.call('product_listing?type=bestseller&limit=0,10');
    const sold = await h.db.select({ code: products.productCode }).from(products).where(gt(products.topSales, 0)).orderBy(sql`top_sales desc, product_code`).limit(10);
    expect(codes(best.json)).toEqual(sold.map((s) => s.code));
    const promo = await h.call('product_listing?type=promotion&limit=0,100');
    expect(promo.json.total).toBeGreaterThan(0);
    for (const p of promo.json.data) expect(num(p.final_price)).toBeLessThan(num(p.product_price));
  });
  it('filters by line, group, brand and price range in RM', async () => {
    const line = await h.call('product_listing?line=PORK-RIBS&limit=0,100');
    expect(line.json.total).toBe(9);
    expect(line.json.data.every((p: { line_code: string }) => p.line_code === 'PORK-RIBS')).toBe(true);
    const group = await h.call('product_listing?group_code=FRESH-PORK&limit=0,100');
    expect(group.json.total).toBe(10 + 8 + 9 + 9);
    const brand = await h.call('product_listing?brand=KHH&limit=0,100');
    expect(brand.json.data.every((p: { brand_code: string }) => p.brand_code === 'KHH')).toBe(true);
    expect((await h.call('product_listing?filter_price_min=&filter_price_max=')).json.total).toBe(133);
    const price = await h.call('product_listing?filter_price_min=10&filter_price_max=15.5&limit=0,100');
    expect(price.json.total).toBeGreaterThan(0);
    for (const p of price.json.data) {
      expect(num(p.final_price)).toBeGreaterThanOrEqual(10);
      expect(num(p.final_price)).toBeLessThanOrEqual(15.5);
    }
  });
  it('searches EN and ZH names case-insensitively, every word', async () => {
    const en = await h.call(`product_listing?search=${encodeURIComponent('BELLY pork')}&limit=0,100`);
    expect(codes(en.json)).toContain('P0001');
    expect(en.json.data.every((p: { product_name: string }) => /belly/i.test(p.product_name) && /pork/i.test(p.product_name))).toBe(true);
    const zh = await h.call(`product_listing?search=${encodeURIComponent('五花肉')}&lang=zh&limit=0,100`);
    expect(codes(zh.json)).toContain('P0001');
    expect(zh.json.data.find((p: { product_code: string }) => p.product_code === 'P0001').product_name).toBe('五花肉');
  });
  it('takes %, _, SQL and markup in search literally: a safe empty answer, never 500', async () => {
    for (const term of ['%', '_', "' OR 1=1 --", '"; DROP TABLE products; --', '<script>alert(1)</script>', '\\']) {
      const r = await h.call(`product_listing?search=${encodeURIComponent(term)}`);
      expect(r.status, term).toBe(200);
      expect(r.json).toMatchObject({ Status: 1, data: [], total: 0 });
    }
    expect((await h.call('product_listing')).json.total).toBe(133);
  });
  it('refuses a malformed limit, an unknown sort or type, and a negative price with 400', async () => {
    for (const q of ['limit=-1,25', 'limit=0,1000', 'limit=0,0', 'limit=abc', 'sort=cheapest', 'type=all', 'filter_price_min=-5', 'filter_price_max=1e300']) {
      const r = await h.call(`product_listing?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error, q).toMatch(/^Invalid request: /);
    }
  });
  it('shows stock at a store: an out-of-stock product has balance 0 there', async () => {
    const [empty] = await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.quantity, 0))).limit(1);
    const [full] = await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, 'S001'), gt(storeStock.quantity, 0))).limit(1);
    const r = await h.call('product_listing?store=001&limit=0,100&sort=latest');
    const all = [...r.json.data, ...(await h.call('product_listing?store=001&limit=100,100&sort=latest')).json.data];
    const e = all.find((p: { product_code: string }) => p.product_code === empty!.productCode);
    const f = all.find((p: { product_code: string }) => p.product_code === full!.productCode);
    expect(e).toMatchObject({ product_has_balance: 0, product_quantity: 0 });
    expect(f).toMatchObject({ product_has_balance: 1, product_quantity: full!.quantity });
  });
  it('without a store, has balance 1 only when some outlet holds stock', async () => {
    await h.db.update(storeStock).set({ quantity: 0 }).where(eq(storeStock.productCode, 'P0133'));
    const r = await h.call(`product_listing?search=${encodeURIComponent('fermented bean')}`);
    expect(r.json.data[0]).toMatchObject({ product_code: 'P0133', product_has_balance: 0, product_quantity: null });
    const other = await h.call(`product_listing?search=${encodeURIComponent('sesame oil')}`);
    expect(other.json.data[0].product_has_balance).toBe(1);
  });
  it('answers 404 for an unknown store', async () => {
    const r = await h.call('product_listing?store=999');
    expect(r.status).toBe(404);
    expect(r.json.Status).toBe(0);
    expect(r.json.Error).toBeTruthy();
  });
  it('marks favourites of the calling member only', async () => {
    await h.db.insert(favourites).values({ memberCode: DEMO_MEMBER.memberCode, productCode: 'P0002' });
    const r = await h.call(`product_listing?customer_code=${DEMO_MEMBER.memberCode}&limit=0,100&sort=price_high`, { token });
    expect(r.status).toBe(200);
    const marked = r.json.data.filter((p: { in_favorite: number }) => p.in_favorite === 1).map((p: { product_code: string }) => p.product_code);
    expect(marked).toEqual(['P0002']);
    expect((await h.call(`product_listing?customer_code=${DEMO_MEMBER.memberCode}`)).status).toBe(401);
    const other = await h.call(`product_listing?customer_code=${DEMO_MEMBER.memberCode}`, { token: otherToken });
    expect(other.status).toBe(403);
    expect(other.json.Error).toBeTruthy();
  });
  it('hides inactive products', async () => {
    await h.db.update(products).set({ isActive: false }).where(eq(products.productCode, 'P0010'));
    const r = await h.call(`product_listing?search=${encodeURIComponent('pork skin')}`);
    expect(codes(r.json)).not.toContain('P0010');
    expect((await h.call('product_detail/P0010')).status).toBe(404);
    await h.db.update(products).set({ isActive: true }).where(eq(products.productCode, 'P0010'));
  });
});

describe('product_detail', () => {
  it('answers one product with description, detail and gallery', async () => {
    const r = await h.call('product_detail/P0001?client=web');
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ product_code: 'P0001', product_no: 'P0001', product_name: 'Pork Belly', group_code: 'FRESH-PORK', in_favorite: 0, product_quantity: null });
    expect(r.json.data.product_picture).toHaveLength(7);
    expect(r.json.data.product_description).toContain('Pork Belly');
    expect(r.json.data.product_detail).toContain('0-4');
    const [row] = await h.db.select().from(products).where(eq(products.productCode, 'P0001'));
    expect(num(r.json.data.final_price) * 100).toBeCloseTo(row!.finalPriceSen);
    const zh = await h.call('product_detail/P0001?lang=zh');
    expect(zh.json.data.product_name).toBe('五花肉');
  });
  it('shows the stock at the pick-up store and the favourite of the member', async () => {
    const [s] = await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, 'S005'), eq(storeStock.productCode, 'P0002')));
    const r = await h.call(`product_detail/P0002/${DEMO_MEMBER.memberCode}?pickupstore=005`, { token });
    expect(r.json.data).toMatchObject({ in_favorite: 1, product_quantity: s!.quantity, product_has_balance: s!.quantity > 0 ? 1 : 0 });
  });
  it('answers 404 with an Error for an unknown product, 401/403 for a wrong member', async () => {
    const r = await h.call('product_detail/NOPE');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ Status: 0, Error: 'Product NOPE was not found.' });
    expect((await h.call(`product_detail/P0001/${DEMO_MEMBER.memberCode}`)).status).toBe(401);
    expect((await h.call(`product_detail/P0001/${OTHER}`, { token })).status).toBe(403);
    expect((await h.call("product_detail/' OR 1=1 --")).status).toBe(404);
  });
});
