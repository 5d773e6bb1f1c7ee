/**
 * The API's edge (issue "Hardened for the open internet" part 1): NUL and other control characters
 * in a path, a query or any JSON field, malformed %-sequences and deep JSON answer 400 with the
 * contract's `{ Status: 0, Error }` in the caller's language, and change nothing; unknown
 * operations answer the contract's JSON 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createHarness, TEST_API_KEY, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { translate } from '../../src/i18n/messages';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const registration = (over: Record<string, unknown> = {}) => ({
  customer_firstname: 'Siti',
  customer_mobile: '0127779001',
  password: 'secret12',
  confirm_password: 'secret12',
  customer_email: '',
  bill_platform: 'website',
  ...over,
});

describe('control characters in JSON fields', () => {
  it('insert_customer with a NUL in the name: 400 in the caller language, nothing stored', async () => {
    const before = (await h.db.select({ n: count() }).from(customers))[0]!.n;
    for (const [lang, name] of [['en', 'Si\u0000ti'], ['zh', '\u0000'], ['ar', 'Siti\u0007']] as const) {
      const r = await h.call('insert_customer', { body: registration({ customer_firstname: name }), headers: { 'accept-language': lang } });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ Status: 0, Error: translate(lang, 'input_invalid_characters'), field: 'customer_firstname' });
    }
    expect((await h.db.select({ n: count() }).from(customers))[0]!.n).toBe(before);
    expect(await h.db.select().from(customers).where(eq(customers.mobile, '0127779001'))).toHaveLength(0);
  });

  it('keys and nested values are checked too; tabs and line breaks in text stay allowed', async () => {
    const { token, member } = await h.login();
    const nested = await h.call(`add_cart/${member}?store=WM01`, { token, body: [{ product_code: 'P0001', product_number: 1, 'x\u0000': 1 }] });
    expect(nested.status).toBe(400);
    expect(nested.json.Error).toBe(translate('en', 'input_invalid_characters'));
    const remark = await h.call(`add_feedback/${member}`, { token, body: { category: 'Others', rating: 'GOOD', comment: 'line one\nline\ttwo' } });
    expect(remark.status).not.toBe(500);
    expect(remark.json.Error ?? '').not.toBe(translate('en', 'input_invalid_characters'));
  });

  it('JSON nested deeper than 32 levels: 400', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const r = await h.call('customer_login', { body: deep });
    expect(r.status).toBe(400);
    expect(r.json.Status).toBe(0);
  });
});

describe('the URL', () => {
  it.each(['product_detail/%00', 'product_detail/P0001%00', 'get_review/%0A', 'product_listing?search=%00', 'product_listing?%00=1', 'product_listing?search=a%0Db'])('%s: 400 in the caller language', async (path) => {
    const r = await h.call(path, { headers: { 'accept-language': 'zh' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ Status: 0, Error: translate('zh', 'input_invalid_address') });
  });

  it.each(['product_detail/%', 'product_detail/%E0%A4%A', 'get_review/%zz'])('%s (malformed percent-encoding): 400, never 500', async (path) => {
    const r = await h.call(path);
    expect(r.status).toBe(400);
    expect(r.json.Status).toBe(0);
  });

  it('an unknown operation answers the contract JSON 404, complete', async () => {
    const res = await h.app.request(`${API_BASE}/nothing-here`, { headers: { [API_KEY_HEADER]: TEST_API_KEY } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Status: 0, Error: translate('en', 'api_not_found') });
  });
});

describe('the size of a JSON body', () => {
  it('refuses a body over 256 KB with 413 before reading it, and changes nothing', async () => {
    const before = await h.db.select({ n: count() }).from(customers);
    const big = JSON.stringify(registration({ customer_firstname: 'x'.repeat(300 * 1024) }));
    const r = await h.call('insert_customer', { body: big, headers: { 'accept-language': 'zh' } });
    expect([r.status, r.json.Error]).toEqual([413, translate('zh', 'api_body_too_large', { kb: 256 })]);
    expect(await h.db.select({ n: count() }).from(customers)).toEqual(before);
  });

  it('refuses a declared 10 GB body at once, and a streamed body past the cap', async () => {
    const declared = await h.app.request(`${API_BASE}/insert_customer`, {
      method: 'POST',
      headers: { [API_KEY_HEADER]: TEST_API_KEY, 'content-type': 'application/json', 'content-length': String(10 * 1024 ** 3) },
      body: '{}',
    });
    expect(declared.status).toBe(413);
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await h.app.request(`${API_BASE}/insert_customer`, {
      method: 'POST',
      headers: { [API_KEY_HEADER]: TEST_API_KEY, 'content-type': 'application/json' },
      body: stream,
      // @ts-expect-error -- Node's fetch needs `duplex` for a streamed body
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(64);
  });

  it('takes an ordinary body', async () => {
    expect((await h.call('insert_customer', { body: registration({ customer_mobile: '0127779555' }) })).status).toBe(200);
  });
});
