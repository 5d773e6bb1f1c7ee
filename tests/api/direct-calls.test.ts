/**
 * Direct calls in one process (src/server/xs-api/direct.ts, ADR 33): the storefront's calls reach
 * the operation's handler without HTTP, and answer exactly as the same call over HTTP does: the same
 * success fields, the same refusals with the same status and text in the caller's language. The
 * caller's session is looked up once per page request and again after a write; a fault answers the
 * server_error text; in development an answer that is not plain JSON or breaks its schema is caught.
 * (`TEST_API_PATH=direct` runs every API suite through this path: tests/api/harness.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { stores } from '../../src/server/xs-api/db/schema';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { directApi } from '../../src/server/xs-api/direct';
import { createXsApi } from '../../src/server/xs-api/app';
import { serve } from '../../src/server/xs-api/http';
import { revokeSession } from '../../src/server/xs-api/services/sessions';
import { XsApiError, type CallInput } from '../../src/lib/xs-api/client';
import { amount, defineOperation, statusOk } from '../../src/lib/xs-api/contract/operation';
import { formatAmount } from '../../src/domain/money';
import { API_BASE, API_KEY_HEADER, operations, type OperationName } from '../../src/lib/xs-api/contract';
import { toWire } from '../../src/lib/xs-api/contract/wire';
import { translate, type Locale } from '../../src/i18n/messages';

let h: Harness;
let api: NonNullable<ReturnType<typeof directApi>>;
let token: string;
const M = DEMO_MEMBER.memberCode;
let storeNo: string;
let product: string;

beforeAll(async () => {
  h = await createHarness();
  api = directApi(h.app, { checkAnswers: true })!;
  token = (await h.login()).token;
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
  storeNo = s!.storeNo;
  product = (await h.call('product_listing?limit=0,1')).json.data[0].product_code;
});
afterAll(() => h?.close());

type Caller = { locale?: Locale; token?: string | null; member?: string | null; request?: object };
/** The direct answer written as the HTTP edge writes it (amounts in ringgit text, ADR 37), or the refusal as { status, body }. */
async function direct<N extends OperationName>(name: N, input: CallInput<N>, who: Caller = {}) {
  try {
    const json = await api.call(name, input, { locale: who.locale ?? 'en', token: who.token ?? null, member: who.member ?? null, clientIp: null, request: who.request });
    return { status: 200, json: JSON.parse(JSON.stringify(toWire(operations[name].response, json))) };
  } catch (err) {
    if (!(err instanceof XsApiError)) throw err;
    return { status: err.status, json: err.body };
  }
}

