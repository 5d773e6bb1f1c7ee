/** Order operations (spec §7 Checkout, orders and payment; §3 Order). */
import { z } from 'zod';
import { BILL_PLATFORM, ORDER_ACTION } from '../../../domain/constants';
import { remarkSchema } from '../../../domain/validation';
import { amount, amountInput, defineOperation, statusOk } from './operation';

const ADDRESS_FIELDS = ['person', 'phone', 'address1', 'address2', 'postcode', 'city', 'state', 'country'] as const;
type AddressKey<P extends string> = `${P}_${(typeof ADDRESS_FIELDS)[number]}`;

/** The order_bill_* / order_del_* fields (spec §3 Order), each with the same schema. */
function addressFields<P extends 'order_bill' | 'order_del', S extends z.ZodType>(prefix: P, field: S): Record<AddressKey<P>, S> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [`${prefix}_${f}`, field])) as Record<AddressKey<P>, S>;
}

/** An order line as a client submits it; price and amount are checked against the database. */
export const orderLineInput = z.object({
  product_code: z.string().min(1).max(30),
  product_quantity: z.number().int().min(1).max(999),
  product_price: amountInput,
  product_amount: amountInput.optional(),
  product_name: z.string().max(300).optional(),
  product_picture: z.string().max(500).optional(),
});

/** The order a client submits (spec §3 Order). Amounts are ringgit with 2 decimals. */
export const orderInput = z.looseObject({
    /** Chosen by the client per checkout; a retry sends the same key and body (see `addOrder`). */
    idempotency_key: z.string().min(8).max(100),
    action: z.literal(ORDER_ACTION).default(ORDER_ACTION),
    bill_platform: z.literal(BILL_PLATFORM).default(BILL_PLATFORM),
    order_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    order_del_type: z.enum(['DELIVERY', 'PICKUP']),
    store: z.string().min(1).max(20),
    order_amount: amountInput,
    order_rounding: amountInput.optional(),
    order_delivery_charges: amountInput.default(0),
    order_voucher_amount: amountInput.default(0),
    /** Spec §5 rule and message from src/domain/validation.ts: trimmed, ≤ 180, 'remark_max'; missing → ''. */
    order_remark: remarkSchema,
    product: z.array(orderLineInput).min(1).max(100),
    add_id: z.number().int().optional(),
    order_del_pickup_store_code: z.string().max(20).optional(),
    order_del_pickup_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    order_del_pickup_time: z.string().regex(/^\d{2}:\d{2}$/).optional(),
    distance_km: z.coerce.number().min(0).max(1000).optional(),
    order_voucher_no: z.string().max(50).optional(),
    ...addressFields('order_bill', z.string().max(180).optional()),
});
export type OrderInput = z.input<typeof orderInput>;

export const orderLine = z.object({
  product_code: z.string(),
  product_name: z.string(),
  product_picture: z.string(),
  product_quantity: z.number().int(),
  product_price: amount,
  product_amount: amount,
});

export const order = z.object({
  order_refno: z.string(),
  order_date: z.string(),
  order_status: z.string(),
  order_del_type: z.enum(['DELIVERY', 'PICKUP']),
  order_subtotal: amount,
  order_delivery_charges: amount,
  order_voucher_amount: amount,
  order_rounding: amount,
  order_amount: amount,
  order_remark: z.string(),
  bill_platform: z.string(),
  product: z.array(orderLine),
  ...addressFields('order_bill', z.string().nullable()),
  ...addressFields('order_del', z.string().nullable()),
  order_del_pickup_store_code: z.string().nullable(),
  order_del_pickup_store_name: z.string().nullable(),
  order_del_pickup_store_phone: z.string().nullable(),
  order_del_pickup_date: z.string().nullable(),
  order_del_pickup_time: z.string().nullable(),
  distance_km: z.number().nullable(),
  order_voucher_code: z.string().nullable(),
  order_voucher_no: z.string().nullable(),
  order_voucher_name: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof order>;

export const addOrder = defineOperation({
  name: 'add_order',
  method: 'POST',
  path: 'add_order/:member',
  member: 'required',
  summary:
    'Place an order. Prices, delivery charge, voucher and total are recomputed on the server; a disagreeing amount is refused (409). Stock is taken in the same transaction. A retry with the same idempotency_key and the same body returns the first order; the same key with a different body (or from another member) is refused (409) and changes nothing.',
  body: orderInput,
  response: z.object({ Status: statusOk, order_refno: z.string(), data: order }),
});

export const orderListing = defineOperation({
  name: 'order_listing',
  method: 'GET',
  path: 'order_listing/:member',
  member: 'required',
  summary: "The member's orders, newest first; status filters by a comma-separated list of statuses.",
  query: z.object({
    status: z.string().max(200).optional(),
    limit: z.string().regex(/^\d{1,6},\d{1,3}$/).default('0,50'),
  }),
  response: z.object({ Status: statusOk, data: z.array(order), total: z.number().int() }),
});

export const orderDetail = defineOperation({
  name: 'order_detail',
  method: 'GET',
  path: 'order_detail/:member/:orderId',
  member: 'required',
  summary: 'One order of the member.',
  response: z.object({ Status: statusOk, data: order }),
});
