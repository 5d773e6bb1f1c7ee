/**
 * Every hot read has an index (issue "Fast at the origin, not only behind a CDN", PostgreSQL part):
 * the listing queries are captured exactly as the services build them (each service function is
 * called with a Drizzle database whose logger records the SQL and its parameters), then each SELECT
 * is planned with EXPLAIN (FORMAT JSON) under `SET enable_seqscan = off`. With sequential scans
 * priced out, a Seq Scan left in a plan means no index can answer the query, whatever the size of
 * the table; the test fails naming the query and the table when one reads a large table that way.
 *
 * Meant for PostgreSQL (TEST_DATABASE_URL, set in CI). Without it the same checks run on PGlite,
 * which is PostgreSQL's own planner too, and the run says so on the console, so the result is
 * never a silent skip.
 */
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListingQuery } from '../../src/lib/xs-api/contract';
import type { Db } from '../../src/server/xs-api/db/client';
import * as schema from '../../src/server/xs-api/db/schema';
import { getCart } from '../../src/server/xs-api/services/cart';
import { getCustomer } from '../../src/server/xs-api/services/customers';
import { favouriteCodes, listFavourites } from '../../src/server/xs-api/services/favourites';
import { listNotifications, unreadNotifications } from '../../src/server/xs-api/services/notifications';
import { getOrder, listOrders } from '../../src/server/xs-api/services/orders/read';
import { listPointsHistory } from '../../src/server/xs-api/services/points';
import { escapeLike, getProductDetail, listProducts } from '../../src/server/xs-api/services/products';
import { listPurchases } from '../../src/server/xs-api/services/purchases';
import { listReviews } from '../../src/server/xs-api/services/reviews';
import { listAddresses } from '../../src/server/xs-api/services/addresses';
import { listMemberVouchers } from '../../src/server/xs-api/services/vouchers';
import { DEMO_MEMBER, REVIEWED_PRODUCT } from '../../src/server/xs-api/db/seed';
import { createHarness, type Harness } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Tables that grow with the catalogue, the members or their orders: none may be read by a
 * sequential scan. Small fixed tables (states, product groups and lines, brands, the 22 stores,
 * voucher kinds, banners, settings) may.
 */
const LARGE_TABLES = new Set([
  'products', 'store_stock', 'customers', 'sessions', 'addresses', 'cart_items', 'favourites', 'member_vouchers',
  'point_transactions', 'outlet_purchases', 'notifications', 'orders', 'order_items', 'order_events', 'payments', 'reviews',
]);

