/**
 * The catalogue in three languages (docs/architecture.md i18n, ADR 19): Arabic names, descriptions and details
 * come through product_listing, product_detail, carts, favourites, orders and outlet bills; search
 * matches EN, ZH and AR names folded by src/domain/search-text.ts (Arabic marks and letter
 * variants, full-width Latin, case; Chinese as a substring); a database seeded by the previous
 * version (no Arabic, old search text) is brought up to date at start, and a second run changes
 * nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, testDatabaseUrl, type Harness } from './harness';
import { products, stores, vouchers } from '../../src/server/xs-api/db/schema';
import { PRODUCTS } from '../../src/server/xs-api/db/seed/catalogue';
import { openDb } from '../../src/server/xs-api/db/client';
import { prepareStartData } from '../../src/server/xs-api/db/start-data';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
});
afterAll(() => h?.close());

type Listed = { product_code: string; product_name: string };
/** Product code of a demo product by its EN name. */
const code = (en: string) => PRODUCTS.find((p) => p.productName.en === en)!.productCode;
const arName = (en: string) => PRODUCTS.find((p) => p.productName.en === en)!.productName.ar!;
/** Every product matching a search, in the language asked. */
async function search(text: string, lang = 'ar'): Promise<{ total: number; data: Listed[] }> {
  const r = await h.call(`product_listing?search=${encodeURIComponent(text)}&lang=${lang}&limit=0,100`);
  expect(r.status, text).toBe(200);
  expect(r.json.total, text).toBeLessThanOrEqual(100);
  return r.json;
}
const codes = (r: { data: Listed[] }) => r.data.map((p) => p.product_code);
const PORK_AR = PRODUCTS.filter((p) => p.productName.ar!.includes('خنزير')).map((p) => p.productCode).sort();

describe('search in Arabic', () => {
  it("finds every product with 'خنزير' in its Arabic name, with Arabic names", async () => {
    expect(PORK_AR.length).toBeGreaterThan(50);
    const r = await search('خنزير');
    expect(r.total).toBe(PORK_AR.length);
    expect(codes(r).sort()).toEqual(PORK_AR);
    for (const p of r.data) expect(p.product_name).toContain('خنزير');
    expect(codes(r)).not.toContain(code('Salmon Fillet'));
  });

  it('ignores tashkeel and tatweel in the query', async () => {
    for (const q of ['خِنْزِير', 'خِنْزِيرٌ', 'خـنـزيـر']) {
      const r = await search(q);
      expect(codes(r).sort(), q).toEqual(PORK_AR);
    }
  });

  it("finds by 'لحم' and by several words, each word anywhere in the name", async () => {
    const meat = await search('لَحْم');
    expect(codes(meat)).toEqual(expect.arrayContaining([code('Pork Belly'), code('Minced Pork'), code('Pork Balls')]));
    expect(codes(meat)).not.toContain(code('Fishballs'));
    const minced = await search('مفروم لحم');
    expect(codes(minced).sort()).toEqual(PRODUCTS.filter((p) => /مفروم/.test(p.productName.ar!) && /لحم/.test(p.productName.ar!)).map((p) => p.productCode).sort());
    expect(codes(minced)).toContain(code('Minced Pork'));
  });

  it('folds letter variants on both sides: hamza, alef madda, taa marbuta, alef maqsura', async () => {
    expect(codes(await search('اضلاع'))).toContain(code('Spare Ribs')); // أضلاع
    expect(codes(await search('أضلاع'))).toContain(code('Spare Ribs'));
    expect(codes(await search('اذان'))).toContain(code('Pork Ears')); // آذان
    expect(codes(await search('كبده'))).toContain(code('Pork Liver')); // كبدة
    expect(codes(await search('إسقلوب'))).toContain(code('Dried Scallops'));
    expect(codes(await search('شرايح'))).toContain(code('Black Pepper Pork Slices')); // شرائح
  });

  it('finds a Malaysian dish by its Arabic transliteration', async () => {
    const r = await search('باك كوا');
    expect(codes(r).sort()).toEqual([code('Sliced Bak Kwa'), code('Minced Bak Kwa'), code('Chilli Bak Kwa'), code('Bak Kwa Gift Box')].sort());
  });
});

