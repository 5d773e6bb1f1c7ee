/**
 * The catalogue snapshot (src/server/xs-api/services/catalogue-snapshot.ts, ADR 44): the storefront's
 * page reads of product_listing, product_detail and get_review answered from memory give exactly
 * what the database gives, for every filter, sort, page and language of the demo catalogue; a change
 * the shop announces (HQ's edits, stock set by HQ, a new review) shows at the next read; stock that an
 * order took shows once the snapshot is SNAPSHOT_MAX_AGE_MS old; the API over HTTP never reads it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { placePickupOrder, receivePickupOrder } from './place-order';
import { directApi } from '../../src/server/xs-api/direct';
import { XsApiError, type CallInput } from '../../src/lib/xs-api/client';
import { operations, type OperationName } from '../../src/lib/xs-api/contract';
import { toWire } from '../../src/lib/xs-api/contract/wire';
import { PRODUCT_SORTS, PRODUCT_TYPES } from '../../src/lib/xs-api/contract/catalogue';
import { productGroups, productLines, products, reviews, storeStock } from '../../src/server/xs-api/db/schema';
import { SNAPSHOT_MAX_AGE_MS } from '../../src/server/xs-api/services/catalogue-snapshot';
import { clock, setClock } from '../../src/server/clock';
import { invalidateHere } from '../../src/server/page-changes';
import type { Locale } from '../../src/i18n/messages';

let h: Harness;
let api: NonNullable<ReturnType<typeof directApi>>;
let hq: { token: string };

beforeAll(async () => {
  h = await createHarness();
  api = directApi(h.app, { checkAnswers: true })!;
  hq = await h.staff({ role: 'hq', login: 'hq.snapshot' });
});
afterAll(() => h?.close());
afterEach(() => setClock(null));

/** A page read (cachedReads) written as the HTTP edge writes it, or its refusal as { status, json }. */
async function pageRead<N extends OperationName>(name: N, input: CallInput<N>, locale: Locale = 'en', cachedReads = true) {
  try {
    const json = await api.call(name, input, { locale, token: null, member: null, clientIp: null, cachedReads });
    return { status: 200, json: JSON.parse(JSON.stringify(toWire(operations[name].response, json))) };
  } catch (err) {
    if (!(err instanceof XsApiError)) throw err;
    return { status: err.status, json: err.body };
  }
}
const queryText = (q: Record<string, string>) => new URLSearchParams(q).toString();
const priceOf = async (code: string, locale: Locale = 'en') => (await pageRead('product_detail', { params: { code } }, locale)).json.data.final_price;

