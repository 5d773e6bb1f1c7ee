/**
 * Order tables (coverage.md §3 Order, Review; §7 Checkout, orders and payment). Money is integer sen.
 */
import { date, index, integer, jsonb, pgSequence, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './members';
import { products } from './catalogue';
import { staff } from './staff';

import { BILL_PLATFORM } from '../../../../domain/constants';
import { ORDER_STATUSES } from '../../../../domain/orders';
import { ORDER_ACTORS } from '../../../../domain/order-status';
import { clock } from '../../../clock';

/** A postal address block as copied onto an order (order_bill_* / order_del_*). */
export type OrderAddress = {
  person: string;
  phone: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
};

/**
 * Numbers orders: one value per order, shop-wide, taken with nextval() inside the order's
 * transaction (never `count(*) + 1`: concurrent checkouts would get the same number). Values lost
 * to rolled-back transactions leave gaps, which is fine. `formatOrderRefno` of src/domain/orders.ts
 * turns a value into the order_refno.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1, minValue: 1, cache: 1 });

/** Orders (coverage.md §3 Order). Amounts are sen; `amountSen` is the total after rounding. */
export const orders = pgTable(
  'orders',
  {
    orderRefno: text('order_refno').primaryKey(),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    /** Client-chosen key: a retried submit with the same key returns the first order. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * SHA-256 (hex) of the canonical JSON of the add_order body that created the order: a replay of
     * the idempotency key with another body is refused (409). Null for orders placed before it existed.
     */
    requestHash: text('request_hash'),
    orderDate: date('order_date').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    delType: text('order_del_type', { enum: ['DELIVERY', 'PICKUP'] }).notNull(),
    storeCode: text('store_code').notNull(),
    subtotalSen: integer('subtotal_sen').notNull(),
    deliveryChargesSen: integer('order_delivery_charges_sen').notNull(),
    voucherAmountSen: integer('order_voucher_amount_sen').notNull(),
    roundingSen: integer('order_rounding_sen').notNull(),
    amountSen: integer('order_amount_sen').notNull(),
    remark: text('order_remark').notNull().default(''),
    billPlatform: text('bill_platform').notNull().default(BILL_PLATFORM),
    billAddress: jsonb('order_bill').$type<OrderAddress>().notNull(),
    deliveryAddress: jsonb('order_del').$type<OrderAddress>(),
    pickupStoreCode: text('order_del_pickup_store_code'),
    pickupStoreName: text('order_del_pickup_store_name'),
    pickupStorePhone: text('order_del_pickup_store_phone'),
    pickupDate: date('order_del_pickup_date'),
    pickupTime: text('order_del_pickup_time'),
    distanceKm: real('distance_km'),
    voucherCode: text('order_voucher_code'),
    voucherNo: text('order_voucher_no'),
    voucherName: text('order_voucher_name'),
    trackingCode: text('tracking_code'),
    /** The courier the tracking code belongs to (src/domain/couriers.ts `COURIER_CODES`), set with it; null before. */
    trackingCourier: text('tracking_courier'),
    /**
     * The code the shopper shows at the counter (src/domain/staff.ts COLLECTION_CODE_LENGTH digits),
     * made when the order becomes Ready To Pickup; asked by staff at the hand-over.
     */
    collectionCode: text('collection_code'),
    /** What was refunded of a paid order that is not cancelled (short picks), sen. */
    refundedSen: integer('refunded_sen').notNull().default(0),
    /** Why an operator must look at the order's payment ('amount_mismatch', 'paid_after_cancel'); null when nothing is wrong. */
    paymentFlag: text('payment_flag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('orders_member_idx').on(t.memberCode, t.createdAt), index('orders_status_idx').on(t.status, t.createdAt)],
);

/** Order lines with the name, picture and price copied at the time of the order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderRefno: text('order_refno').notNull().references(() => orders.orderRefno),
    productCode: text('product_code').notNull().references(() => products.productCode),
    productName: text('product_name').notNull(),
    productPicture: text('product_picture').notNull(),
    quantity: integer('product_quantity').notNull(),
    priceSen: integer('product_price_sen').notNull(),
    amountSen: integer('product_amount_sen').notNull(),
    /** Units the outlet could not supply (a short pick): `quantity` is what is left, this what was taken off. */
    shortQuantity: integer('short_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderRefno)],
);

/**
 * The history of an order (src/domain/order-status.ts, ADR 9, ADR 25): one row per change of status
 * (`kind` 'status'), with who made it (member, provider, operator, system) and why; `staff_id` names
 * the staff member for the operator's changes. Changes that keep the status are rows too, with
 * from = to: a short pick (`kind` 'short_pick').
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderRefno: text('order_refno').notNull().references(() => orders.orderRefno),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    /** 'status' (a change of status) or 'short_pick'. */
    kind: text('kind', { enum: ['status', 'short_pick'] }).notNull().default('status'),
    staffId: integer('staff_id').references(() => staff.id),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('order_events_order_idx').on(t.orderRefno, t.id)],
);

/**
 * What a payment attempt can be (issue "Money in"; ADR 10): `created` (the provider's page is
 * open), `paid`, `failed` (declined), `cancelled` (abandoned at the provider, or superseded),
 * `refunded`.
 */
export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One row per payment attempt of an order (Pay Now), whatever the provider (ADR 10). `paymentId` is
 * ours ('pay_…'), `providerRef` the provider's (a Stripe Checkout Session id, a sandbox payment id).
 * `flag` says why an operator must look at it ('amount_mismatch', 'paid_after_cancel'); a flagged
 * payment never marks its order Paid.
 */
export const payments = pgTable(
  'payments',
  {
    paymentId: text('payment_id').primaryKey(),
    orderRefno: text('order_refno').notNull().references(() => orders.orderRefno),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** The order's amount when the attempt was made, in sen. */
    amountSen: integer('amount_sen').notNull(),
    currency: text('currency').notNull().default('MYR'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** The provider's payment page. */
    pageUrl: text('page_url'),
    /** What the provider reported as paid (sen, currency), when it reported a payment. */
    paidAmountSen: integer('paid_amount_sen'),
    paidCurrency: text('paid_currency'),
    flag: text('flag'),
    refundRef: text('refund_ref'),
    /** Refunded so far, sen: the whole payment when `status` is 'refunded', a part after a short pick. */
    refundedSen: integer('refunded_sen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderRefno, t.createdAt), uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef)],
);

/**
 * Every provider event the shop received and verified (webhooks, and reconciliations, whose ids
 * start with 'reconcile:'). The unique (provider, event_id) makes an event apply at most once,
 * however often the provider resends it. `outcome` is what it did: 'applied', 'ignored', 'flagged'.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: text('payment_id'),
    outcome: text('outcome').notNull(),
    amountSen: integer('amount_sen'),
    currency: text('currency'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/**
 * The sandbox payment provider's own records (ADR 10): what a real provider keeps on its side. The
 * shop reads them only through the sandbox adapter (its page, its status call), never directly.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  description: text('description').notNull(),
  amountSen: integer('amount_sen').notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open, approved, declined, cancelled, expired, refunded. */
  status: text('status').notNull(),
  refundedSen: integer('refunded_sen').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** Product reviews (coverage.md §3 Review). Rate 0..5. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull().references(() => products.productCode),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    orderRefno: text('order_refno').references(() => orders.orderRefno),
    rate: integer('review_rate').notNull(),
    comment: text('review_comment').notNull(),
    createdAt: timestamp('review_datetime', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('reviews_product_idx').on(t.productCode)],
);

/**
 * The shop's own keys, made once per database and kept forever: `order_number` holds the secret the
 * order-number scramble's round keys come from (services/orders/number-key.ts), or 'legacy' for a
 * database that had orders before each shop had its own.
 */
export const shopKeys = pgTable('shop_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
