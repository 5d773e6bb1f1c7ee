/** Cart (coverage.md §3 Cart, §4 Cart, §7 get_cart / add_cart / clear_cart). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { cartItems, customers, stores, storeStock } from '../../src/server/xs-api/db/schema';

let h: Harness;
let token: string;
const M: string = DEMO_MEMBER.memberCode;
let storeNo: string;
let storeCode: string;
let inStock: { code: string; qty: number };
let outOfStock: string;

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: 'M900002', firstName: 'Other', mobile: '0199990002', passwordHash: 'x' });
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
  storeNo = s!.storeNo;
  storeCode = s!.storeCode;
  const stock = await h.db.select().from(storeStock).where(eq(storeStock.storeCode, storeCode));
  const some = stock.find((r) => r.quantity >= 5)!;
  inStock = { code: some.productCode, qty: some.quantity };
  outOfStock = stock.find((r) => r.quantity === 0)!.productCode;
});
afterAll(() => h?.close());

const cartPath = (member = M) => `get_cart/${member}?store=${storeNo}`;

describe('add_cart / get_cart', () => {
  it('adds, changes by differences and removes at 0', async () => {
    let r = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: 2 }] });
    expect(r.status).toBe(200);
    expect(r.json.data.items).toHaveLength(1);
    expect(r.json.data.items[0]).toMatchObject({ product_code: inStock.code, product_quantity: 2, product_balance: inStock.qty });
    const price = Number(r.json.data.items[0].product_price);
    expect(r.json.data.subtotal).toBe((price * 2).toFixed(2));
    r = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: 1 }] });
    expect(r.json.data.items[0].product_quantity).toBe(3);
    r = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: -3 }] });
    expect(r.json.data.items).toHaveLength(0);
    expect((await h.call(cartPath(), { token })).json.data.items).toEqual([]);
  });

  it('refuses more than the store has, and changes nothing', async () => {
    await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: 1 }] });
    const r = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: inStock.qty }] });
    expect(r.status).toBe(409);
    expect(r.json.Error).toContain(`only ${inStock.qty} left`);
    expect(r.json.product).toEqual([{ product_code: inStock.code, available_quantity: inStock.qty }]);
    expect((await h.call(cartPath(), { token })).json.data.items[0].product_quantity).toBe(1);
    const out = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: outOfStock, product_number: 1 }] });
    expect(out.status).toBe(409);
    // None at the store is said as such, never "only 0 left", in the caller's language.
    expect(out.json.Error).toMatch(/is not available at this store\.$/);
    expect(out.json.Error).not.toMatch(/only 0/);
    const outZh = await h.call(`add_cart/${M}?store=${storeNo}`, { token, headers: { 'accept-language': 'zh' }, body: [{ product_code: outOfStock, product_number: 1 }] });
    expect(outZh.json.Error).toContain('在此门市暂无现货');
  });

  it('applies a batch all together or not at all', async () => {
    const before = await h.db.select().from(cartItems).where(eq(cartItems.memberCode, M));
    const r = await h.call(`add_cart/${M}?store=${storeNo}`, {
      token,
      body: [{ product_code: inStock.code, product_number: 1 }, { product_code: 'NOPE', product_number: 1 }],
    });
    expect(r.status).toBe(404);
    expect(await h.db.select().from(cartItems).where(eq(cartItems.memberCode, M))).toEqual(before);
  });

  it('400 for bad payloads, 404 for an unknown store', async () => {
    for (const body of [[], {}, [{ product_code: inStock.code }], [{ product_code: inStock.code, product_number: 1.5 }], [{ product_code: inStock.code, product_number: 100000 }]]) {
      const r = await h.call(`add_cart/${M}?store=${storeNo}`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Error).toBeTruthy();
    }
    expect((await h.call(`add_cart/${M}`, { token, body: [{ product_code: inStock.code, product_number: 1 }] })).status).toBe(400);
    expect((await h.call(`get_cart/${M}?store=999`, { token })).status).toBe(404);
  });

  it('401 without a session, 403 on another member', async () => {
    expect((await h.call(cartPath())).status).toBe(401);
    expect((await h.call(`add_cart/${M}?store=${storeNo}`, { body: [{ product_code: inStock.code, product_number: 1 }] })).status).toBe(401);
    expect((await h.call(cartPath('M900002'), { token })).status).toBe(403);
    expect((await h.call(`add_cart/M900002?store=${storeNo}`, { token, body: [{ product_code: inStock.code, product_number: 1 }] })).status).toBe(403);
    expect(await h.db.select().from(cartItems).where(eq(cartItems.memberCode, 'M900002'))).toEqual([]);
  });
});

describe('clear_cart', () => {
  it('removes one product, then everything', async () => {
    const other = (await h.db.select().from(storeStock).where(and(eq(storeStock.storeCode, storeCode)))).find((r) => r.quantity > 3 && r.productCode !== inStock.code)!;
    await h.call(`add_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: other.productCode, product_number: 1 }] });
    let r = await h.call(`clear_cart/${M}?store=${storeNo}`, { token, body: [{ product_code: inStock.code }] });
    expect(r.json.data.items.map((i: { product_code: string }) => i.product_code)).toEqual([other.productCode]);
    r = await h.call(`clear_cart/${M}`, { token, body: [] });
    expect(r.status).toBe(200);
    expect((await h.call(cartPath(), { token })).json.data.items).toEqual([]);
    expect((await h.call(`clear_cart/${M}`, { token, body: [{}, {}] })).status).toBe(400);
  });
});
