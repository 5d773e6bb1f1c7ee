/** sitemap_listing (src/server/xs-api/services/sitemap.ts): the catalogue's pages and when each last changed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { products } from '../../src/server/xs-api/db/schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

type Listing = { catalogue_lastmod: string; lines: { line_code: string; lastmod: string | null }[]; brands: { brand_code: string; lastmod: string }[]; products: { product_code: string; lastmod: string }[] };
const listing = async (): Promise<Listing> => {
  const r = await h.call('sitemap_listing');
  expect(r.status).toBe(200);
  return r.json.data as Listing;
};

describe('sitemap_listing', () => {
  it("dates a product by its last change, its line and brand by their latest product, the catalogue by the latest of all; hidden products are left out", async () => {
    const [edited, hidden] = await h.db.select().from(products).where(eq(products.isActive, true)).orderBy(products.productCode).limit(2);
    const when = new Date('2031-05-06T07:08:09.000Z');
    await h.db.update(products).set({ updatedAt: when }).where(eq(products.productCode, edited!.productCode));
    await h.db.update(products).set({ isActive: false, updatedAt: new Date('2032-01-01T00:00:00.000Z') }).where(eq(products.productCode, hidden!.productCode));
    const data = await listing();
    expect(data.products.find((p) => p.product_code === edited!.productCode)?.lastmod).toBe(when.toISOString());
    expect(data.products.some((p) => p.product_code === hidden!.productCode)).toBe(false);
    // A product never edited is dated by when it was added.
    const [other] = await h.db.select().from(products).where(eq(products.productCode, data.products.at(-1)!.product_code));
    expect(data.products.at(-1)!.lastmod).toBe((other!.updatedAt ?? other!.createdAt).toISOString());
    expect(data.lines.find((l) => l.line_code === edited!.lineCode)?.lastmod).toBe(when.toISOString());
    if (edited!.brandCode) expect(data.brands.find((b) => b.brand_code === edited!.brandCode)?.lastmod).toBe(when.toISOString());
    // The hidden product's later change counts nowhere.
    expect(data.catalogue_lastmod).toBe(when.toISOString());
    for (const p of data.products) expect(Date.parse(p.lastmod)).toBeLessThanOrEqual(Date.parse(data.catalogue_lastmod));
  });
});
