/**
 * Demo data that looks like the real shop (5 groups, 15 lines, 133 products, 22 outlets with stock,
 * content, one demo member, a few past orders with reviews). Idempotent: reference data is
 * upserted on its primary key, so a second run leaves the same rows; stock and the member's own
 * rows are inserted only when missing, so orders, points and password changes made in the app
 * survive a re-seed. At most 250 rows per statement; everything runs in one transaction.
 *
 * The data files next to this one use type-only imports and `.ts` import paths, so plain Node
 * (type stripping) can import them too: scripts/make-images.mjs draws the pictures from them.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../schema';
import { BRANDS, GROUPS, LINE_ROWS, PRODUCTS } from './catalogue.ts';
import { COMPANY_INFO, CURRENCIES, HEADER_BANNERS, PROMOTION_BANNERS } from './content.ts';
import {
  BIRTHDAY_CUSTOMER,
  BIRTHDAY_MEMBER,
  birthdayFor,
  DEMO_ADDRESSES,
  DEMO_CUSTOMER,
  DEMO_MEMBER,
  DEMO_MEMBER_VOUCHERS,
  DEMO_OUTLET_PURCHASES,
  DEMO_POINT_TRANSACTIONS,
  VOUCHERS,
} from './member.ts';
import { DELIVERY_RATES, PICKUP_SETTINGS } from './pickup.ts';
import { DEMO_ORDER_EVENTS, DEMO_ORDER_ITEMS, DEMO_ORDERS, DEMO_REVIEWERS, DEMO_REVIEWS } from './reviews.ts';
import { DEMO_DELIVERY_ORDER_EVENTS, DEMO_DELIVERY_ORDER_ITEMS, DEMO_DELIVERY_ORDERS } from './orders.ts';
import { STATES } from './states.ts';
import { STOCK } from './stock.ts';
import { STORES } from './stores.ts';
import { shopDate } from '../../../../domain/shop-time.ts';
import { refreshCatalogueText, type CatalogueText } from '../../services/search-index.ts';
import type { Db } from '../client';
import { clock } from '../../../clock';

export { BIRTHDAY_MEMBER, DEMO_MEMBER } from './member.ts';

/** The demo products' texts in every language (names, descriptions, details) by product code. */
export const DEMO_CATALOGUE_TEXT: ReadonlyMap<string, CatalogueText> = new Map(
  PRODUCTS.map((p) => [p.productCode, { productName: p.productName, productDescription: p.productDescription ?? null, productDetail: p.productDetail ?? null }]),
);

/**
 * Brings a demo database seeded by an older version up to date with the demo data's texts in every
 * language (ADR 19), without touching anything else: products' names, descriptions, details and
 * search text (services/search-index.ts `refreshCatalogueText`), and voucher names whose EN name is
 * still the demo's. Answers how many rows changed; a second run changes none.
 */
export async function refreshDemoTexts(db: SeedDb): Promise<number> {
  let changed = await refreshCatalogueText(db as Db, DEMO_CATALOGUE_TEXT);
  for (const v of VOUCHERS) {
    const rows = await db
      .update(schema.vouchers)
      .set({ vcName: v.vcName })
      .where(and(eq(schema.vouchers.vcCode, v.vcCode), sql`${schema.vouchers.vcName}->>'en' = ${v.vcName.en}`, sql`${schema.vouchers.vcName} is distinct from ${JSON.stringify(v.vcName)}::jsonb`))
      .returning({ code: schema.vouchers.vcCode });
    changed += rows.length;
  }
  return changed;
}
export { GALLERY_PRODUCT } from './catalogue.ts';
export { DEMO_WAITING_COMMENT_ORDER, REVIEWED_PRODUCT } from './reviews.ts';
export { DEMO_DELIVERING_ORDER, DEMO_TRACKING_CODE, DEMO_TRACKING_COURIER } from './orders.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works with the PGlite and postgres-js drivers
type SeedDb = PgDatabase<any, typeof schema>;

/** Largest number of rows in one INSERT. */
export const SEED_BATCH_SIZE = 250;

function chunks<T>(rows: readonly T[], size = SEED_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts rows; on a conflict on `target` overwrites the columns present in the rows, except the
 * key columns and those named in `keep` (property names, e.g. 'createdAt').
 */
async function upsert<T extends PgTable>(db: SeedDb, table: T, target: PgColumn | PgColumn[], rows: readonly T['$inferInsert'][], keep: string[] = []) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = new Set((Array.isArray(target) ? target : [target]).map((c) => c.name));
  const set: Record<string, SQL> = {};
  for (const prop of Object.keys(rows[0] as object)) {
    const column = columns[prop];
    if (!column || keys.has(column.name) || keep.includes(prop)) continue;
    set[prop] = sql.raw(`excluded."${column.name}"`);
  }
  for (const batch of chunks(rows)) {
    await db.insert(table as PgTable).values(batch as never).onConflictDoUpdate({ target, set });
  }
}

/** Inserts rows that are not there yet; existing rows (same key) are left as they are. */
async function insertMissing<T extends PgTable>(db: SeedDb, table: T, rows: readonly T['$inferInsert'][]) {
  for (const batch of chunks(rows)) {
    await db.insert(table as PgTable).values(batch as never).onConflictDoNothing();
  }
}

