/** Order operations (coverage.md §7 Checkout, orders and payment; §3 Order). */
import { z } from 'zod';
import { BILL_PLATFORM, ORDER_ACTION } from '../../../domain/constants';
import { ORDER_ACTORS } from '../../../domain/order-status';
import { ORDER_STATUSES } from '../../../domain/orders';
import { remarkSchema } from '../../../domain/validation';
import { companyContactShape } from './content';
import { amount, amountInput, calendarDate, defineOperation, statusOk } from './operation';

const ADDRESS_FIELDS = ['person', 'phone', 'address1', 'address2', 'postcode', 'city', 'state', 'country'] as const;
type AddressKey<P extends string> = `${P}_${(typeof ADDRESS_FIELDS)[number]}`;

/** The order_bill_* / order_del_* fields (coverage.md §3 Order), each with the same schema. */
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

/** The order a client submits (coverage.md §3 Order). Amounts are ringgit with at most 2 decimals on the wire, sen once parsed (`amountInput`, ADR 37). */
export const orderInput = z.looseObject({
    /** Chosen by the client per checkout; a retry sends the same key and body (see `addOrder`). */
    idempotency_key: z.string().min(8).max(100),
    action: z.literal(ORDER_ACTION).default(ORDER_ACTION),
    bill_platform: z.literal(BILL_PLATFORM).default(BILL_PLATFORM),
    order_date: calendarDate().optional(),
    order_del_type: z.enum(['DELIVERY', 'PICKUP']),
    store: z.string().min(1).max(20),
    order_amount: amountInput,
    order_rounding: amountInput.optional(),
    order_delivery_charges: amountInput.prefault(0),
    order_voucher_amount: amountInput.prefault(0),
    /** coverage.md §5 rule and message from src/domain/validation.ts: trimmed, ≤ 180, 'remark_max'; missing → ''. */
    order_remark: remarkSchema,
    product: z.array(orderLineInput).min(1).max(100),
    add_id: z.number().int().optional(),
    order_del_pickup_store_code: z.string().max(20).optional(),
    order_del_pickup_date: calendarDate().optional(),
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
  /** Units the outlet could not supply and took off the line (a short pick; `product_quantity` is what is left). */
  product_short_quantity: z.number().int(),
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
  /** The carrier's tracking code of a delivery order once it is shipped; null until then (and for pick-ups). */
  tracking_code: z.string().nullable(),
  /**
   * The courier of the tracking code, set with it by staff: a code of src/domain/couriers.ts
   * (`COURIER_CODES`: 'JNT', 'POSLAJU', 'GDEX', 'NINJAVAN', 'DHL', 'CITYLINK'), which also gives the
   * courier's name and tracking page; null while there is no code (and for orders shipped before
   * couriers were kept). A text, not an enum, so a courier added later reads on older clients.
   */
  tracking_courier: z.string().nullable(),
  /** The code to show at the counter, while the order is Ready To Pickup; null otherwise. */
  collection_code: z.string().nullable(),
  /** Refunded of a paid order that goes on (lines the outlet could not supply); order_amount is what remains paid. */
  order_refunded: amount,
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


/**
 * One change in an order's status history, oldest first (order_events): from and to (coverage.md §3
 * statuses plus Completed and Cancelled), who made it (`member`, `provider`, `operator`: the shop's
 * staff, `system`) and when (ISO 8601); `kind` 'short_pick' marks lines taken off (from = to).
 * The staff member's name and the free-text reason are staff's and never shown to members.
 */
export const orderHistoryEntry = z.object({
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  kind: z.enum(['status', 'short_pick']),
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** An order as order_detail and print_customer_bill answer it: the order, its status history and its tracking code. */
export const orderWithHistory = order.extend({ history: z.array(orderHistoryEntry) });
export type OrderWithHistory = z.infer<typeof orderWithHistory>;

export const orderDetail = defineOperation({
  name: 'order_detail',
  method: 'GET',
  path: 'order_detail/:member/:orderId',
  member: 'required',
  summary: "One order of the member, with its status history (who changed it and when; staff's notes are not included). 404 for an unknown order or another member's.",
  response: z.object({ Status: statusOk, data: orderWithHistory }),
});

/** The body of the member's order changes: the order's reference number. */
export const orderRefInput = z.object({ order_refno: z.string().trim().min(1).max(30) });

/** The answer of a status change: the order and the status it now has. */
const statusChanged = z.object({ Status: statusOk, order_refno: z.string(), order_status: z.enum(ORDER_STATUSES) });

export const updateOrderStatusCancelled = defineOperation({
  name: 'update_order_status_cancelled',
  method: 'POST',
  path: 'update_order_status_cancelled/:member',
  member: 'required',
  summary:
    'The member cancels their own order while it is To Pay (Pending or Processing Payment): its stock returns to the outlet and its voucher is freed. 404 for an unknown order or another member\'s; 409 once it can no longer be cancelled (paid, or changed in the meantime).',
  body: orderRefInput,
  response: statusChanged,
});

export const updateOrderStatusComment = defineOperation({
  name: 'update_order_status_comment',
  method: 'POST',
  path: 'update_order_status_comment/:member',
  member: 'required',
  summary:
    'The member closes the review step of their order (after add_review for its products): Waiting Comment → Completed. 404 for an unknown order or another member\'s; 409 when the order is not Waiting Comment.',
  body: orderRefInput,
  response: statusChanged,
});

export const updatePickupDatetime = defineOperation({
  name: 'update_pickup_datetime',
  method: 'POST',
  path: 'update_pickup_datetime/:member',
  member: 'required',
  summary:
    "The member moves the pick-up slot of their pick-up order not yet collected (Pending, Processing Payment, Paid, Ready To Pickup). The new date (YYYY-MM-DD) and time (HH:mm, Malaysian time) follow the same pick-up rules as add_order (lead days, 6 months ahead, open weekdays, opening hours): 409 otherwise, with 'This order pickup date expired…' when the order's current slot has passed too. 404 for an unknown order or another member's; 409 for a delivery order or one already collected, cancelled or completed.",
  body: orderRefInput.extend({
    order_del_pickup_date: calendarDate('date as YYYY-MM-DD'),
    order_del_pickup_time: z.string().regex(/^\d{2}:\d{2}$/, 'time as HH:mm'),
  }),
  response: z.object({ Status: statusOk, data: orderWithHistory }),
});

/**
 * update_ecom_bill_detail_header/{member} (coverage.md §7: POST, payload "bill header details"): the
 * member changes who their order's bill is made out to, the order_bill_* fields of coverage.md §3 (person,
 * phone, two address lines, postcode, city, state, country). The shop decided the payload, since
 * the spec names only "bill header details": `{ order_refno, add_id }`, one of the member's saved
 * addresses, so the bill takes an address checked by the address book's rules (coverage.md §5) and is
 * filled as add_order fills it from `add_id`. Only while the order is To Pay (Pending, Processing
 * Payment): once paid the bill is issued and stays as it was. The delivery address of a delivery
 * order is not changed (the charge and outlet were worked out for it). Answers the order with its
 * history, showing the new bill address. Errors: 404 for an unknown order or another member's, or
 * an address not the member's; 409 'bill_not_changeable' when the order is no longer To Pay.
 */
export const updateEcomBillDetailHeader = defineOperation({
  name: 'update_ecom_bill_detail_header',
  method: 'POST',
  path: 'update_ecom_bill_detail_header/:member',
  member: 'required',
  summary:
    "The member changes the bill address (order_bill_*) of their order while it is To Pay, to one of their saved addresses (add_id). 404 for an unknown order or address, or another member's; 409 once the order is paid, cancelled or later.",
  body: orderRefInput.extend({ add_id: z.coerce.number().int().positive() }),
  response: z.object({ Status: statusOk, data: orderWithHistory }),
});

/** The company block printed at the top of a customer bill (company_contact plus the shop's name). */
export const billCompany = companyContactShape.extend({ company_name: z.string() });

export const printCustomerBill = defineOperation({
  name: 'print_customer_bill',
  method: 'GET',
  path: 'print_customer_bill/:member/:id',
  member: 'required',
  summary:
    "One order of the member as a printable bill: the order as order_detail answers it, and the company header (name, address, email, telephone). 404 for an unknown order or another member's.",
  response: z.object({ Status: statusOk, data: z.object({ company: billCompany, order: orderWithHistory }) }),
});
