/**
 * What HQ and the point-of-sale system change in the catalogue, and who did it (issue "The chain's
 * own catalogue" §1, §4; ADR 26).
 *
 * - `catalogue_events`: one row per change of a product, its stock, a product line or group, a
 *   banner or an integration token: the staff member (or the integration token) and the time, what
 *   was done (`action`) to what (`subject`: 'P0001', 'S001/P0001', 'line:L01', 'header_banner:3'),
 *   and the values that changed (`detail`, JSON).
 * - `price_history`: every change of a product's list or promotional price, old → new, in sen.
 * - `integration_tokens`: tokens HQ issues to another system (the point-of-sale system's stock
 *   feed), stored as the SHA-256 of the token only; shown once when issued, refused once revoked.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { INTEGRATION_SCOPES } from '../../../../domain/catalogue-edit';
import { products } from './catalogue';
import { staff } from './staff';
import { clock } from '../../../clock';

export const integrationTokens = pgTable('integration_tokens', {
  id: serial('id').primaryKey(),
  /** What HQ calls it: 'POS Kepong'. */
  name: text('name').notNull(),
  /** What it may do: 'stock' (pos_stock). */
  scope: text('scope', { enum: INTEGRATION_SCOPES }).notNull(),
  /** SHA-256 of the token, hex; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The token's first characters, so HQ can tell tokens apart in the list. */
  prefix: text('prefix').notNull(),
  createdBy: integer('created_by').references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: integer('revoked_by').references(() => staff.id),
});

export const catalogueEvents = pgTable(
  'catalogue_events',
  {
    id: serial('id').primaryKey(),
    /** The HQ member who made the change; null when an integration token did. */
    actorStaffId: integer('actor_staff_id').references(() => staff.id),
    /** The integration token that made the change (the point-of-sale stock feed). */
    actorTokenId: integer('actor_token_id').references(() => integrationTokens.id),
    /** 'product_created', 'product_updated', 'stock_set', 'stock_imported' (a CSV import: { quantity: { S001: [old, new], … } } per product), 'line_saved', 'group_saved', 'header_banner_saved', 'promotion_banner_saved', 'banner_removed', 'token_issued', 'token_revoked'. */
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    /** The changed fields, { field: [old, new] } (or the new values of a new row). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('catalogue_events_subject_idx').on(t.subject, t.id)],
);

export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull().references(() => products.productCode),
    oldPriceSen: integer('old_price_sen'),
    newPriceSen: integer('new_price_sen').notNull(),
    oldFinalPriceSen: integer('old_final_price_sen'),
    newFinalPriceSen: integer('new_final_price_sen').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('price_history_product_idx').on(t.productCode, t.id)],
);
