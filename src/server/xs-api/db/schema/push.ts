/**
 * Order news on the member's devices and "tell me when it's back" (ADR 32; migration
 * 0013_push_and_back_in_stock):
 * - `push_subscriptions`: one row per browser a member switched order news on in (Web Push: the
 *   push service's endpoint and the browser's keys), with a label of its user agent and the
 *   language it was switched on in.
 * - `push_outbox`: what is to be sent after the transaction that wrote it commits: one row per
 *   notice (an order's news, a product back in stock) or text message, claimed once by a
 *   dispatcher (services/push/dispatch.ts), so sending never holds up or undoes the change.
 * - `back_in_stock_requests`: a member's request to be told when a product is in stock again at an
 *   outlet; open while `fulfilled_at` is null, one open request per member, product and outlet.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './members';
import { products, stores } from './catalogue';
import { clock } from '../../../clock';

/** A browser a member switched order news on in (the PushSubscription the browser gave). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    /** The push service's address for this browser (https), unique: one browser, one row. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url) and its auth secret (base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short label of the device ('Chrome on Android'), for the member's own list. */
    userAgent: text('user_agent').notNull().default(''),
    /** The page's language when it was switched on; the messages follow the member's language. */
    language: text('language', { enum: ['en', 'zh', 'ar'] }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_member_idx').on(t.memberCode)],
);

/** Messages waiting to be sent, written in the transaction of the change they tell about. */
export const pushOutbox = pgTable('push_outbox', {
  id: serial('id').primaryKey(),
  memberCode: text('member_code').notNull(),
  /** 'push' (every subscribed device of the member) or 'sms' (the member's mobile number). */
  channel: text('channel', { enum: ['push', 'sms'] }).notNull(),
  /** The message's kind (services/push/payload.ts) and its parameters, worded in the member's language when sent. */
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string | number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** "Tell me when it's back": open until stock at the outlet is above 0 again, then fulfilled once. */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    productCode: text('product_code').notNull().references(() => products.productCode),
    storeCode: text('store_code').notNull().references(() => stores.storeCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** The units at the outlet seen by the stock write that fulfilled it. */
    quantity: integer('quantity'),
  },
  (t) => [
    // Asking twice is one request: one open request per member, product and outlet.
    uniqueIndex('back_in_stock_open_idx').on(t.memberCode, t.productCode, t.storeCode).where(sql`${t.fulfilledAt} is null`),
    // A stock write finds the open requests of the outlet's products it raised.
    index('back_in_stock_waiting_idx').on(t.storeCode, t.productCode).where(sql`${t.fulfilledAt} is null`),
  ],
);
