/**
 * Member tables (coverage.md §3 Customer/Profile, Address, Voucher, Favourites, Cart, Purchase history;
 * §4 Session). Money is integer sen.
 */
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products, stores, type LocalizedText } from './catalogue';
import { clock } from '../../../clock';
import { POINT_REASONS, type PointReasonParams } from '../../../../domain/points';
import type { DeliveryMethod } from '../../../../lib/xs-api/contract/access';

/** Members (coverage.md §3 Customer). Passwords are argon2id hashes. */
export const customers = pgTable('customers', {
  memberCode: text('member_code').primaryKey(),
  firstName: text('customer_firstname').notNull(),
  lastName: text('customer_lastname').notNull().default(''),
  mobile: text('customer_mobile').notNull().unique(),
  email: text('customer_email'),
  passwordHash: text('password_hash').notNull(),
  picture: text('customer_picture'),
  points: integer('customer_point').notNull().default(0),
  birthday: date('birthday'),
  birthdayClaimedYear: integer('birthday_claimed_year'),
  language: text('language', { enum: ['en', 'zh', 'ar'] }).notNull().default('en'),
  verified: boolean('verified').notNull().default(true),
  /** The saved delivery method (coverage.md §3 "saved per user"; contract `deliveryMethodShape`), null before the first choice. */
  deliveryMethod: jsonb('delivery_method').$type<DeliveryMethod>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** Server sessions named by the sealed cookie or a bearer token (docs/architecture.md Security). */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_member_idx').on(t.memberCode)],
);

/** Delivery and billing addresses (coverage.md §3 Address). */
export const addresses = pgTable(
  'addresses',
  {
    addId: serial('add_id').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    person: text('add_person').notNull(),
    phone: text('add_phone').notNull(),
    address1: text('add_address1').notNull(),
    address2: text('add_address2').notNull(),
    city: text('add_city').notNull(),
    postcode: text('add_postcode').notNull(),
    state: text('add_state').notNull(),
    country: text('add_country').notNull().default('Malaysia'),
    isDefault: boolean('add_default').notNull().default(false),
    latitude: real('latitude'),
    longitude: real('longitude'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('addresses_member_idx').on(t.memberCode)],
);

/** Cart lines per member and outlet (coverage.md §3 Cart). */
export const cartItems = pgTable(
  'cart_items',
  {
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    storeNo: text('store_no').notNull(),
    productCode: text('product_code').notNull().references(() => products.productCode),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [primaryKey({ columns: [t.memberCode, t.storeNo, t.productCode] })],
);

/** Favourite products per member (coverage.md §3 Favourites). */
export const favourites = pgTable(
  'favourites',
  {
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    productCode: text('product_code').notNull().references(() => products.productCode),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  // The primary key finds a member's favourites; the second index lists them newest first.
  (t) => [primaryKey({ columns: [t.memberCode, t.productCode] }), index('favourites_member_added_idx').on(t.memberCode, t.addedAt.desc().nullsFirst())],
);

/** Voucher kinds (coverage.md §3 Voucher). `amount` is a fixed ringgit amount ('10.00') or a percent ('10%'). */
export const vouchers = pgTable('vouchers', {
  vcCode: text('vc_code').primaryKey(),
  vcName: jsonb('vc_name').$type<{ en: string; zh?: string; ar?: string }>().notNull(),
  vcImage: text('vc_image').notNull(),
  vcAmount: text('vc_amount').notNull(),
  /** Points needed to redeem; null when not redeemable with points. */
  vcRedeemFormula: integer('vc_redeem_formula'),
  /** Minimum product subtotal in sen for the voucher to apply. */
  minSpendSen: integer('min_spend_sen').notNull().default(0),
  /** Terms and conditions per language (issue 24), like the name; EN always present. */
  vcTnc: jsonb('vc_tnc').$type<LocalizedText>().notNull(),
  isBirthday: boolean('is_birthday').notNull().default(false),
});

/** Vouchers a member holds (coverage.md §3 Voucher vm_voucher_no). Status 1 active, 2 expired or used. */
export const memberVouchers = pgTable(
  'member_vouchers',
  {
    vmVoucherNo: text('vm_voucher_no').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    vcCode: text('vc_code').notNull().references(() => vouchers.vcCode),
    vcNo: text('vc_no').notNull(),
    expireDate: date('vc_expire_date').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedOrderRefno: text('used_order_refno'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('member_vouchers_member_idx').on(t.memberCode)],
);

/**
 * Points earned and spent (spec membership points history). An online order's points carry the
 * order and the kind of entry ('earn' when it was paid, 'reverse' when a paid order was cancelled,
 * 'adjust' when a short pick lowered its subtotal); the unique (order_refno, kind) over 'earn' and
 * 'reverse' makes each happen at most once per order, whatever replays (an order may have several
 * adjustments, one per short pick).
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    transNo: text('transno').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    points: integer('points').notNull(),
    description: text('description').notNull(),
    storeCode: text('store_code').references(() => stores.storeCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    /** The online order the entry is for; null for other entries (outlet purchases, redemptions). */
    orderRefno: text('order_refno'),
    kind: text('kind', { enum: ['earn', 'reverse', 'adjust'] }),
    /** Why the points moved (src/domain/points.ts POINT_REASONS); each language words it from its messages. */
    reason: text('reason', { enum: POINT_REASONS }).notNull().default('other'),
    /** The reason's parameters: codes and numbers (`PointReasonParams`). */
    reasonParams: jsonb('reason_params').$type<PointReasonParams>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('point_transactions_order_kind_idx').on(t.orderRefno, t.kind).where(sql`${t.kind} in ('earn', 'reverse')`),
    // points_history: a member's entries, newest first (services/points.ts).
    index('point_transactions_member_idx').on(t.memberCode, t.createdAt.desc().nullsFirst(), t.transNo.desc().nullsFirst()),
  ],
);

/** Purchases made at the outlets (spec purchase history by fromDate/toDate). */
export const outletPurchases = pgTable(
  'outlet_purchases',
  {
    transNo: text('transno').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    storeCode: text('store_code').notNull().references(() => stores.storeCode),
    purchaseDate: date('purchase_date').notNull(),
    amountSen: integer('amount_sen').notNull(),
    items: jsonb('items').$type<{ product_code: string; product_name: string; quantity: number; amount_sen: number }[]>().notNull(),
  },
  // get_purchase_history_data: a member's bills in a date range, newest first (services/purchases.ts).
  (t) => [index('outlet_purchases_member_idx').on(t.memberCode, t.purchaseDate.desc().nullsFirst(), t.transNo.desc().nullsFirst())],
);

/** Member notifications (spec notification_listing). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    memberCode: text('member_code').references(() => customers.memberCode),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What it is about, for the member's language at listing time: e.g. 'order_status'. */
    kind: text('kind'),
    /** The message's parameters (e.g. { order_refno, status }), rendered in the member's language. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  // The feeds page: a member's notices, newest first, and how many are unread (services/notifications.ts).
  (t) => [index('notifications_member_idx').on(t.memberCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Feedback (spec Feedback: categories and GOOD/NEUTRAL/POOR ratings). */
export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  memberCode: text('member_code').notNull().references(() => customers.memberCode),
  category: text('category').notNull(),
  rating: text('rating', { enum: ['GOOD', 'NEUTRAL', 'POOR'] }).notNull(),
  storeCode: text('store_code'),
  comment: text('comment').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** Reset tokens for forgotten passwords (spec reset_password). Token stored as SHA-256 hex. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  memberCode: text('member_code').notNull().references(() => customers.memberCode),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * The live phone verification code of a member who has not verified their number yet (issue "The
 * member's account area" item 12): one row per member, so a new code replaces the old one. The
 * code is stored as an argon2id hash; it expires at `expiresAt` (10 minutes) and is spent after
 * `attempts` reaches 5 wrong tries (counted by a conditional update, so concurrent tries cannot
 * exceed it).
 */
export const phoneCodes = pgTable('phone_codes', {
  memberCode: text('member_code')
    .primaryKey()
    .references(() => customers.memberCode),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** Outgoing text messages when no SMS gateway is configured (docs/architecture.md Adapters). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  to: text('to_number').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** Address geocoding cache (docs/architecture.md Adapters: geocoding). */
export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  latitude: real('latitude').notNull(),
  longitude: real('longitude').notNull(),
});

export type Customer = typeof customers.$inferSelect;
export type Address = typeof addresses.$inferSelect;
