/**
 * HQ's catalogue writes and the point-of-sale stock feed (issue "The chain's own catalogue" §1, §4,
 * §5; contract/catalogue-writes.ts; ADR 26): HQ writes, outlet staff and the bootstrap token may
 * not; refusals are 4xx in the caller's language; a new product is found in all three languages at
 * once; a price change is kept as history and leaves a placed order's price alone; integration
 * tokens are issued, used and revoked; a stock batch is all or nothing, names its bad row, and is
 * idempotent; each change drops the pages that show it (the page cache hook).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, TEST_OPS_TOKEN, type Harness } from './harness';
import { placePickupOrder, receivePickupOrder } from './place-order';
import { catalogueEvents, integrationTokens, priceHistory, products, stores, storeStock } from '../../src/server/xs-api/db/schema';
import { PAGE_CACHE_HOOK } from '../../src/server/page-cache-provider';

let h: Harness;
let hq: { token: string; id: number; login: string };
let outlet: { token: string; id: number; login: string };
/** Tags the page cache was asked to drop, as scripts/serve.mjs's hook would receive them. */
const dropped: string[][] = [];

beforeAll(async () => {
  h = await createHarness();
  hq = await h.staff({ role: 'hq', login: 'hq.catalogue' });
  outlet = await h.staff({ role: 'outlet', outlets: ['S001'] });
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK] = { invalidate: ({ tags }: { tags: string[] }) => dropped.push(tags) };
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK];
  await h.close();
});
afterEach(() => {
  dropped.length = 0;
});

const newProduct = (code: string, extra: Record<string, unknown> = {}) => ({
  product_code: code,
  product_name: { en: 'Smoked Duck Breast', zh: '烟熏鸭胸', ar: 'صدر بط مدخّن' },
  product_description: { en: 'Sliced, ready to pan-fry.' },
  line_code: 'SQUID',
  unit: '500 g',
  price_sen: 2590,
  final_price_sen: 2290,
  visible: true,
  ...extra,
});
const write = (path: string, body: unknown, token = hq.token, lang?: string) => h.call(`ops/catalogue/${path}`, { token, body, headers: lang ? { 'accept-language': lang } : {} });
const search = async (q: string) => ((await h.call(`product_listing?search=${encodeURIComponent(q)}&limit=0,50`)).json.data as { product_code: string }[]).map((p) => p.product_code);

