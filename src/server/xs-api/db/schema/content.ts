/**
 * Content tables (coverage.md §3 Promotion banner, Header banner, Company contact, Social info; §1 Currency).
 */
import { date, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './catalogue';

/** Header slideshow banners (coverage.md §3 Header banner). */
export const headerBanners = pgTable('header_banners', {
  id: serial('id').primaryKey(),
  bannerUrl: text('banner_url').notNull(),
  link: text('link').notNull(),
  alt: jsonb('alt').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Shown from this Malaysian date (inclusive); null: from now on. Set by HQ (issue "The chain's own catalogue" §1). */
  startDate: date('banner_start_date'),
  /** Shown until this Malaysian date (inclusive); null: until removed. */
  endDate: date('banner_end_date'),
});

/** Promotion banners (coverage.md §3 Promotion banner); shown between start and end dates. */
export const promotionBanners = pgTable('promotion_banners', {
  bannerId: serial('banner_id').primaryKey(),
  bannerName: jsonb('banner_name').$type<LocalizedText>().notNull(),
  bannerImage: jsonb('banner_image').$type<string[]>().notNull(),
  bannerDesc: jsonb('banner_desc').$type<LocalizedText>().notNull(),
  bannerUrl: jsonb('banner_url').$type<string[]>().notNull(),
  /** Product codes on promotion under this banner. */
  productCodes: jsonb('product_codes').$type<string[]>().notNull(),
  startDate: date('banner_start_date').notNull(),
  endDate: date('banner_end_date').notNull(),
});

/** Key/value company information: contact (company_address1, …) and social links (facebook_url, …). */
export const companyInfo = pgTable('company_info', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Currencies (coverage.md §1): only MYR is offered. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
});
