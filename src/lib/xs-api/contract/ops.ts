/**
 * Operator operations (issue "Money in" §6, issue "The outlets run the shop"; ADR 25): what the
 * console at /staff and `npm run ops` ask of the running shop. Not part of coverage.md §7. Besides the API
 * key, the Bearer token must be a staff session's (./staff.ts): `auth: 'staff'` for any staff
 * member, who sees and changes only their outlets' orders (another outlet's order answers 404);
 * `auth: 'hq'` for HQ, or the bootstrap token. Every change goes through the same order rules as the
 * shop (src/domain/order-status.ts, actor `operator`) and names the staff member in the history.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../domain/orders';
import { BOARD_COLUMNS, storeCodeSchema } from '../../../domain/staff';
import { MAX_CAPACITY } from '../../../domain/slot-capacity';
import { courierCodeSchema, trackingCodeSchema } from '../../../domain/couriers';
import { amount, calendarDate, defineOperation, statusOk } from './operation';

const day = calendarDate();
const orderRefno = z.string().trim().min(1).max(30);

/** One order as staff see it in a list. Amount in RM on the wire, sen once parsed (`amount`, ADR 37). */
export const opsOrder = z.object({
  order_refno: z.string(),
  order_date: z.string(),
  created_at: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  order_del_type: z.enum(['DELIVERY', 'PICKUP']),
  store_code: z.string(),
  member_code: z.string(),
  order_amount: amount,
  order_del_pickup_date: z.string().nullable(),
  order_del_pickup_time: z.string().nullable(),
  payment_flag: z.string().nullable(),
  items: z.number().int(),
});
export type OpsOrder = z.infer<typeof opsOrder>;

export const opsOrderListing = defineOperation({
  name: 'ops_order_listing',
  method: 'GET',
  path: 'ops/orders',
  member: 'none',
  auth: 'staff',
  summary: 'Orders by status (comma-separated), outlet (store code) and order date, newest first, at most 500.',
  query: z.object({
    status: z.string().max(200).optional(),
    outlet: z.string().max(20).optional(),
    date: day.optional(),
    flagged: z.enum(['1']).optional(),
  }),
  response: z.object({ Status: statusOk, data: z.array(opsOrder) }),
});

export const opsPickups = defineOperation({
  name: 'ops_pickups',
  method: 'GET',
  path: 'ops/pickups',
  member: 'none',
  auth: 'staff',
  summary: "A day's pick-ups (default: today in Malaysia) per outlet, by time: orders paid or ready, not yet collected.",
  query: z.object({ date: day.optional(), outlet: z.string().max(20).optional() }),
  response: z.object({ Status: statusOk, date: z.string(), data: z.array(z.object({ store_code: z.string(), store_name: z.string(), orders: z.array(opsOrder) })) }),
});

export const opsOrderStatus = defineOperation({
  name: 'ops_order_status',
  method: 'POST',
  path: 'ops/order_status',
  member: 'none',
  auth: 'staff',
  summary:
    'Moves an order on as staff: Ready To Pickup (a collection code is made and sent to the shopper), Delivering (tracking_code and its tracking_courier required, kept together on the order), Waiting Comment for a delivery. A pick-up order is handed over with ops_order_handover. 409 when the order rules refuse it or the order moved meanwhile.',
  body: z.object({
    order_refno: orderRefno,
    to: z.enum(ORDER_STATUSES),
    /** The courier's tracking code: 1 to 60 printable characters (src/domain/couriers.ts); required with Delivering. */
    tracking_code: trackingCodeSchema.optional(),
    /** The courier of the tracking code, one of src/domain/couriers.ts `COURIER_CODES`; required with Delivering. */
    tracking_courier: courierCodeSchema.optional(),
  }),
  response: z.object({ Status: statusOk, order_refno: z.string(), from: z.string(), to: z.string() }),
});

export const opsOrderCancel = defineOperation({
  name: 'ops_order_cancel',
  method: 'POST',
  path: 'ops/order_cancel',
  member: 'none',
  auth: 'staff',
  summary: 'Cancels an order as staff, refunding what was paid through the provider; again on a cancelled order, retries refunds still owed.',
  body: z.object({ order_refno: orderRefno, reason: z.string().trim().min(1).max(200) }),
  response: z.object({
    Status: statusOk,
    order_refno: z.string(),
    from: z.string().nullable(),
    refunded: z.array(z.object({ payment_id: z.string(), amount_sen: z.number().int(), refund_ref: z.string() })),
    refund_failed: z.array(z.object({ payment_id: z.string(), error: z.string() })),
  }),
});