describe('page reads from the snapshot answer as the database does', () => {
  it('product_listing: every line, group, brand, list type, sort, price range and page, in EN, ZH and AR', async () => {
    const lines = (await h.db.select({ code: productLines.lineCode }).from(productLines)).map((l) => l.code);
    const groups = (await h.db.select({ code: productGroups.groupCode }).from(productGroups)).map((g) => g.code);
    const brands = [...new Set((await h.db.select({ brand: products.brandCode }).from(products)).map((p) => p.brand).filter((b): b is string => !!b))];
    const sources: Record<string, string>[] = [
      {},
      ...lines.map((line) => ({ line })),
      ...groups.map((group_code) => ({ group_code })),
      ...brands.map((brand) => ({ brand })),
      ...PRODUCT_TYPES.map((type) => ({ type })),
      { line: 'NO-SUCH-LINE' },
    ];
    const shapes: Record<string, string>[] = [
      { limit: '0,25' },
      { limit: '5,10', filter_price_min: '10', filter_price_max: '30.50' },
      { limit: '0,100', filter_price_min: '20' },
      { limit: '900,25' },
    ];
    let compared = 0;
    for (const lang of ['en', 'zh', 'ar'] as const) {
      for (const source of sources) {
        for (const sort of PRODUCT_SORTS) {
          for (const shape of lang === 'en' ? shapes : shapes.slice(0, 1)) {
            const q = { ...source, ...shape, sort };
            const viaDb = await h.call(`product_listing?${queryText({ ...q, lang })}`);
            const fromSnapshot = await pageRead('product_listing', { query: q } as CallInput<'product_listing'>, lang);
            expect(fromSnapshot, `${lang} ${JSON.stringify(q)}`).toEqual({ status: viaDb.status, json: viaDb.json });
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('product_detail: every active product in EN, ZH and AR; an unknown or hidden one is the same 404', async () => {
    const codes = (await h.db.select({ code: products.productCode }).from(products)).map((p) => p.code);
    for (const lang of ['en', 'zh', 'ar'] as const) {
      for (const code of codes) {
        const viaDb = await h.call(`product_detail/${code}?lang=${lang}`);
        expect(await pageRead('product_detail', { params: { code } }, lang), `${lang} ${code}`).toEqual({ status: viaDb.status, json: viaDb.json });
      }
      const unknown = await h.call(`product_detail/NOPE?lang=${lang}`);
      expect(unknown.status).toBe(404);
      expect(await pageRead('product_detail', { params: { code: 'NOPE' } }, lang)).toEqual({ status: 404, json: unknown.json });
    }
  });

  it('get_review: the same page of reviews and counts, and the same refusals', async () => {
    const [reviewed] = await h.db.select({ code: reviews.productCode }).from(reviews).limit(1);
    for (const code of [reviewed!.code, 'P0002', 'NOPE']) {
      for (const limit of ['0,5', '2,3', 'x']) {
        const viaDb = await h.call(`get_review/${code}?limit=${limit}`);
        expect(await pageRead('get_review', { params: { code }, query: { limit } } as CallInput<'get_review'>), `${code} ${limit}`).toEqual({ status: viaDb.status, json: viaDb.json });
      }
    }
  });
});

describe('what the snapshot shows after a change', () => {
  it('an HQ price edit shows at the next page read, in every language', async () => {
    const code = 'P0003';
    for (const lang of ['en', 'zh', 'ar'] as const) await priceOf(code, lang);
    const current = (await h.call(`ops/catalogue/product?product_code=${code}`, { token: hq.token })).json.data;
    const r = await h.call('ops/catalogue/product_update', {
      token: hq.token,
      body: { ...current, price_sen: current.price_sen + 100, final_price_sen: current.final_price_sen + 100, product_description: undefined, product_detail: undefined },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const expected = ((current.final_price_sen + 100) / 100).toFixed(2);
    for (const lang of ['en', 'zh', 'ar'] as const) expect(await priceOf(code, lang)).toBe(expected);
  });

  it('a product HQ hides leaves the lists and its page at once', async () => {
    const code = 'P0004';
    const [row] = await h.db.select({ line: products.lineCode }).from(products).where(eq(products.productCode, code));
    const listed = async () => ((await pageRead('product_listing', { query: { line: row!.line, limit: '0,100' } })).json.data as { product_code: string }[]).some((p) => p.product_code === code);
    expect(await listed()).toBe(true);
    const current = (await h.call(`ops/catalogue/product?product_code=${code}`, { token: hq.token })).json.data;
    expect((await h.call('ops/catalogue/product_update', { token: hq.token, body: { ...current, visible: false, product_description: undefined, product_detail: undefined } })).status).toBe(200);
    expect(await listed()).toBe(false);
    expect((await pageRead('product_detail', { params: { code } })).status).toBe(404);
  });

  it('stock an order took shows once the snapshot is SNAPSHOT_MAX_AGE_MS old (or the clock went back); until then the page read keeps the old answer', async () => {
    const code = 'P0005';
    const inStock = async () => (await pageRead('product_detail', { params: { code } })).json.data.product_has_balance;
    expect(await inStock()).toBe(1);
    // Stock gone without an announcement, as an order's commit takes it.
    await h.db.update(storeStock).set({ quantity: 0 }).where(eq(storeStock.productCode, code));
    expect((await h.call(`product_detail/${code}`)).json.data.product_has_balance).toBe(0);
    expect(await inStock()).toBe(1);
    setClock(clock.ms() + SNAPSHOT_MAX_AGE_MS);
    // The reader that finds it old still gets it, and a new one loads meanwhile.
    expect(await inStock()).toBe(1);
    await expect.poll(inStock, { timeout: 5_000 }).toBe(0);
    // A clock set back (a correction) makes the snapshot old too, never fresh for longer.
    await h.db.update(storeStock).set({ quantity: 5 }).where(eq(storeStock.productCode, code));
    setClock(clock.ms() - 60_000);
    expect(await inStock()).toBe(0);
    await expect.poll(inStock, { timeout: 5_000 }).toBe(1);
  });

  it('a change announced by another instance (its notice heard here) drops the snapshot', async () => {
    const code = 'P0006';
    const before = await priceOf(code);
    await h.db.update(products).set({ finalPriceSen: 4321 }).where(eq(products.productCode, code));
    expect(await priceOf(code)).toBe(before);
    invalidateHere([`product:${code}`]);
    expect(await priceOf(code)).toBe('43.21');
  });

  it('a review a member adds shows at the next page read of that product', async () => {
    const { token, member } = await h.login();
    const code = 'P0010';
    const count = async () => (await pageRead('get_review', { params: { code } })).json.review_count;
    const before = await count();
    await receivePickupOrder(h, await placePickupOrder(h, token, member, [code]));
    const added = await h.call(`add_review/${member}`, { token, body: [{ product_code: code, review_rate: 4, review_comment: 'Kept cold all the way' }] });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('the API over HTTP always reads the database', async () => {
    const code = 'P0007';
    await priceOf(code);
    await h.db.update(products).set({ finalPriceSen: 1234 }).where(eq(products.productCode, code));
    expect((await h.call(`product_detail/${code}`)).json.data.final_price).toBe('12.34');
    expect((await pageRead('product_detail', { params: { code } }, 'en', false)).json.data.final_price).toBe('12.34');
  });
});