describe('HQ catalogue writes', () => {
  it('creates a product found by search in EN, ZH and AR at once, with the event and the first price named', async () => {
    const r = await write('product_create', newProduct('P9001'));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ product_code: 'P9001', price_sen: 2590, final_price_sen: 2290, visible: true, search_text: 'smoked duck breast 烟熏鸭胸 صدر بط مدخن' });
    for (const q of ['smoked duck', '烟熏鸭', 'بط مدخن', 'صَدْر']) expect([q, await search(q)]).toEqual([q, expect.arrayContaining(['P9001'])]);
    const [event] = await h.db.select().from(catalogueEvents).where(eq(catalogueEvents.subject, 'P9001'));
    expect(event).toMatchObject({ action: 'product_created', actorStaffId: hq.id, actorTokenId: null });
    expect(dropped.flat()).toEqual(expect.arrayContaining(['listing', 'line:SQUID', 'product:P9001']));
    expect((await write('product_create', newProduct('P9001'))).status).toBe(409);
  });

  it('outlet staff get 403 and the bootstrap token 403 (a person is named); no token 401', async () => {
    const outletTry = await write('product_create', newProduct('P9002'), outlet.token);
    expect([outletTry.status, outletTry.json.Error]).toEqual([403, 'Your staff role does not allow this.']);
    const bootstrap = await write('product_create', newProduct('P9002'), TEST_OPS_TOKEN);
    expect(bootstrap.status).toBe(403);
    expect(bootstrap.json.Error).toMatch(/named HQ member/);
    expect((await h.call('ops/catalogue/product_create', { body: newProduct('P9002') })).status).toBe(401);
    expect((await h.call('ops/catalogue/stock_set', { token: outlet.token, body: { rows: [{ outlet: 'S001', product_code: 'P0001', quantity: 1 }] } })).status).toBe(403);
    expect((await h.call('ops/integration_tokens/issue', { token: outlet.token, body: { name: 'x', scope: 'stock' } })).status).toBe(403);
    expect(await h.db.select().from(products).where(eq(products.productCode, 'P9002'))).toEqual([]);
  });

  it('refuses bad fields with 4xx and a message in the caller’s language, writing nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ final_price_sen: 3000 }, 400, /promotional price may not be above/],
      [{ price_sen: -1 }, 400, /whole number of sen/],
      [{ price_sen: 12.5 }, 400, /whole number of sen/],
      [{ product_name: { en: '' } }, 400, /name in English is required/],
      [{ product_name: { en: '=HYPERLINK("http://evil.example","x")' } }, 400, /formula/],
      [{ product_code: 'p 1' }, 400, /capital letters/],
      [{ line_code: 'L99' }, 404, /no product line L99/],
      [{ brand_code: 'NOPE' }, 404, /no brand NOPE/],
    ];
    for (const [change, status, message] of cases) {
      const r = await write('product_create', newProduct('P9003', change));
      expect([JSON.stringify(change), r.status, r.json.Error]).toEqual([JSON.stringify(change), status, expect.stringMatching(message)]);
    }
    const zh = await write('product_create', newProduct('P9003', { final_price_sen: 3000 }), hq.token, 'zh');
    expect(zh.json).toMatchObject({ Error: '促销价不能高于原价。', field: 'final_price_sen' });
    expect(await h.db.select().from(products).where(eq(products.productCode, 'P9003'))).toEqual([]);
  });

  it('keeps price changes as history (old → new, who) and a placed order keeps its price; the shop and a new cart show the new one', async () => {
    const member = await h.login();
    const [before] = await h.db.select().from(products).where(eq(products.productCode, 'P0002'));
    const refno = await placePickupOrder(h, member.token, member.member, ['P0002']);
    const current = (await h.call('ops/catalogue/product?product_code=P0002', { token: hq.token })).json.data;
    const r = await write('product_update', { ...current, price_sen: before!.priceSen + 500, final_price_sen: before!.priceSen + 400, product_description: current.product_description ?? undefined, product_detail: current.product_detail ?? undefined });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.changed.sort()).toEqual(['finalPriceSen', 'priceSen']);
    expect(dropped.flat()).toEqual(expect.arrayContaining(['product:P0002', `line:${before!.lineCode}`, 'listing']));
    const history = (await h.call('ops/catalogue/product_history?product_code=P0002', { token: hq.token })).json;
    expect(history.prices).toEqual([{ at: expect.any(String), old_price_sen: before!.priceSen, new_price_sen: before!.priceSen + 500, old_final_price_sen: before!.finalPriceSen, new_final_price_sen: before!.priceSen + 400, staff: 'hq.catalogue' }]);
    expect(history.events[0]).toMatchObject({ action: 'product_updated', staff: 'hq.catalogue', detail: { priceSen: [before!.priceSen, before!.priceSen + 500] } });
    // The running order keeps the price it was placed at.
    const order = (await h.call(`order_detail/${member.member}/${refno}`, { token: member.token })).json.data;
    const line = order.product.find((p: { product_code: string }) => p.product_code === 'P0002');
    expect(line.product_price).toBe((before!.finalPriceSen / 100).toFixed(2));
    // The shop shows the new price, and a new cart takes it.
    const detail = (await h.call('product_detail/P0002')).json.data;
    expect(detail.final_price).toBe(((before!.priceSen + 400) / 100).toFixed(2));
    const store = (await h.db.select().from(stores).where(eq(stores.storeCode, 'S001')))[0]!.storeNo;
    await h.call(`clear_cart/${member.member}?store=${store}`, { token: member.token, body: [] });
    const added = await h.call(`add_cart/${member.member}?store=${store}`, { token: member.token, body: [{ product_code: 'P0002', product_number: 1 }] });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const cart = (await h.call(`get_cart/${member.member}?store=${store}`, { token: member.token })).json;
    expect(JSON.stringify(cart)).toContain(`"product_price":"${((before!.priceSen + 400) / 100).toFixed(2)}"`);
    // The same update again changes nothing and writes nothing.
    dropped.length = 0;
    const again = await write('product_update', { ...current, price_sen: before!.priceSen + 500, final_price_sen: before!.priceSen + 400, product_description: current.product_description ?? undefined, product_detail: current.product_detail ?? undefined });
    expect(again.json.changed).toEqual([]);
    expect(dropped).toEqual([]);
    expect((await h.db.select().from(priceHistory).where(eq(priceHistory.productCode, 'P0002'))).length).toBe(1);
  });

  it('hides a product from the shop and renames it: search follows at once', async () => {
    const current = (await h.call('ops/catalogue/product?product_code=P9001', { token: hq.token })).json.data;
    const renamed = await write('product_update', { ...current, product_name: { en: 'Roast Goose', zh: '烧鹅', ar: 'إوز مشوي' }, product_description: undefined, product_detail: undefined });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(await search('烧鹅')).toContain('P9001');
    expect(await search('اوز')).toContain('P9001');
    expect(await search('烟熏鸭')).not.toContain('P9001');
    await write('product_update', { ...renamed.json.data, visible: false, product_description: undefined, product_detail: undefined });
    expect(await search('roast goose')).not.toContain('P9001');
  });

  it('saves groups, lines and banners with dates in order; a bad date or order is refused', async () => {
    expect((await write('group_save', { group_code: 'G90', group_name: { en: 'Festive', zh: '节庆', ar: 'أعياد' } })).status).toBe(200);
    expect(dropped.flat()).toContain('catalogue');
    const line = await write('line_save', { line_code: 'L90', group_code: 'G90', line_name: { en: 'Mooncakes' }, line_icon: '/images/lines/SQUID.svg' });
    expect(line.status, JSON.stringify(line.json)).toBe(200);
    expect((await write('line_save', { line_code: 'L91', group_code: 'G99', line_name: { en: 'X' }, line_icon: '/images/lines/SQUID.svg' })).status).toBe(404);
    expect((await write('product_create', newProduct('P9004', { line_code: 'L90' }))).status).toBe(200);
    const banner = { banner_name: { en: 'Mid-Autumn' }, banner_desc: { en: 'Mooncakes' }, banner_image: ['/images/banners/promo-1.webp'], product_codes: ['P9004'], start_date: '2026-09-01', end_date: '2026-09-30' };
    const saved = await write('promotion_banner_save', banner);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(dropped.flat()).toContain('banners');
    expect((await write('promotion_banner_save', { ...banner, end_date: '2026-08-31' })).json.Error).toBe('The end date must be on or after the start date.');
    expect((await write('promotion_banner_save', { ...banner, start_date: '2026-02-30' })).status).toBe(400);
    expect((await write('promotion_banner_save', { ...banner, product_codes: ['P8888'] })).status).toBe(404);
    const header = await write('header_banner_save', { banner_url: '/images/banners/header-1.webp', link: '/promotion/1', alt: { en: 'Festive' }, start_date: '2020-01-01', end_date: '2020-01-31' });
    expect(header.status, JSON.stringify(header.json)).toBe(200);
    const shown = (await h.call('mobile_ecommerce_header_banner')).json.data as { alt: string }[];
    expect(shown.map((b) => b.alt)).not.toContain('Festive');
    expect((await write('header_banner_remove', { id: header.json.data.id })).status).toBe(200);
    expect((await write('header_banner_remove', { id: header.json.data.id })).status).toBe(404);
  });
});