export const opsExpireUnpaid = defineOperation({
  name: 'ops_expire_unpaid',
  method: 'POST',
  path: 'ops/expire_unpaid',
  member: 'none',
  auth: 'hq',
  summary: 'Cancels now every order whose payment window is over (the shop also does this every minute).',
  response: z.object({ Status: statusOk, expired: z.array(z.string()) }),
});

export const opsReconcilePayments = defineOperation({
  name: 'ops_reconcile_payments',
  method: 'POST',
  path: 'ops/reconcile_payments',
  member: 'none',
  auth: 'hq',
  summary: 'Asks the payment provider about every attempt still open and applies what it says.',
  response: z.object({
    Status: statusOk,
    checked: z.number().int(),
    applied: z.number().int(),
    flagged: z.number().int(),
    failed: z.array(z.object({ payment_id: z.string(), error: z.string() })),
  }),
});

/**
 * The text messages waiting in the outbox for one number, newest first (at most 20; kept 30
 * minutes): what staff read when the shop runs without an SMS gateway (src/server/xs-api/adapters/
 * sms.ts). `to` is the number as sent, international digits ('60123456789') or a local one
 * ('0123456789'). Empty when a gateway sends the messages. 400 for a number that is not Malaysian.
 */
export const opsSmsOutbox = defineOperation({
  name: 'ops_sms_outbox',
  method: 'GET',
  path: 'ops/sms_outbox',
  member: 'none',
  auth: 'hq',
  summary: 'Text messages in the outbox for one number, newest first (at most 20; the outbox keeps them 30 minutes).',
  query: z.object({ to: z.string().trim().min(2).max(30) }),
  response: z.object({ Status: statusOk, data: z.array(z.object({ to: z.string(), message: z.string(), created_at: z.string() })) }),
});

const money = amount;
const boardOrder = z.object({
  order_refno: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  column: z.enum(BOARD_COLUMNS),
  order_del_type: z.enum(['DELIVERY', 'PICKUP']),
  store_code: z.string(),
  order_date: z.string(),
  order_del_pickup_date: z.string().nullable(),
  order_del_pickup_time: z.string().nullable(),
  customer_firstname: z.string(),
  units: z.number().int(),
  order_amount: money,
  payment_flag: z.string().nullable(),
  created_at: z.string(),
});

export const opsBoard = defineOperation({
  name: 'ops_board',
  method: 'GET',
  path: 'ops/board',
  member: 'none',
  auth: 'staff',
  summary:
    "A day's board (default: today in Malaysia) for the caller's outlets or one of them: pick-ups of the day, deliveries placed that day (and, today, older ones still to send or on their way), with the places taken per pick-up slot and delivery day against capacity. 403 for an outlet not theirs.",
  query: z.object({ date: day.optional(), outlet: storeCodeSchema.optional() }),
  response: z.object({
    Status: statusOk,
    date: z.string(),
    outlets: z.array(z.object({ store_code: z.string(), store_name: z.string() })),
    orders: z.array(boardOrder),
    loads: z.array(z.object({ store_code: z.string(), kind: z.enum(['PICKUP', 'DELIVERY']), time: z.string().nullable(), taken: z.number().int(), capacity: z.number().int() })),
  }),
});

const address = z.object({ person: z.string(), phone: z.string(), address1: z.string(), address2: z.string(), postcode: z.string(), city: z.string(), state: z.string(), country: z.string() });