describe('search in Chinese and English', () => {
  it("finds '猪肉' and '排骨' as substrings of the Chinese names", async () => {
    const pork = await search('猪肉', 'zh');
    expect(codes(pork).sort()).toEqual(PRODUCTS.filter((p) => p.productName.zh!.includes('猪肉')).map((p) => p.productCode).sort());
    expect(codes(pork)).toEqual(expect.arrayContaining([code('Minced Pork'), code('Pork & Cabbage Dumplings'), code('Sliced Bak Kwa')]));
    const ribs = await search('排骨', 'zh');
    expect(codes(ribs).sort()).toEqual([code('Spare Ribs'), code('Bak Kut Teh Ribs')].sort());
    expect(ribs.data.find((p) => p.product_code === code('Spare Ribs'))!.product_name).toBe('排骨');
  });

  it('matches any language whatever the answer language, and full-width Latin', async () => {
    expect(codes(await search('خنزير', 'en'))).toContain(code('Pork Belly'));
    expect(codes(await search('五花肉', 'ar'))).toContain(code('Pork Belly'));
    expect(codes(await search('ＰＯＲＫ ｂｅｌｌｙ', 'en'))).toContain(code('Pork Belly'));
  });

  it('answers a query that folds to nothing with the whole list, and NUL with a 4xx', async () => {
    const blank = await h.call(`product_listing?search=${encodeURIComponent('\u064e\u0640 ')}`);
    expect(blank.json.total).toBe(133);
    const nul = await h.call(`product_listing?search=${encodeURIComponent('pork\u0000')}`);
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
  });
});

describe('Arabic catalogue data wherever the catalogue is read', () => {
  it('product_detail in AR: name, description with the Arabic unit, detail', async () => {
    {
      const r = await h.call('product_detail/P0001?lang=ar');
      expect(r.status).toBe(200);
      expect(r.json.data.product_name).toBe('لحم بطن الخنزير');
      expect(r.json.data.product_description).toContain('لحم بطن الخنزير، 500 غ.');
      expect(r.json.data.product_detail).toMatch(/^يُحفظ مبرّدًا/);
      expect(r.json.data.line_name).toBe('بطن الخنزير وقطع اللحم');
    }
    expect((await h.call('product_detail/P0001?lang=zh')).json.data.product_name).toBe('五花肉');
    expect((await h.call('product_detail/P0001')).json.data.product_name).toBe('Pork Belly');
  });

  it('cart and favourites in AR', async () => {
    const [store] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
    const storeNo = store!.storeNo;
    const cart = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: 'P0011', product_number: 1 }], headers: { 'accept-language': 'ar' } });
    expect(cart.status).toBe(200);
    expect(cart.json.data.items[0].product_name).toBe(arName('Minced Pork'));
    await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: 'P0011', product_number: -1 }] });
    await h.call(`add_favorite/${M}`, { token, body: [{ product_code: 'P0019' }] });
    const fav = await h.call(`favorite_listing/${M}?lang=ar`, { token });
    expect(fav.json.data.map((p: Listed) => p.product_name)).toContain(arName('Spare Ribs'));
    await h.call(`delete_favorite/${M}`, { token, body: [{ product_code: 'P0019' }] });
  });

  it("the member's orders and outlet bills in AR name products in Arabic", async () => {
    const arabic = /[\u0600-\u06ff]/;
    const listed = await h.call(`order_listing/${M}`, { token, headers: { 'accept-language': 'ar' } });
    expect(listed.status).toBe(200);
    const items = listed.json.data.flatMap((o: { product: { product_name: string }[] }) => o.product);
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i.product_name).toMatch(arabic);
    const first = listed.json.data[0].order_refno;
    const detail = await h.call(`order_detail/${M}/${first}`, { token, headers: { 'accept-language': 'ar' } });
    for (const i of detail.json.data.product) expect(i.product_name).toMatch(arabic);
    const en = await h.call(`order_detail/${M}/${first}`, { token, headers: { 'accept-language': 'en' } });
    for (const i of en.json.data.product) expect(i.product_name).not.toMatch(arabic);

    const bills = await h.call(`get_purchase_history_data/${M}/2026-01-01/2026-12-31`, { token });
    const transno = bills.json.data.find((b: { transno: string }) => b.transno.startsWith('S001-'))?.transno ?? 'S001-20260912-0042';
    const bill = await h.call(`view_purchase_item_bybill/${transno}`, { token, headers: { 'accept-language': 'ar' } });
    expect(bill.status).toBe(200);
    expect(bill.json.data.items[0].product_name).toBe(arName('Pork Belly'));
  });

  it('voucher names in AR', async () => {
    const [v] = await h.db.select().from(vouchers).where(eq(vouchers.vcCode, 'RM5OFF'));
    expect(v!.vcName.ar).toBe('خصم RM5');
  });
});