describe('integration tokens and the point-of-sale stock feed', () => {
  const pos = (token: string | undefined, rows: unknown[]) => h.call('pos/stock', { token, body: { rows } });
  let token = '';
  let tokenId = 0;

  it('HQ issues a token shown once (only its hash kept) and lists it without the token', async () => {
    const r = await h.call('ops/integration_tokens/issue', { token: hq.token, body: { name: 'POS Kepong', scope: 'stock' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    token = r.json.token;
    tokenId = r.json.data.id;
    expect(token).toMatch(/^xsi_[A-Za-z0-9_-]{43}$/);
    const [row] = await h.db.select().from(integrationTokens).where(eq(integrationTokens.id, tokenId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await h.call('ops/integration_tokens/list', { token: hq.token });
    expect(list.json.data[0]).toMatchObject({ id: tokenId, name: 'POS Kepong', scope: 'stock', created_by: 'hq.catalogue', revoked_at: null, prefix: token.slice(0, 10) });
    expect(JSON.stringify(list.json)).not.toContain(token);
  });

  it('sets stock in one batch, recorded with the token; the same batch twice changes nothing', async () => {
    const rows = [
      { outlet: 'S001', product_code: 'P0001', quantity: 7 },
      { outlet: 'S002', product_code: 'P0001', quantity: 0 },
      { outlet: 'S001', product_code: 'P9004', quantity: 12 },
    ];
    const first = await pos(token, rows);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ rows: 3, changed: 3, unchanged: 0 });
    expect(dropped.flat()).toEqual(expect.arrayContaining(['product:P0001', 'product:P9004', 'listing']));
    const [stock] = await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.productCode, 'P9004')));
    expect(stock!.quantity).toBe(12);
    const events = await h.db.select().from(catalogueEvents).where(and(eq(catalogueEvents.subject, 'P9004'), eq(catalogueEvents.action, 'stock_set')));
    expect(events).toEqual([expect.objectContaining({ actorStaffId: null, actorTokenId: tokenId, detail: { outlet: 'S001', quantity: [null, 12] } })]);
    dropped.length = 0;
    const again = await pos(token, rows);
    expect(again.json).toMatchObject({ rows: 3, changed: 0, unchanged: 3, products: [] });
    expect(dropped).toEqual([]);
    expect((await h.db.select().from(catalogueEvents).where(eq(catalogueEvents.action, 'stock_set'))).length).toBe(3);
  });

  it('a bad row refuses the whole batch, naming the row; nothing is applied', async () => {
    const good = { outlet: 'S001', product_code: 'P0001', quantity: 99 };
    const cases: [unknown[], RegExp][] = [
      [[good, { outlet: 'S001', product_code: 'P0002', quantity: -3 }], /^Row 2 \(S001, P0002\): Stock cannot be negative\. Nothing was changed\.$/],
      [[good, { outlet: 'S999', product_code: 'P0002', quantity: 3 }], /^Row 2 \(S999, P0002\): there is no such outlet\./],
      [[good, good, { outlet: 'S001', product_code: 'P7777', quantity: 3 }], /^Row 2 .*more than once/],
      [[good, { outlet: 'S001', product_code: 'P7777', quantity: 3 }], /^Row 2 \(S001, P7777\): there is no such product\./],
      [[good, { outlet: 'S001', product_code: 'P0002', quantity: 1.5 }], /^Row 2 .*whole number/],
    ];
    for (const [rows, message] of cases) {
      const r = await pos(token, rows);
      expect([r.status, r.json.Error]).toEqual([400, expect.stringMatching(message)]);
      expect(r.json.row).toBe(2);
    }
    const zh = await h.call('pos/stock', { token, body: { rows: [{ outlet: 'S001', product_code: 'P0002', quantity: -3 }] }, headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('第 1 行（S001，P0002）：库存不能为负数。 未作任何更改。');
    const [stock] = await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.productCode, 'P0001')));
    expect(stock!.quantity).toBe(7);
  });

  it('is refused with a staff token or none; HQ sets stock through its own operation; a revoked token is refused at once', async () => {
    const rows = [{ outlet: 'S001', product_code: 'P0001', quantity: 8 }];
    for (const t of [undefined, hq.token, TEST_OPS_TOKEN, 'xsi_not-a-real-token']) expect((await pos(t, rows)).status).toBe(401);
    const byHq = await h.call('ops/catalogue/stock_set', { token: hq.token, body: { rows } });
    expect(byHq.json).toMatchObject({ changed: 1 });
    const revoked = await h.call('ops/integration_tokens/revoke', { token: hq.token, body: { id: tokenId } });
    expect(revoked.json.data.revoked_at).not.toBeNull();
    const refused = await pos(token, [{ outlet: 'S001', product_code: 'P0001', quantity: 1 }]);
    expect([refused.status, refused.json.Error]).toEqual([401, 'The integration token is missing, unknown or revoked.']);
    expect((await h.call('ops/integration_tokens/revoke', { token: hq.token, body: { id: 999999 } })).status).toBe(404);
  });
});

describe('reviews', () => {
  it('a new review drops its product page', async () => {
    const member = await h.login();
    const refno = await placePickupOrder(h, member.token, member.member, ['P0005']);
    await receivePickupOrder(h, refno);
    dropped.length = 0;
    const r = await h.call(`add_review/${member.member}`, { token: member.token, body: [{ product_code: 'P0005', review_rate: 5, review_comment: 'Fresh', order_refno: refno }] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(dropped.flat()).toContain('product:P0005');
  });
});
