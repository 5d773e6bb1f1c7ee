/**
 * Outlet purchases (coverage.md §1 purchase history from outlets, §2 /account/purchase-history and
 * /{transno}, §3 Purchase history by fromDate and toDate, §7 get_purchase_history_data,
 * view_purchase_item_bybill, print_offline_bill). A bill is a receipt of an outlet's till, numbered
 * by `transno`; amounts are ringgit with 2 decimals on the wire (sen once parsed, ADR 37), dates the shop's 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { billCompany } from './orders';
import { amount, defineOperation, statusOk } from './operation';

/** A bill number: letters, digits, '-' or '_', 1–40 long (anything else answers 400). */
export const BILL_TRANSNO_RE = /^[A-Za-z0-9_-]{1,40}$/;
/** The optional type segments of view_purchase_item_bybill: letters, digits, '-' or '_', 1–20 long. */
export const BILL_TYPE_RE = /^[A-Za-z0-9_-]{1,20}$/;

/** One bill as the history lists it: number, date, outlet, total, how many lines. */
export const purchaseBillShape = z.object({
  transno: z.string(),
  trans_date: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  bill_amount: amount,
  item_count: z.number().int(),
});
export type PurchaseBill = z.infer<typeof purchaseBillShape>;

/** One line of a bill; `product_name` in the caller's language when the product is still sold. */
export const purchaseItemShape = z.object({
  product_code: z.string(),
  product_name: z.string(),
  product_picture: z.string(),
  product_quantity: z.number().int(),
  product_amount: amount,
});
export type PurchaseItem = z.infer<typeof purchaseItemShape>;

/** A bill with its lines. */
export const purchaseBillDetailShape = purchaseBillShape.extend({ items: z.array(purchaseItemShape) });
export type PurchaseBillDetail = z.infer<typeof purchaseBillDetailShape>;

export const getPurchaseHistoryData = defineOperation({
  name: 'get_purchase_history_data',
  method: 'GET',
  path: 'get_purchase_history_data/:member/:fromDate/:toDate',
  member: 'required',
  summary:
    "The member's outlet bills dated fromDate to toDate inclusive (shop dates YYYY-MM-DD, from ≤ to, at most 366 days), newest first, with their sum. 400 with a message in the caller's language for a malformed date, a reversed or too long range.",
  response: z.object({
    Status: statusOk,
    from_date: z.string(),
    to_date: z.string(),
    total_amount: amount,
    data: z.array(purchaseBillShape),
  }),
});

export const viewPurchaseItemBybill = defineOperation({
  name: 'view_purchase_item_bybill',
  method: 'GET',
  path: 'view_purchase_item_bybill/:transno/:type1?/:type2?',
  member: 'session',
  summary:
    "One outlet bill of the calling member with its lines. The path names no member: the bill must belong to the member of the session token (404 otherwise, as for an unknown number). type1 and type2 are the till's optional bill type segments: checked (letters, digits, - and _, at most 20) and otherwise ignored, as the bundled API has one kind of bill.",
  response: z.object({ Status: statusOk, data: purchaseBillDetailShape }),
});

export const printOfflineBill = defineOperation({
  name: 'print_offline_bill',
  method: 'GET',
  path: 'print_offline_bill/:member/:store_code/:transno',
  member: 'required',
  summary:
    "One outlet bill as a printable copy: the bill with its lines, the company header (name, address, email, telephone), the member it was issued to and when the copy was made. {a} is the outlet's store_code and {b} the bill number; 404 unless the member has that bill from that outlet.",
  response: z.object({
    Status: statusOk,
    data: z.object({
      company: billCompany,
      member: z.object({ member_code: z.string(), customer_firstname: z.string() }),
      printed_at: z.string(),
      bill: purchaseBillDetailShape,
    }),
  }),
});
