/**
 * Order tables (spec §3 Order, Review; §7 Checkout, orders and payment). Money is integer sen.
 */
import { date, index, integer, jsonb, pgSequence, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './members';
import { products } from './catalogue';

import { BILL_PLATFORM } from '../../../../domain/constants';
import { ORDER_STATUSES } from '../../../../domain/orders';
import { ORDER_ACTORS } from '../../../../domain/order-status';

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

/** Orders (spec §3 Order). Amounts are sen; `amountSen` is the total after rounding. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_member_idx').on(t.memberCode, t.createdAt)],
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
  },
  (t) => [index('order_items_order_idx').on(t.orderRefno)],
);

/**
 * The history of an order's status (src/domain/order-status.ts, ADR 9): one row per change, with
 * who made it (member, provider, operator, system) and why.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderRefno: text('order_refno').notNull().references(() => orders.orderRefno),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderRefno, t.id)],
);

/** Payments against orders (DESIGN Adapters: payment). */
export const payments = pgTable('payments', {
  paymentId: text('payment_id').primaryKey(),
  orderRefno: text('order_refno').notNull().references(() => orders.orderRefno),
  provider: text('provider').notNull(),
  amountSen: integer('amount_sen').notNull(),
  status: text('status', { enum: ['created', 'paid', 'failed'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** Product reviews (spec §3 Review). Rate 0..5. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull().references(() => products.productCode),
    memberCode: text('member_code').notNull().references(() => customers.memberCode),
    orderRefno: text('order_refno').references(() => orders.orderRefno),
    rate: integer('review_rate').notNull(),
    comment: text('review_comment').notNull(),
    createdAt: timestamp('review_datetime', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reviews_product_idx').on(t.productCode)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
