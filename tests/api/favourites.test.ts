/**
 * Favourites (coverage.md §3 Favourites, §7 favorite_listing / add_favorite / delete_favorite): the
 * member's own only, idempotent adds and removes, listed as products with in_favorite 1, limited
 * to what the chosen outlet carries when a store is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers, stores, storeStock } from '../../src/server/xs-api/db/schema';

let h: Harness;
let token: string;
const M: string = DEMO_MEMBER.memberCode;
const codesOf = (r: { json: { data: { product_code: string }[] } }) => r.json.data.map((p) => p.product_code);
let storeA = '';
let storeB = '';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: 'M900029', firstName: 'Other', mobile: '0199990029', passwordHash: 'x' });
  const rows = await h.db.select().from(stores).orderBy(stores.storeCode).limit(2);
  storeA = rows[0]!.storeNo;
  storeB = rows[1]!.storeNo;
});
afterAll(() => h?.close());

describe('favourites', () => {
  it('need the member’s own session: 401 without, 403 for another member', async () => {
    for (const [path, body] of [[`favorite_listing/${M}`, undefined], [`add_favorite/${M}`, [{ product_code: 'P0001' }]], [`delete_favorite/${M}`, [{ product_code: 'P0001' }]]] as const) {
      const r = await h.call(path, { body });
      expect(r.status, path).toBe(401);
      expect(r.json.Error).toBe('Sorry, your login session has expired. Please login again.');
      const other = await h.call(path.replace(M, 'M900029'), { token, body });
      expect(other.status, path).toBe(403);
    }
  });

  it('starts empty, adds idempotently and lists newest first with in_favorite 1', async () => {
    expect((await h.call(`favorite_listing/${M}`, { token })).json).toMatchObject({ Status: 1, data: [], total: 0 });
    const first = await h.call(`add_favorite/${M}`, { token, body: [{ product_code: 'P0001' }] });
    expect(first.json).toEqual({ Status: 1, data: ['P0001'], total: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await h.call(`add_favorite/${M}`, { token, body: [{ product_code: 'P0011' }, { product_code: 'P0011' }] });
    const again = await h.call(`add_favorite/${M}`, { token, body: [{ product_code: 'P0001' }] });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(['P0011', 'P0001']);
    const list = await h.call(`favorite_listing/${M}`, { token });
    expect(codesOf(list)).toEqual(['P0011', 'P0001']);
    expect(list.json.total).toBe(2);
    for (const p of list.json.data) {
      expect(p).toMatchObject({ in_favorite: 1, product_quantity: null });
      expect(p.final_price).toMatch(/^\d+\.\d{2}$/);
    }
    // The product detail of a member says so too.
    expect((await h.call(`product_detail/P0001/${M}`, { token })).json.data.in_favorite).toBe(1);
  });

  it('filters by the store: only what the outlet carries, with the stock there', async () => {
    await h.db.delete(storeStock).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.productCode, 'P0011')));
    await h.db.update(storeStock).set({ quantity: 7 }).where(and(eq(storeStock.storeCode, 'S001'), eq(storeStock.productCode, 'P0001')));
    const atA = await h.call(`favorite_listing/${M}?store=${storeA}`, { token });
    expect(codesOf(atA)).toEqual(['P0001']);
    expect(atA.json.data[0]).toMatchObject({ product_quantity: 7, product_has_balance: 1 });
    const atB = await h.call(`favorite_listing/${M}?store=${storeB}`, { token });
    expect(codesOf(atB)).toEqual(['P0011', 'P0001']);
    expect((await h.call(`favorite_listing/${M}?store=999`, { token })).status).toBe(404);
  });

  it('removes idempotently; unknown products and bad payloads are refused', async () => {
    const removed = await h.call(`delete_favorite/${M}`, { token, body: [{ product_code: 'P0011' }] });
    expect(removed.json).toEqual({ Status: 1, data: ['P0001'], total: 1 });
    const twice = await h.call(`delete_favorite/${M}`, { token, body: [{ product_code: 'P0011' }, { product_code: 'P0099' }] });
    expect(twice.json).toEqual({ Status: 1, data: ['P0001'], total: 1 });
    const unknown = await h.call(`add_favorite/${M}`, { token, body: [{ product_code: 'P0002' }, { product_code: 'NOPE' }] });
    expect(unknown.status).toBe(404);
    expect(unknown.json.Error).toBe('Product NOPE was not found.');
    expect(codesOf(await h.call(`favorite_listing/${M}`, { token }))).toEqual(['P0001']);
    for (const body of [[], {}, [{}], [{ product_code: '' }], 'not json']) {
      const r = await h.call(`add_favorite/${M}`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});
