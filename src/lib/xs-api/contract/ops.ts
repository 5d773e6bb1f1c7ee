/**
 * Operator operations (issue "Money in" §6): what `npm run ops` asks of the running shop. Staff
 * only: besides the API key, the Bearer token must be the operator token (OPS_TOKEN, or the one the
 * shop generated beside its embedded database). Every change goes through the same order rules as
 * the shop (src/domain/order-status.ts, actor `operator`). Not part of spec §7.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../domain/orders';
import { amount, defineOperation, statusOk } from './operation';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const orderRefno = z.string().trim().min(1).max(30);

/** One order as staff see it in a list. Amount in RM. */
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
  auth: 'operator',
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
  auth: 'operator',
  summary: "A day's pick-ups (default: today in Malaysia) per outlet, by time: orders paid or ready, not yet collected.",
  query: z.object({ date: day.optional(), outlet: z.string().max(20).optional() }),
  response: z.object({ Status: statusOk, date: z.string(), data: z.array(z.object({ store_code: z.string(), store_name: z.string(), orders: z.array(opsOrder) })) }),
});

export const opsOrderStatus = defineOperation({
  name: 'ops_order_status',
  method: 'POST',
  path: 'ops/order_status',
  member: 'none',
  auth: 'operator',
  summary: 'Moves an order on (Ready To Pickup, Delivering, Waiting Comment…) as staff. 409 when the order rules refuse it or the order moved meanwhile.',
  body: z.object({
    order_refno: orderRefno,
    to: z.enum(ORDER_STATUSES),
    reason: z.string().trim().max(200).default(''),
    tracking_code: z.string().trim().min(1).max(60).optional(),
  }),
  response: z.object({ Status: statusOk, order_refno: z.string(), from: z.string(), to: z.string() }),
});

export const opsOrderCancel = defineOperation({
  name: 'ops_order_cancel',
  method: 'POST',
  path: 'ops/order_cancel',
  member: 'none',
  auth: 'operator',
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
  auth: 'operator',
  summary: 'Cancels now every order whose payment window is over (the shop also does this every minute).',
  response: z.object({ Status: statusOk, expired: z.array(z.string()) }),
});

export const opsReconcilePayments = defineOperation({
  name: 'ops_reconcile_payments',
  method: 'POST',
  path: 'ops/reconcile_payments',
  member: 'none',
  auth: 'operator',
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
  auth: 'operator',
  summary: 'Text messages in the outbox for one number, newest first (at most 20; the outbox keeps them 30 minutes).',
  query: z.object({ to: z.string().trim().min(2).max(30) }),
  response: z.object({ Status: statusOk, data: z.array(z.object({ to: z.string(), message: z.string(), created_at: z.string() })) }),
});