export const opsOrderDetail = defineOperation({
  name: 'ops_order_detail',
  method: 'GET',
  path: 'ops/order/:orderId',
  member: 'none',
  auth: 'staff',
  summary: "One order's pick list as staff work it: lines with units, customer first name and phone, remark, slot or address, payment, history with staff names. 404 for another outlet's order.",
  response: z.object({
    Status: statusOk,
    data: z.object({
      order_refno: z.string(),
      order_status: z.enum(ORDER_STATUSES),
      column: z.enum(BOARD_COLUMNS),
      order_del_type: z.enum(['DELIVERY', 'PICKUP']),
      store_code: z.string(),
      store_name: z.string(),
      order_date: z.string(),
      created_at: z.string(),
      customer_firstname: z.string(),
      customer_phone: z.string(),
      order_remark: z.string(),
      order_del_pickup_date: z.string().nullable(),
      order_del_pickup_time: z.string().nullable(),
      delivery_address: address.nullable(),
      tracking_code: z.string().nullable(),
      /** The courier of the tracking code ('POSLAJU'); null until the order is shipped. */
      tracking_courier: z.string().nullable(),
      payment: z.object({ state: z.enum(['paid', 'refunded', 'unpaid']), provider: z.string().nullable(), paid: money, refunded: money, flag: z.string().nullable(), record_url: z.string().nullable() }),
      product: z.array(
        z.object({
          product_code: z.string(),
          product_name: z.string(),
          unit: z.string(),
          product_quantity: z.number().int(),
          product_short_quantity: z.number().int(),
          product_price: money,
          product_amount: money,
        }),
      ),
      order_subtotal: money,
      order_delivery_charges: money,
      order_voucher_amount: money,
      order_rounding: money,
      order_amount: money,
      order_refunded: money,
      history: z.array(z.object({ from: z.string(), to: z.string(), kind: z.string(), actor: z.string(), staff_name: z.string().nullable(), reason: z.string(), at: z.string() })),
    }),
  }),
});

export const opsOrderHandover = defineOperation({
  name: 'ops_order_handover',
  method: 'POST',
  path: 'ops/order_handover',
  member: 'none',
  auth: 'staff',
  summary: 'Hands a ready pick-up order over at the counter: the collection code the shopper shows must match (400 otherwise; 429 after 5 wrong codes for the order within 15 minutes).',
  body: z.object({ order_refno: orderRefno, collection_code: z.string().trim().min(1).max(20) }),
  response: z.object({ Status: statusOk, order_refno: z.string(), from: z.string(), to: z.string() }),
});

export const opsOrderShortPick = defineOperation({
  name: 'ops_order_short_pick',
  method: 'POST',
  path: 'ops/order_short_pick',
  member: 'none',
  auth: 'staff',
  summary:
    'Takes units the outlet cannot supply off a paid order before it is ready: each product gets its new, lower quantity (0 removes it). The difference is refunded through the payment provider; stock, points and the order totals follow; the shopper is told.',
  body: z.object({
    order_refno: orderRefno,
    product: z.array(z.object({ product_code: z.string().trim().min(1).max(40), quantity: z.number().int().min(0).max(9999) })).min(1).max(100),
    reason: z.string().trim().max(200).default(''),
  }),
  response: z.object({
    Status: statusOk,
    order_refno: z.string(),
    units_taken_off: z.number().int(),
    refund_sen: z.number().int(),
    refunded: z.array(z.object({ payment_id: z.string(), amount_sen: z.number().int(), refund_ref: z.string() })),
    refund_failed: z.array(z.object({ payment_id: z.string(), error: z.string() })),
  }),
});

const capacityView = z.object({
  store_code: z.string(),
  store_name: z.string(),
  pickup_slot_capacity: z.number().int().nullable(),
  delivery_day_capacity: z.number().int().nullable(),
  effective_pickup_slot_capacity: z.number().int(),
  effective_delivery_day_capacity: z.number().int(),
});
const capacityValue = z.number().int().min(0).max(MAX_CAPACITY).nullable();

export const opsCapacity = defineOperation({
  name: 'ops_capacity',
  method: 'GET',
  path: 'ops/capacity',
  member: 'none',
  auth: 'staff',
  summary: "The capacity of the caller's outlets (HQ: every outlet): orders per pick-up slot and delivery orders per day, their own (null: the default) and what applies.",
  response: z.object({ Status: statusOk, data: z.array(capacityView) }),
});

export const opsCapacitySet = defineOperation({
  name: 'ops_capacity_set',
  method: 'POST',
  path: 'ops/capacity_set',
  member: 'none',
  auth: 'hq',
  summary: "Sets an outlet's own capacity (null: back to the default). Places already taken stay.",
  body: z.object({ store_code: storeCodeSchema, pickup_slot_capacity: capacityValue, delivery_day_capacity: capacityValue }),
  response: z.object({ Status: statusOk, data: capacityView }),
});