describe('the direct path answers as HTTP does', () => {
  it('public reads: the same answer, field for field, in the caller’s language', async () => {
    for (const lang of ['en', 'zh', 'ar'] as const) {
      const viaHttp = await h.call(`product_listing?limit=0,5&sort=price_low&lang=${lang}`);
      expect(viaHttp.status).toBe(200);
      expect(await direct('product_listing', { query: { limit: '0,5', sort: 'price_low' } }, { locale: lang })).toEqual({ status: 200, json: viaHttp.json });
    }
    const detail = await h.call(`product_detail/${product}?pickupstore=${storeNo}&lang=zh`);
    expect(await direct('product_detail', { params: { code: product }, query: { pickupstore: storeNo } }, { locale: 'zh' })).toEqual({ status: 200, json: detail.json });
  });

  it('member reads with the session, and the refusals: no session 401, another member 403, a bad query 400', async () => {
    const cart = await h.call(`get_cart/${M}?store=${storeNo}`, { token });
    expect(await direct('get_cart', { query: { store: storeNo } }, { token, member: M })).toEqual({ status: 200, json: cart.json });

    const noSession = await h.call(`get_cart/${M}?store=${storeNo}`, { headers: { 'accept-language': 'ar' } });
    expect(noSession.status).toBe(401);
    expect(await direct('get_cart', { query: { store: storeNo } }, { member: M, locale: 'ar' })).toEqual({ status: 401, json: noSession.json });

    const other = await h.call(`get_cart/M999999?store=${storeNo}`, { token });
    expect(other.status).toBe(403);
    expect(await direct('get_cart', { query: { store: storeNo } }, { token, member: 'M999999' })).toEqual({ status: 403, json: other.json });

    const badQuery = await h.call('product_listing?limit=lots');
    expect(badQuery.status).toBe(400);
    expect(await direct('product_listing', { query: { limit: 'lots' } })).toEqual({ status: 400, json: badQuery.json });
  });

  it('refuses a control character in a path parameter or the query (400), as the HTTP edge does', async () => {
    const viaHttp = await h.call(`product_detail/${encodeURIComponent('P\u0000')}`);
    expect(viaHttp.status).toBe(400);
    expect(await direct('product_detail', { params: { code: 'P\u0000' } })).toEqual({ status: 400, json: viaHttp.json });
    expect((await direct('product_listing', { query: { search: 'pork\u0007' } })).status).toBe(400);
  });

  it('product_listing’s customer_code needs that member’s session (401 without, 403 for another)', async () => {
    expect((await direct('product_listing', { query: { customer_code: M } })).status).toBe(401);
    expect((await direct('product_listing', { query: { customer_code: 'M999999' } }, { token })).status).toBe(403);
    const mine = await h.call(`product_listing?limit=0,3&customer_code=${M}`, { token });
    expect(await direct('product_listing', { query: { limit: '0,3', customer_code: M } }, { token })).toEqual({ status: 200, json: mine.json });
  });

  it('a write through the direct path is seen over HTTP', async () => {
    const added = await direct('add_cart', { query: { store: storeNo }, body: [{ product_code: product, product_number: 1 }] }, { token, member: M });
    expect(added.status).toBe(200);
    const cart = await h.call(`get_cart/${M}?store=${storeNo}`, { token });
    expect(cart.json.data.items.map((i: { product_code: string }) => i.product_code)).toContain(product);
    expect(added.json.data).toEqual(cart.json.data);
    const bad = await direct('add_cart', { query: { store: storeNo }, body: [{ product_code: product, product_number: 'two' }] } as never, { token, member: M, locale: 'zh' });
    const badHttp = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: product, product_number: 'two' }], headers: { 'accept-language': 'zh' } });
    expect(bad).toEqual({ status: 400, json: badHttp.json });
  });
});

describe('money crosses the direct path in sen (ADR 37)', () => {
  const who = (locale: Locale = 'en') => ({ locale, token, member: M, clientIp: null });

  it('answers amounts as integer sen where HTTP writes the same amounts as ringgit text', async () => {
    const viaHttp = await h.call(`product_detail/${product}?pickupstore=${storeNo}`);
    const answer = await api.call('product_detail', { params: { code: product }, query: { pickupstore: storeNo } }, who());
    expect(Number.isSafeInteger(answer.data.final_price)).toBe(true);
    expect(viaHttp.json.data.final_price).toBe(formatAmount(answer.data.final_price));
    expect(viaHttp.json.data.final_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('reads an input amount as sen, never as ringgit: 1690 is RM 16.90; ringgit where sen is due is a 400 naming the field', async () => {
    const line = { product_code: product, product_quantity: 1 };
    const { data } = await api.call('product_detail', { params: { code: product } }, who());
    const charge = await api.call('delivery_charges', { body: { product: [{ ...line, product_price: data.final_price }], state: 'SGR', distance_km: 3.2 } }, who());
    expect(charge.product_subtotal).toBe(data.final_price);
    const viaHttp = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ ...line, product_price: formatAmount(data.final_price) }], state: 'SGR', distance_km: 3.2 } });
    expect(viaHttp.json).toEqual({ Status: 1, delivery_charges: formatAmount(charge.delivery_charges), product_subtotal: formatAmount(charge.product_subtotal) });
    for (const notSen of [16.9, '16.90', Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await direct('delivery_charges', { body: { product: [{ ...line, product_price: notSen }], state: 'SGR', distance_km: 3.2 } }, { token, member: M, locale: 'zh' });
      expect(refused.status, String(notSen)).toBe(400);
      expect(refused.json.Error).toContain('product.0.product_price');
    }
  });

  it('the development check refuses an answer whose amount is not sen (502)', async () => {
    const app = createXsApi({ db: h.db, apiKey: 'k', geocoder: null });
    const priced = defineOperation({ name: 'test_priced', method: 'GET', path: 'test_priced', member: 'none', summary: 'test', response: z.object({ Status: statusOk, total: amount }) });
    let total: unknown = 1690;
    serve(app, priced, async () => ({ total }));
    const checked = directApi(app, { checkAnswers: true })!;
    const anyone = { locale: 'en' as const, token: null, member: null, clientIp: null };
    await expect(checked.call('test_priced' as OperationName, {}, anyone)).resolves.toEqual({ Status: 1, total: 1690 });
    for (total of ['16.90', 16.9]) await expect(checked.call('test_priced' as OperationName, {}, anyone)).rejects.toMatchObject({ status: 502, message: /test_priced/ });
    // Over HTTP the same answer is written as ringgit text.
    total = 1690;
    const res = await app.request(`${API_BASE}/test_priced`, { headers: { [API_KEY_HEADER]: 'k' } });
    expect(await res.text()).toBe('{"Status":1,"total":"16.90"}');
  });
});