type Captured = { sql: string; params: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** Every relation read by a sequential scan in a plan (subplans and init plans included). */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

let h: Harness;
let captured: Captured[] = [];
/** The services' database, recording each statement it sends. */
let logged: Db;
/** EXPLAIN (FORMAT JSON) of a statement with its parameters, sequential scans off. */
let explain: (q: Captured) => Promise<PlanNode>;
let release: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!onPostgres) console.warn('[explain] TEST_DATABASE_URL is not set: planning on PGlite (PostgreSQL 18 planner). CI plans on PostgreSQL.');
  h = await createHarness();
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  const client = (h.db as unknown as { $client: unknown }).$client;
  if (onPostgres) {
    const pool = client as Sql;
    logged = drizzlePostgres(pool, { schema, logger }) as unknown as Db;
    const conn = await pool.reserve();
    await conn.unsafe('set enable_seqscan = off');
    explain = async (q) => {
      const [row] = await conn.unsafe(`explain (format json) ${q.sql}`, q.params as never[]);
      return (row as unknown as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
    };
    release = async () => {
      await conn.unsafe('reset enable_seqscan');
      conn.release();
    };
  } else {
    const lite = client as PGlite;
    logged = drizzlePglite(lite, { schema, logger }) as unknown as Db;
    explain = async (q) => {
      await lite.exec('set enable_seqscan = off');
      try {
        const res = await lite.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${q.sql}`, q.params);
        return res.rows[0]!['QUERY PLAN'][0]!.Plan;
      } finally {
        await lite.exec('reset enable_seqscan');
      }
    };
  }
});

afterAll(async () => {
  await release();
  await h?.close();
});

/**
 * Runs `read` against the recording database and plans each SELECT it sent.
 * @returns one line per statement that reads a large table sequentially (empty when none does),
 *   and how many SELECTs were planned.
 */
async function planOf(read: (db: Db) => Promise<unknown>): Promise<{ problems: string[]; planned: number }> {
  captured = [];
  await read(logged);
  const selects = captured.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
  const problems: string[] = [];
  for (const q of selects) {
    const tables = seqScans(await explain(q)).filter((t) => LARGE_TABLES.has(t));
    if (tables.length) problems.push(`Seq Scan on ${[...new Set(tables)].join(', ')} in: ${q.sql} -- params ${JSON.stringify(q.params)}`);
  }
  return { problems, planned: selects.length };
}

const MEMBER = DEMO_MEMBER.memberCode;
const STORE_NO = '001';
const SORTS = ['product_topsales', 'latest', 'price_low', 'price_high'] as const;
/** The filters of the catalogue's lists (category, group, brand, search, home page shelves, price range). */
const LISTINGS: Record<string, Record<string, string>> = {
  'all products': {},
  'a product line': { line: 'PORK-CUTS' },
  'a category group': { group_code: 'FRESH-PORK' },
  'a brand': { brand: 'XSF' },
  'a search word': { search: 'pork' },
  'two search words': { search: 'pork belly' },
  'featured (home page)': { type: 'homepage' },
  'best sellers': { type: 'bestseller' },
  'promotions': { type: 'promotion' },
  'a price range': { filter_price_min: '5', filter_price_max: '20' },
  'a line at an outlet, for a member': { line: 'PORK-CUTS', store: STORE_NO, customer_code: MEMBER },
  'a search at an outlet, page 3': { search: 'frozen', store: STORE_NO, limit: '50,25' },
  'a page past the end (the separate count)': { line: 'PORK-CUTS', limit: '500,25' },
};

describe(`indexes for the hot queries (EXPLAIN with enable_seqscan off, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  for (const [name, filters] of Object.entries(LISTINGS)) {
    it(`product_listing: ${name}, in every sort order`, async () => {
      for (const sort of SORTS) {
        const q = productListingQuery.parse({ ...filters, sort, lang: 'en' });
        const { problems, planned } = await planOf((db) => listProducts(db, q));
        // One statement, the total riding on its rows; a page past the end adds the separate count (ADR 17).
        expect(planned).toBeGreaterThanOrEqual(1);
        expect(problems).toEqual([]);
      }
    });
  }

  it('product_detail, with an outlet and a member, and its reviews', async () => {
    const detail = await planOf((db) => getProductDetail(db, 'P0001', { pickupStoreNo: STORE_NO, memberCode: MEMBER, lang: 'en' }));
    const anywhere = await planOf((db) => getProductDetail(db, 'P0001', { memberCode: null, lang: 'zh' }));
    const reviews = await planOf((db) => listReviews(db, REVIEWED_PRODUCT, '0,10'));
    expect(detail.problems).toEqual([]);
    expect(anywhere.problems).toEqual([]);
    expect(reviews.problems).toEqual([]);
    // The reviews and their counts per star in one statement (ADR 17).
    expect(reviews.planned).toBeGreaterThanOrEqual(1);
  });

  it("a member's favourites, cart, addresses and profile", async () => {
    await h.call(`add_favorite/${MEMBER}`, { body: [{ product_code: 'P0002' }], token: (await h.login()).token });
    for (const read of [
      (db: Db) => listFavourites(db, MEMBER, { lang: 'en' }),
      (db: Db) => listFavourites(db, MEMBER, { storeNo: STORE_NO, lang: 'en' }),
      (db: Db) => favouriteCodes(db, MEMBER),
      (db: Db) => getCart(db, MEMBER, STORE_NO, 'en'),
      (db: Db) => listAddresses(db, MEMBER),
      (db: Db) => getCustomer(db, MEMBER),
    ]) {
      const { problems, planned } = await planOf(read);
      expect(planned).toBeGreaterThanOrEqual(1);
      expect(problems).toEqual([]);
    }
  });

  it("a member's orders (all and by status) and one order with its lines", async () => {
    const all = await planOf((db) => listOrders(db, MEMBER, [], '0,50'));
    const some = await planOf((db) => listOrders(db, MEMBER, ['Pending Payment', 'Paid'], '0,10'));
    const { data } = await listOrders(h.db, MEMBER, [], '0,1');
    expect(data.length).toBe(1);
    const one = await planOf((db) => getOrder(db, MEMBER, data[0]!.order_refno));
    expect(all.problems).toEqual([]);
    expect(some.problems).toEqual([]);
    expect(one.problems).toEqual([]);
    expect(all.planned).toBeGreaterThanOrEqual(3);
  });

  it("a member's vouchers, points history, feeds and outlet purchases", async () => {
    for (const read of [
      (db: Db) => listMemberVouchers(db, MEMBER, 'en'),
      (db: Db) => listPointsHistory(db, MEMBER),
      (db: Db) => listNotifications(db, MEMBER, 'en', { offset: 0, count: 20 }),
      (db: Db) => unreadNotifications(db, MEMBER),
      (db: Db) => listPurchases(db, MEMBER, '2026-01-01', '2026-03-31'),
    ]) {
      const { problems, planned } = await planOf(read);
      expect(planned).toBeGreaterThanOrEqual(1);
      expect(problems).toEqual([]);
    }
  });

  it('search words are answered by the trigram index (ILIKE %word% on search_text)', async () => {
    // The search filter alone, as listProducts writes it: on the small demo catalogue the planner
    // may prefer to walk a listing index for the whole query, so the trigram index is checked on
    // the filter it exists for (no other index can answer it, and a Seq Scan is priced out).
    const { ilike } = await import('drizzle-orm');
    captured = [];
    await logged.select({ code: schema.products.productCode }).from(schema.products).where(ilike(schema.products.searchText, `%${escapeLike('belly')}%`));
    const plan = JSON.stringify(await explain(captured[0]!));
    expect(plan).toContain('products_search_trgm_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('sees a sequential scan when a query has no index (the check itself works)', async () => {
    // Nothing indexes a product's unit: the planner has no choice but to read the table.
    const { sql, eq } = await import('drizzle-orm');
    const { problems } = await planOf((db) => db.select({ n: sql`count(*)` }).from(schema.products).where(eq(schema.products.unit, 'kg')));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Seq Scan on products in: select/);
  });
});
