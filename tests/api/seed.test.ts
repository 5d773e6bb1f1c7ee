/**
 * The demo seed (src/server/xs-api/db/seed): loads into a fresh in-memory PGlite, has the promised
 * shape, and a second run changes no row.
 */
import { PGlite } from '@electric-sql/pglite';
import { verify } from '@node-rs/argon2';
import { getTableName, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/xs-api/db/schema';
import { pgliteExtensions } from '../../src/server/xs-api/db/client';
import { clock } from '../../src/server/clock';
import { DEMO_MEMBER, GALLERY_PRODUCT, REVIEWED_PRODUCT, seed } from '../../src/server/xs-api/db/seed';

// The extensions the migrations create (pg_trgm for search), as the shop loads them.
const client = new PGlite({ extensions: await pgliteExtensions() });
const db = drizzle(client, { schema });

/** Every table the seed writes to. */
const SEEDED: PgTable[] = [
  schema.states, schema.productGroups, schema.productLines, schema.brands, schema.products, schema.stores,
  schema.storeStock, schema.pickupSettings, schema.deliveryRates, schema.headerBanners, schema.promotionBanners,
  schema.companyInfo, schema.currencies, schema.vouchers, schema.customers, schema.addresses, schema.memberVouchers,
  schema.pointTransactions, schema.outletPurchases, schema.orders, schema.orderItems, schema.reviews,
];

/** All rows of all seeded tables, each table sorted, as JSON text. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of SEEDED) {
    const rows = await db.select().from(table);
    out[getTableName(table)] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function countOf(query: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${query}`));
  return res.rows[0].n;
}

let first: Record<string, string[]>;

beforeAll(async () => {
  await migrate(db, { migrationsFolder: 'src/server/xs-api/db/migrations' });
  await seed(db);
  first = await snapshot();
  await seed(db);
}, 120_000);

afterAll(async () => {
  await client.close();
});

describe('seed', () => {
  it('loads the catalogue', async () => {
    expect(await countOf('product_groups')).toBeGreaterThanOrEqual(4);
    expect(await countOf('product_lines')).toBeGreaterThanOrEqual(12);
    expect(await countOf('products')).toBeGreaterThanOrEqual(120);
    expect(await countOf('products where final_price_sen < price_sen')).toBeGreaterThanOrEqual(20);
    expect(await countOf('products where final_price_sen > price_sen or final_price_sen % 5 <> 0')).toBe(0);
    expect(await countOf('products where is_featured')).toBeGreaterThanOrEqual(10);
    // Old and new products, as seen on the shop's clock (which tests may move), not the database's now().
    const now = `'${clock.now().toISOString()}'::timestamptz`;
    expect(await countOf(`products where created_at < ${now} - interval '60 days'`)).toBeGreaterThan(0);
    expect(await countOf(`products where created_at > ${now} - interval '30 days'`)).toBeGreaterThan(0);
    const [gallery] = await db.select().from(schema.products).where(sql`${schema.products.productCode} = ${GALLERY_PRODUCT}`);
    expect(gallery.pictures).toHaveLength(7);
    expect(await countOf('products p left join product_lines l using (line_code) where l.line_code is null')).toBe(0);
  });

  it('loads outlets, states, stock and fulfilment settings', async () => {
    expect(await countOf('stores')).toBe(22);
    expect(await countOf('states')).toBe(16);
    expect(await countOf('states where is_federal_territory')).toBe(3);
    expect(await countOf('store_stock')).toBe((await countOf('stores')) * (await countOf('products')));
    expect(await countOf('store_stock where quantity = 0')).toBeGreaterThan(0);
    expect(await countOf('store_stock where quantity between 5 and 80')).toBeGreaterThan(0);
    expect(await countOf("stores where store_pickdel = 'BOTHPD'")).toBeGreaterThan(await countOf("stores where store_pickdel <> 'BOTHPD'"));
    expect(await countOf('pickup_settings')).toBe(1);
    expect(await countOf('delivery_rates')).toBe(16);
  });

  it('loads content', async () => {
    expect(await countOf('header_banners')).toBe(4);
    expect(await countOf('promotion_banners')).toBe(4);
    expect(await countOf("currencies where code = 'MYR' and symbol = 'RM'")).toBe(1);
    for (const key of ['company_address1', 'company_address2', 'company_email', 'company_tel', 'facebook_url', 'website_URL', 'tiktok_url', 'instagram_url']) {
      expect(await countOf(`company_info where key = '${key}'`)).toBe(1);
    }
    const banners = await db.select().from(schema.promotionBanners);
    for (const b of banners) {
      expect(b.productCodes.length).toBeGreaterThan(0);
      const codes = b.productCodes.map((c) => `'${c}'`).join(',');
      expect(await countOf(`products where product_code in (${codes}) and final_price_sen < price_sen`)).toBe(b.productCodes.length);
    }
  });

  it('creates the demo member with addresses, vouchers and history', async () => {
    const [member] = await db.select().from(schema.customers).where(sql`${schema.customers.mobile} = ${DEMO_MEMBER.mobile}`);
    expect(member.memberCode).toBe(DEMO_MEMBER.memberCode);
    expect(member.points).toBe(1280);
    expect(await verify(member.passwordHash, DEMO_MEMBER.password)).toBe(true);
    expect(member.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await countOf(`addresses where member_code = '${DEMO_MEMBER.memberCode}'`)).toBe(2);
    expect(await countOf(`addresses where member_code = '${DEMO_MEMBER.memberCode}' and add_default`)).toBe(1);
    expect(await countOf("member_vouchers where vc_expire_date >= '2027-01-01' and used_at is null")).toBeGreaterThanOrEqual(1);
    expect(await countOf('vouchers where is_birthday')).toBe(1);
    expect(await countOf('outlet_purchases')).toBe(2);
    const res = await db.execute<{ n: number }>(sql`select sum(points)::int as n from point_transactions`);
    expect(res.rows[0].n).toBe(member.points);
  });

  it('adds demo reviews, each tied to a past order of its writer that contains the product', async () => {
    expect(await countOf(`reviews where product_code = '${REVIEWED_PRODUCT}'`)).toBe(5);
    expect(await countOf(`reviews where member_code = '${DEMO_MEMBER.memberCode}'`)).toBe(1);
    expect(
      await countOf(
        "reviews r where not exists (select 1 from orders o join order_items i using (order_refno) where o.order_refno = r.order_refno and o.member_code = r.member_code and i.product_code = r.product_code and o.status <> 'Cancelled')",
      ),
    ).toBe(0);
    expect(await countOf("customers where password_hash not like '$argon2id$%'")).toBe(4);
  });

  it('changes nothing when run a second time', async () => {
    expect(await snapshot()).toEqual(first);
  });

  it('keeps serial sequences past the seeded ids', async () => {
    const [row] = await db
      .insert(schema.headerBanners)
      .values({ bannerUrl: '/x.svg', link: '/', alt: { en: 'x' } })
      .returning({ id: schema.headerBanners.id });
    expect(row.id).toBe(5);
    await db.delete(schema.headerBanners).where(sql`${schema.headerBanners.id} = 5`);
  });
});
