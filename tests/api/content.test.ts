/**
 * Content operations (coverage.md §7 content; §3 Promotion banner, Header banner, Company contact, Social
 * info, Brand): header banners, promotion banners running today (Malaysian date), a promotion's
 * products, brands, company contact and the fixed-code social links. Bad input answers a clear 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { products, promotionBanners } from '../../src/server/xs-api/db/schema';
import { getActivePromotion, listActivePromotions } from '../../src/server/xs-api/services/promotions';
import { addDays, shopDate } from '../../src/domain/shop-time';
import { clock } from '../../src/server/clock';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const today = () => shopDate(clock.ms());
const ids = (json: { banner_info: { banner_id: number }[] }) => json.banner_info.map((b) => b.banner_id);

async function addBanner(bannerId: number, startDate: string, endDate: string, productCodes: string[] = ['P0001']) {
  await h.db.insert(promotionBanners).values({
    bannerId,
    bannerName: { en: `Test ${bannerId}`, zh: `测试 ${bannerId}` },
    bannerImage: ['/images/banners/promo-1.svg'],
    bannerDesc: { en: 'Test promotion' },
    bannerUrl: [`/promotion/${bannerId}`],
    productCodes,
    startDate,
    endDate,
  });
}

describe('mobile_ecommerce_header_banner', () => {
  it('lists the header banners in order with alt text per language', async () => {
    const r = await h.call('mobile_ecommerce_header_banner?lang=zh');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(4);
    expect(r.json.data[0]).toMatchObject({ banner_url: '/images/banners/header-1.svg', alt: '新鲜猪肉，每日现切' });
  });
});

describe('get_promotion_banner', () => {
  it('answers banner_info with every field of spec §3', async () => {
    const r = await h.call('get_promotion_banner');
    expect(r.status).toBe(200);
    expect(r.json.Status).toBe(1);
    expect(r.json.banner_info.length).toBeGreaterThan(0);
    const b = r.json.banner_info[0];
    expect(Object.keys(b).sort()).toEqual(['banner_URL', 'banner_desc', 'banner_end_date', 'banner_id', 'banner_image', 'banner_name', 'banner_start_date'].sort());
    expect(Array.isArray(b.banner_image) && Array.isArray(b.banner_URL)).toBe(true);
    expect(b.banner_URL[0]).toBe(`/promotion/${b.banner_id}`);
    const zh = await h.call('get_promotion_banner?lang=zh');
    expect(zh.json.banner_info[0].banner_name).toBe('猪肉周');
  });

  it('lists only banners running today: start and end dates inclusive, Malaysian date', async () => {
    const d = today();
    await addBanner(901, addDays(d, -30), addDays(d, -1)); // ended yesterday
    await addBanner(902, addDays(d, 1), addDays(d, 30)); // starts tomorrow
    await addBanner(903, d, d); // today only
    await addBanner(904, addDays(d, -5), d); // ends today
    const r = await h.call('get_promotion_banner');
    expect(ids(r.json)).toEqual(expect.arrayContaining([903, 904]));
    expect(ids(r.json)).not.toContain(901);
    expect(ids(r.json)).not.toContain(902);
    for (const b of r.json.banner_info) {
      expect(b.banner_start_date <= d && d <= b.banner_end_date).toBe(true);
    }
  });

  it('reads the date in Malaysia, not UTC', async () => {
    await addBanner(905, '2030-01-01', '2030-03-31');
    // 2030-03-31T16:30Z is 1 April 00:30 in Kuala Lumpur: over. 15:59Z is still 31 March: running.
    const late = await listActivePromotions(h.db, { lang: 'en', now: Date.parse('2030-03-31T16:30:00Z') });
    const early = await listActivePromotions(h.db, { lang: 'en', now: Date.parse('2030-03-31T15:59:00Z') });
    expect(late.map((b) => b.banner_id)).not.toContain(905);
    expect(early.map((b) => b.banner_id)).toContain(905);
    // 2029-12-31T16:00Z is already 1 January 2030 in Kuala Lumpur.
    const start = await listActivePromotions(h.db, { lang: 'en', now: Date.parse('2029-12-31T16:00:00Z') });
    expect(start.map((b) => b.banner_id)).toContain(905);
  });

  it('refuses a bad lang with 400', async () => {
    const r = await h.call('get_promotion_banner?lang=xx');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Status: 0, Error: expect.stringContaining('Invalid request') });
  });
});

describe('get_promotion_detail', () => {
  it('answers the banner and its active products with the total', async () => {
    const r = await h.call('get_promotion_detail/1');
    expect(r.status).toBe(200);
    expect(r.json.banner_info).toMatchObject({ banner_id: 1, banner_name: 'Pork Week' });
    const [row] = await h.db.select().from(promotionBanners).where(eq(promotionBanners.bannerId, 1));
    const active = await h.db.select({ code: products.productCode }).from(products).where(and(inArray(products.productCode, row!.productCodes), eq(products.isActive, true)));
    expect(r.json.total).toBe(active.length);
    expect(r.json.product.length).toBe(Math.min(25, active.length));
    expect(r.json.product.length).toBeGreaterThan(0);
    for (const p of r.json.product) expect(row!.productCodes).toContain(p.product_code);
    expect(r.json.product[0].final_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('pages with limit "offset,count"', async () => {
    const all = await h.call('get_promotion_detail/1?limit=0,100');
    const page = await h.call('get_promotion_detail/1?limit=2,3');
    expect(page.json.product.map((p: { product_code: string }) => p.product_code)).toEqual(all.json.product.slice(2, 5).map((p: { product_code: string }) => p.product_code));
    const bad = await h.call('get_promotion_detail/1?limit=-1,5');
    expect(bad.status).toBe(400);
  });

  it('answers 404 for an unknown id and for a banner that is not running today', async () => {
    const d = today();
    await addBanner(906, addDays(d, -30), addDays(d, -1));
    await addBanner(907, addDays(d, 2), addDays(d, 9));
    for (const id of ['999999', '906', '907']) {
      const r = await h.call(`get_promotion_detail/${id}`);
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ Status: 0, Error: expect.stringContaining(id) });
    }
  });

  it('answers 400, never 5xx, for malformed ids (SQL, script, signs, huge numbers)', async () => {
    const bad = ["1' OR '1'='1", '1;DROP TABLE products', '<script>alert(1)</script>', '-1', '0', '1.5', '99999999999', 'abc', '%00'];
    for (const id of bad) {
      const r = await h.call(`get_promotion_detail/${encodeURIComponent(id)}`);
      expect(r.status, id).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error).not.toContain('<script>');
    }
    const [{ n }] = await h.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(n).toBe(133);
  });

  it('leaves out inactive products', async () => {
    const [first] = (await h.call('get_promotion_detail/1?limit=0,1')).json.product;
    await h.db.update(products).set({ isActive: false }).where(eq(products.productCode, first.product_code));
    const r = await h.call('get_promotion_detail/1?limit=0,100');
    expect(r.json.product.map((p: { product_code: string }) => p.product_code)).not.toContain(first.product_code);
    await h.db.update(products).set({ isActive: true }).where(eq(products.productCode, first.product_code));
  });

  it('works from the service with a fixed date', async () => {
    await addBanner(908, '2031-05-01', '2031-05-31', []);
    const r = await getActivePromotion(h.db, '908', { lang: 'en', limit: '0,25', now: Date.parse('2031-05-10T00:00:00Z') });
    expect(r).toMatchObject({ banner_info: { banner_id: 908 }, product: [], total: 0 });
    await expect(getActivePromotion(h.db, '908', { lang: 'en', limit: '0,25', now: Date.parse('2031-05-31T16:00:00Z') })).rejects.toMatchObject({ status: 404 });
  });
});

describe('brand_listing', () => {
  it('lists brands with an active product, by name, with code, name and logo', async () => {
    const r = await h.call('brand_listing');
    expect(r.status).toBe(200);
    expect(r.json.data.length).toBe(7);
    const names = r.json.data.map((b: { brand_name: string }) => b.brand_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(r.json.data.find((b: { brand_code: string }) => b.brand_code === 'XSF')).toEqual({ brand_code: 'XSF', brand_name: 'XS Fresh', brand_logo: '/images/brands/XSF.svg' });
  });

  it('product_listing with brand lists only that brand', async () => {
    const r = await h.call('product_listing?brand=OCP&limit=0,100');
    expect(r.json.total).toBeGreaterThan(0);
    const rows = await h.db.select({ code: products.productCode }).from(products).where(and(eq(products.brandCode, 'OCP'), eq(products.isActive, true)));
    expect(r.json.total).toBe(rows.length);
    for (const p of r.json.data) expect(p.brand_code).toBe('OCP');
  });

  it('leaves out a brand whose products are all inactive', async () => {
    await h.db.update(products).set({ isActive: false }).where(eq(products.brandCode, 'KHH'));
    const r = await h.call('brand_listing');
    expect(r.json.data.map((b: { brand_code: string }) => b.brand_code)).not.toContain('KHH');
    await h.db.update(products).set({ isActive: true }).where(eq(products.brandCode, 'KHH'));
  });
});

describe('company_contact and get_reach_us', () => {
  it('answers the company address, email and telephone', async () => {
    const r = await h.call('company_contact');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      company_address1: 'Lot 8, Jalan Kepong Perindustrian 3',
      company_address2: 'Kawasan Perindustrian Kepong, 52100 Kuala Lumpur',
      company_email: 'care@xsfreshmart.com.my',
      company_tel: '03-6257 8800',
    });
  });

  it('answers the social links for the fixed code XS', async () => {
    const r = await h.call('get_reach_us/XS');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      facebook_url: 'https://www.facebook.com/xsfreshmart',
      website_URL: 'https://www.xsfreshmart.com.my',
      tiktok_url: 'https://www.tiktok.com/@xsfreshmart',
      instagram_url: 'https://www.instagram.com/xsfreshmart',
    });
  });

  it('answers 404 for another code and 400 for a malformed one, never 5xx', async () => {
    for (const code of ['AB', 'xs', 'XS2']) {
      const r = await h.call(`get_reach_us/${code}`);
      expect(r.status, code).toBe(404);
      expect(r.json).toMatchObject({ Status: 0, Error: expect.stringContaining(code) });
    }
    for (const code of ["XS' OR 1=1--", '<script>alert(1)</script>', 'X'.repeat(21), 'XS;DROP TABLE company_info']) {
      const r = await h.call(`get_reach_us/${encodeURIComponent(code)}`);
      expect(r.status, code).toBe(400);
      expect(r.json.Error).not.toContain('<script>');
    }
    expect((await h.call('get_reach_us')).status).toBe(404);
    expect((await h.call('company_contact')).json.data.company_email).toBe('care@xsfreshmart.com.my');
  });

  it('asks for the API key like every operation', async () => {
    const r = await h.call('company_contact', { headers: { 'x-api-key': 'wrong' } });
    expect(r.status).toBe(401);
  });
});