describe('the session of a page request', () => {
  it('is looked up once for the reads of a request; a write looks again, and so do the reads after it', async () => {
    const { token: own } = await h.login();
    const request = {};
    expect((await direct('get_cart', { query: { store: storeNo } }, { token: own, member: M, request })).status).toBe(200);
    await revokeSession(h.db, own);
    // The same page request keeps what it found…
    expect((await direct('get_cart', { query: { store: storeNo } }, { token: own, member: M, request })).status).toBe(200);
    // …a new request looks again,
    expect((await direct('get_cart', { query: { store: storeNo } }, { token: own, member: M, request: {} })).status).toBe(401);
    // a write always looks again, and the reads after it too.
    expect((await direct('clear_cart', { query: { store: storeNo } }, { token: own, member: M, request })).status).toBe(401);
    expect((await direct('get_cart', { query: { store: storeNo } }, { token: own, member: M, request })).status).toBe(401);
  });
});

describe('faults and checks', () => {
  it('a fault answers 500 with the server_error text in the caller’s language', async () => {
    const broken = createXsApi({ db: () => Promise.reject(new Error('database away')), apiKey: 'k', geocoder: null });
    const call = directApi(broken, { checkAnswers: false })!.call('productline_listing', {}, { locale: 'zh', token: null, member: null, clientIp: null });
    await expect(call).rejects.toMatchObject({ status: 500, message: translate('zh', 'server_error') });
  });

  it('in development, an answer that is not plain JSON or breaks its schema is refused (502), not passed on', async () => {
    const app = createXsApi({ db: h.db, apiKey: 'k', geocoder: null });
    const dated = defineOperation({ name: 'test_dated', method: 'GET', path: 'test_dated', member: 'none', summary: 'test', response: z.object({ Status: statusOk, at: z.string() }) });
    const shaped = defineOperation({ name: 'test_shaped', method: 'GET', path: 'test_shaped', member: 'none', summary: 'test', response: z.object({ Status: statusOk, n: z.number() }) });
    serve(app, dated, async () => ({ at: new Date(0) }));
    serve(app, shaped, async () => ({ n: 'one' }));
    const checked = directApi(app, { checkAnswers: true })!;
    const who = { locale: 'en' as const, token: null, member: null, clientIp: null };
    await expect(checked.call('test_dated' as OperationName, {}, who)).rejects.toMatchObject({ status: 502, message: /test_dated: not plain JSON/ });
    await expect(checked.call('test_shaped' as OperationName, {}, who)).rejects.toMatchObject({ status: 502, message: /test_shaped/ });
    // Unchecked (production), the handler's answer is passed on as it is.
    await expect(directApi(app, { checkAnswers: false })!.call('test_shaped' as OperationName, {}, who)).resolves.toEqual({ Status: 1, n: 'one' });
  });

  it('serves directly what serve() registered, never a file upload', () => {
    expect(api.serves('product_listing')).toBe(true);
    expect(api.serves('upload_customer_picture')).toBe(false);
    expect(directApi(new Hono(), { checkAnswers: false })).toBeNull();
  });
});
