/**
 * Catalogue tables (coverage.md §3: Product, Product line, Category group, Brand, Store, Pickup settings).
 * Money columns are integer sen; names are stored per language (en, zh, ar).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { clock } from '../../../clock';

/** Text per language; `en` is always present, `zh`/`ar` fall back to `en` when missing. */
export type LocalizedText = { en: string; zh?: string; ar?: string };

/** Malaysian states and federal territories (coverage.md §7 state_listing). */
export const states = pgTable('states', {
  stateCode: text('state_code').primaryKey(),
  stateName: text('state_name').notNull(),
  isFederalTerritory: boolean('is_federal_territory').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Parent category groups (coverage.md §3 Category group). */
export const productGroups = pgTable('product_groups', {
  groupCode: text('group_code').primaryKey(),
  groupName: jsonb('group_name').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Product lines, the shop's categories (coverage.md §3 Product line). */
export const productLines = pgTable(
  'product_lines',
  {
    lineCode: text('line_code').primaryKey(),
    groupCode: text('group_code').notNull().references(() => productGroups.groupCode),
    lineName: jsonb('line_name').$type<LocalizedText>().notNull(),
    lineIcon: text('line_icon').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  // A group's lines (product_listing by group_code, product_line_listing of a group).
  (t) => [index('product_lines_group_idx').on(t.groupCode, t.sortOrder)],
);

/** Brands (coverage.md §3 Brand). */
export const brands = pgTable('brands', {
  brandCode: text('brand_code').primaryKey(),
  brandName: text('brand_name').notNull(),
  brandLogo: text('brand_logo'),
});

/** Products (coverage.md §3 Product). `priceSen` is the list price; `finalPriceSen` is lower during a promotion. */
export const products = pgTable(
  'products',
  {
    productCode: text('product_code').primaryKey(),
    lineCode: text('line_code').notNull().references(() => productLines.lineCode),
    brandCode: text('brand_code').references(() => brands.brandCode),
    productName: jsonb('product_name').$type<LocalizedText>().notNull(),
    /** EN, ZH and AR names joined and folded by src/domain/search-text.ts `productSearchText`, for search (ILIKE). */
    searchText: text('search_text').notNull(),
    productDescription: jsonb('product_description').$type<LocalizedText>(),
    productDetail: jsonb('product_detail').$type<LocalizedText>(),
    pictures: jsonb('pictures').$type<string[]>().notNull(),
    priceSen: integer('price_sen').notNull(),
    finalPriceSen: integer('final_price_sen').notNull(),
    unit: text('unit').notNull().default('pack'),
    isFeatured: boolean('is_featured').notNull().default(false),
    topSales: integer('top_sales').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    /** Last change by HQ or an import (null: as seeded). */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('products_line_idx').on(t.lineCode),
    index('products_created_idx').on(t.createdAt),
    // product_listing (services/products.ts): every listing asks for active products only, so the
    // listing indexes hold only those. One per sort (ties by product_code, as the query orders),
    // per product line and shop-wide, so a page is read in order and stops at its limit.
    index('products_active_top_sales_idx').on(t.topSales.desc().nullsFirst(), t.productCode).where(sql`${t.isActive}`),
    index('products_active_latest_idx').on(t.createdAt.desc().nullsFirst(), t.productCode).where(sql`${t.isActive}`),
    index('products_active_price_idx').on(t.finalPriceSen, t.productCode).where(sql`${t.isActive}`),
    index('products_line_top_sales_idx').on(t.lineCode, t.topSales.desc().nullsFirst(), t.productCode).where(sql`${t.isActive}`),
    index('products_line_latest_idx').on(t.lineCode, t.createdAt.desc().nullsFirst(), t.productCode).where(sql`${t.isActive}`),
    index('products_line_price_idx').on(t.lineCode, t.finalPriceSen, t.productCode).where(sql`${t.isActive}`),
    index('products_brand_idx').on(t.brandCode, t.topSales.desc().nullsFirst(), t.productCode).where(sql`${t.isActive}`),
    // type=homepage (featured) and type=promotion (final price below the list price).
    index('products_featured_idx').on(t.topSales.desc().nullsFirst(), t.productCode).where(sql`${t.isActive} and ${t.isFeatured}`),
    index('products_promotion_idx').on(t.topSales.desc().nullsFirst(), t.productCode).where(sql`${t.isActive} and ${t.finalPriceSen} < ${t.priceSen}`),
    // Search: ILIKE '%word%' on search_text, answered by trigrams (the pg_trgm extension, created
    // by the migration; PGlite loads it in db/client.ts).
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Outlets of the chain (coverage.md §3 Store). `pickDel` is DELIVERY, PICKUP or BOTHPD. */
export const stores = pgTable('stores', {
  storeCode: text('store_code').primaryKey(),
  storeNo: text('store_no').notNull().unique(),
  storeName: text('store_name').notNull(),
  storeAddress: text('store_address').notNull(),
  storeCity: text('store_city').notNull(),
  stateCode: text('state_code').notNull().references(() => states.stateCode),
  storePhone: text('store_phone').notNull(),
  latitude: real('latitude').notNull(),
  longitude: real('longitude').notNull(),
  pickDel: text('store_pickdel', { enum: ['DELIVERY', 'PICKUP', 'BOTHPD'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** Units on hand per outlet and product. Orders decrement it inside their transaction. */
export const storeStock = pgTable(
  'store_stock',
  {
    storeCode: text('store_code').notNull().references(() => stores.storeCode),
    productCode: text('product_code').notNull().references(() => products.productCode),
    quantity: integer('quantity').notNull(),
  },
  // The primary key answers "stock at this outlet"; the product index answers "in stock at any outlet".
  (t) => [primaryKey({ columns: [t.storeCode, t.productCode] }), index('store_stock_product_idx').on(t.productCode)],
);

/** One row: self pick-up rules (coverage.md §3 Pickup settings, §5 Pick-up date). */
export const pickupSettings = pgTable('pickup_settings', {
  id: integer('id').primaryKey(),
  /** Minimum lead time in days. */
  pickupMinTime: integer('pickup_min_time').notNull(),
  /** Earliest pick-up time of day, HH:mm. */
  pickupMinTimeRange: text('pickup_min_time_range').notNull(),
  /** Latest pick-up time of day, HH:mm. */
  pickupMaxTimeRange: text('pickup_max_time_range').notNull(),
  /** Seven flags Sunday..Saturday, comma-separated; '0' marks a closed day. */
  pickupDaysRange: text('pickup_days_range').notNull(),
  /** Minutes between offered pick-up times. */
  slotMinutes: integer('slot_minutes').notNull().default(30),
});

/** Delivery fee per state: a base fee plus a fee per km, free above a subtotal. All sen. */
export const deliveryRates = pgTable('delivery_rates', {
  stateCode: text('state_code').primaryKey().references(() => states.stateCode),
  baseSen: integer('base_sen').notNull(),
  perKmSen: integer('per_km_sen').notNull(),
  freeAboveSen: integer('free_above_sen'),
});