/** Puts the catalogue back as the previous version wrote it: EN and ZH only, search text lower-cased EN and ZH. */
async function asPreviousVersion() {
  await h.db.execute(sql`update products set product_name = product_name - 'ar', product_description = product_description - 'ar', product_detail = product_detail - 'ar', search_text = lower((product_name->>'en') || ' ' || (product_name->>'zh'))`);
  await h.db.execute(sql`update vouchers set vc_name = vc_name - 'ar'`);
}

describe('a database seeded by the previous version', () => {
  it('takes the Arabic texts and the new search text at start; a second start changes nothing', async () => {
    await asPreviousVersion();
    // An operator's own product (not the demo's): its names stay, its search text is refolded.
    await h.db.update(products).set({ productName: { en: 'House Ｒｉｂｓ', zh: '招牌排骨' }, searchText: 'stale' }).where(eq(products.productCode, 'P0020'));
    expect((await search('خنزير')).total).toBe(0);

    expect(await prepareStartData(h.db, { seedDemoData: true })).toEqual({ seeded: false, changed: 133 + 4 });
    expect(await prepareStartData(h.db, { seedDemoData: true })).toEqual({ seeded: false, changed: 0 });
    expect(await prepareStartData(h.db, { seedDemoData: false })).toEqual({ seeded: false, changed: 0 });

    expect(codes(await search('خِنْزِير')).sort()).toEqual(PORK_AR.filter((c) => c !== 'P0020'));
    expect((await h.call('product_detail/P0001?lang=ar')).json.data.product_description).toContain('500 غ');
    const [own] = await h.db.select().from(products).where(eq(products.productCode, 'P0020'));
    expect(own!.productName).toEqual({ en: 'House Ｒｉｂｓ', zh: '招牌排骨' });
    expect(own!.searchText).toBe('house ribs 招牌排骨');
    expect(codes(await search('house ribs', 'en'))).toEqual(['P0020']);
    const [v] = await h.db.select().from(vouchers).where(eq(vouchers.vcCode, 'BDAY10'));
    expect(v!.vcName.ar).toBe('هدية عيد الميلاد: خصم RM10');
  });

  it('without demo data only the search text is refolded: names are the operator’s', async () => {
    await asPreviousVersion();
    const r = await prepareStartData(h.db, { seedDemoData: false });
    // Only texts the fold changes: two ZH names with full-width brackets, and the operator's product.
    expect(r.changed).toBe(3);
    const [p] = await h.db.select().from(products).where(eq(products.productCode, 'P0001'));
    expect(p!.productName.ar).toBeUndefined();
    expect(p!.searchText).toBe('pork belly 五花肉');
    const [prawns] = await h.db.select().from(products).where(eq(products.productCode, code('Tiger Prawns (Large)')));
    expect(prawns!.searchText).toBe('tiger prawns (large) 老虎虾(大)');
    expect(codes(await search('老虎虾（大）', 'zh'))).toEqual([code('Tiger Prawns (Large)')]);
    // With demo data on again: every demo product but the operator's (already refolded), and the vouchers.
    expect(await prepareStartData(h.db, { seedDemoData: true })).toMatchObject({ changed: 132 + 4 });
  });

  it('two instances starting together take turns: the texts are refreshed once', async () => {
    await asPreviousVersion();
    // On PostgreSQL the second instance has its own connections; PGlite has one connection per database.
    const url = await testDatabaseUrl();
    const second = url ? await openDb({ url }) : null;
    try {
      const results = await Promise.all([prepareStartData(h.db, { seedDemoData: true }), prepareStartData(second?.db ?? h.db, { seedDemoData: true })]);
      expect(results.map((r) => r.changed).sort((a, b) => a - b)).toEqual([0, 133 + 4]);
      expect(results.every((r) => !r.seeded)).toBe(true);
    } finally {
      await second?.close();
    }
    expect(codes(await search('خنزير')).sort()).toEqual(PORK_AR.filter((c) => c !== 'P0020'));
  });
});