/** Moves a serial column's sequence past the highest id, after rows were inserted with explicit ids. */
async function syncSerial(db: SeedDb, tableName: string, columnName: string) {
  await db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${tableName}', '${columnName}'), coalesce((select max("${columnName}") from "${tableName}"), 1))`),
  );
}

async function memberExists(db: SeedDb, memberCode: string = DEMO_MEMBER.memberCode): Promise<boolean> {
  const rows = await db
    .select({ memberCode: schema.customers.memberCode })
    .from(schema.customers)
    .where(eq(schema.customers.memberCode, memberCode));
  return rows.length > 0;
}

/**
 * Loads the demo data. Safe to run on every start: a second run changes no rows.
 * @param options.now reference time for product `createdAt` (spread over the 120 days before it); default now.
 */
export async function seed(db: SeedDb, options: { now?: Date } = {}): Promise<void> {
  const now = (options.now ?? clock.now()).getTime();
  // Hash outside the transaction and only for a new member: argon2 is slow on purpose.
  // The birthday member shares the demo password, hence the hash.
  const missing = !(await memberExists(db)) || !(await memberExists(db, BIRTHDAY_MEMBER.memberCode));
  const passwordHash = missing ? await hash(DEMO_MEMBER.password) : null; // argon2id is the default

  await db.transaction(async (tx) => {
    const t = tx as unknown as SeedDb;
    const s = schema;

    await upsert(t, s.states, s.states.stateCode, STATES);
    await upsert(t, s.productGroups, s.productGroups.groupCode, GROUPS);
    await upsert(t, s.productLines, s.productLines.lineCode, LINE_ROWS);
    await upsert(t, s.brands, s.brands.brandCode, BRANDS);
    const products = PRODUCTS.map(({ ageMinutes, ...row }) => ({ ...row, createdAt: new Date(now - ageMinutes * 60_000) }));
    await upsert(t, s.products, s.products.productCode, products, ['createdAt']);
    await upsert(t, s.stores, s.stores.storeCode, STORES);
    await insertMissing(t, s.storeStock, STOCK);
    await upsert(t, s.pickupSettings, s.pickupSettings.id, [PICKUP_SETTINGS]);
    await upsert(t, s.deliveryRates, s.deliveryRates.stateCode, DELIVERY_RATES);

    await upsert(t, s.headerBanners, s.headerBanners.id, HEADER_BANNERS);
    await syncSerial(t, 'header_banners', 'id');
    await upsert(t, s.promotionBanners, s.promotionBanners.bannerId, PROMOTION_BANNERS);
    await syncSerial(t, 'promotion_banners', 'banner_id');
    await upsert(t, s.companyInfo, s.companyInfo.key, COMPANY_INFO);
    await upsert(t, s.currencies, s.currencies.code, CURRENCIES);
    await upsert(t, s.vouchers, s.vouchers.vcCode, VOUCHERS);

    if (passwordHash) await t.insert(s.customers).values({ ...DEMO_CUSTOMER, passwordHash }).onConflictDoNothing();
    // The birthday member (coverage.md §4 Birthday): born in this month, whenever the data is (re)seeded.
    if (passwordHash) await t.insert(s.customers).values({ ...BIRTHDAY_CUSTOMER, birthday: birthdayFor(shopDate(now)), passwordHash }).onConflictDoNothing();
    await t.update(s.customers).set({ birthday: birthdayFor(shopDate(now)) }).where(eq(s.customers.memberCode, BIRTHDAY_MEMBER.memberCode));
    if (!(await memberExists(t))) return; // the mobile number belongs to another member: leave it alone

    const [{ n }] = await t.select({ n: count() }).from(s.addresses).where(eq(s.addresses.memberCode, DEMO_MEMBER.memberCode));
    if (n === 0) await t.insert(s.addresses).values(DEMO_ADDRESSES);
    await insertMissing(t, s.memberVouchers, DEMO_MEMBER_VOUCHERS);
    await insertMissing(t, s.pointTransactions, DEMO_POINT_TRANSACTIONS);
    await insertMissing(t, s.outletPurchases, DEMO_OUTLET_PURCHASES);

    // Demo shoppers, their past orders and reviews (a review needs a purchase).
    await insertMissing(t, s.customers, DEMO_REVIEWERS);
    await insertMissing(t, s.orders, DEMO_ORDERS);
    await insertMissing(t, s.orderItems, DEMO_ORDER_ITEMS);
    // The demo member's delivery on its way (tracking code), after the orders above.
    await insertMissing(t, s.orders, DEMO_DELIVERY_ORDERS);
    await insertMissing(t, s.orderItems, DEMO_DELIVERY_ORDER_ITEMS);
    await syncSerial(t, 'order_items', 'id');
    await insertMissing(t, s.orderEvents, [...DEMO_ORDER_EVENTS, ...DEMO_DELIVERY_ORDER_EVENTS]);
    await syncSerial(t, 'order_events', 'id');
    await insertMissing(t, s.reviews, DEMO_REVIEWS);
    await syncSerial(t, 'reviews', 'id');
  });
}
