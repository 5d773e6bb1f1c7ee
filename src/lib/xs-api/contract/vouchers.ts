/** Voucher operations (coverage.md §2 /voucher-details/, §3 Voucher, §4 Checkout and Voucher tabs, §7 Vouchers): voucher kinds, the member's vouchers, and the checkout's voucher check. */
import { z } from 'zod';
import { amount, amountInput, defineOperation, statusOk } from './operation';
import { lang } from './catalogue';

/** A voucher code: 1–30 letters, digits, '-' or '_' (anything else answers 400). */
export const VOUCHER_CODE_RE = /^[A-Z0-9_-]{1,30}$/i;

/**
 * One voucher kind (coverage.md §3 Voucher): vc_amount is a fixed amount ('5.00') or a percent ('10%');
 * vc_redeem_formula the points needed, null when it cannot be redeemed with points; min_spend in RM on the wire (sen once parsed, ADR 37).
 */
export const voucherDetailShape = z.object({
  vc_code: z.string(),
  vc_name: z.string(),
  vc_image: z.string(),
  vc_amount: z.string(),
  vc_redeem_formula: z.number().int().nullable(),
  min_spend: amount,
  vc_tnc: z.string(),
});
export type VoucherDetail = z.infer<typeof voucherDetailShape>;

export const voucherDetail = defineOperation({
  name: 'voucher_detail',
  method: 'GET',
  path: 'voucher_detail/:code',
  member: 'none',
  summary: 'The public details of one voucher kind, its name in the language asked (EN fallback); 404 when unknown, 400 for a malformed code.',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, data: voucherDetailShape }),
});

/**
 * A voucher a member holds (coverage.md §3 Voucher): vm_voucher_no is the member's own number, vc_no the
 * printed serial, vc_expire_date the last valid day (Malaysian date, 'YYYY-MM-DD'), vc_name in the
 * call's language (Accept-Language, EN fallback); vc_amount and min_spend as in `voucherDetailShape`.
 */
export const memberVoucherShape = z.object({
  vc_image: z.string(),
  vc_code: z.string(),
  vc_no: z.string(),
  vc_name: z.string(),
  vm_voucher_no: z.string(),
  vc_expire_date: z.string(),
  vc_amount: z.string(),
  vc_redeem_formula: z.number().int().nullable(),
  vc_tnc: z.string(),
  min_spend: amount,
});
export type MemberVoucher = z.infer<typeof memberVoucherShape>;

/** A voucher of the Expired/Used tab: `status` says which; a used one names when (ISO time) and the order. */
export const pastVoucherShape = memberVoucherShape.extend({
  status: z.enum(['used', 'expired']),
  used_at: z.string().nullable(),
  used_order_refno: z.string().nullable(),
});
export type PastVoucher = z.infer<typeof pastVoucherShape>;

export const memberVoucherListing = defineOperation({
  name: 'member_voucher',
  method: 'GET',
  path: 'member_voucher/:member',
  member: 'required',
  summary:
    "The member's active vouchers (spec §4 Voucher tabs, code 1): not used and not past their expiry date in Malaysia, soonest expiry first; names in the call's language.",
  response: z.object({ Status: statusOk, data: z.array(memberVoucherShape) }),
});

export const expiryVoucherListing = defineOperation({
  name: 'expiry_voucher',
  method: 'GET',
  path: 'expiry_voucher/:member',
  member: 'required',
  summary:
    "The member's expired or used vouchers (spec §4 Voucher tabs, code 2), latest first; a used one carries used_at and used_order_refno.",
  response: z.object({ Status: statusOk, data: z.array(pastVoucherShape) }),
});

/** A product line to check a voucher against: priced from the database like an order line (`orderLineInput`). */
export const voucherCheckLine = z.object({
  product_code: z.string().min(1).max(30),
  product_quantity: z.number().int().min(1).max(999),
  product_price: amountInput,
  product_amount: amountInput.optional(),
});

export const validateProductVoucher = defineOperation({
  name: 'validate_product_voucher',
  method: 'POST',
  path: 'validate_product_voucher/:member',
  member: 'required',
  summary:
    "Checks one of the member's vouchers against a cart (spec §4 Checkout: choosing a voucher) with the rule add_order applies, and answers the discount add_order will apply (order_voucher_amount) with the order's totals. Lines are priced from the database (409 stale_price when a price changed); a percent voucher applies to subtotal + order_delivery_charges (the charge delivery_charges answered; 0 for pick-up). A voucher that cannot apply is refused with 409 and an Error saying why, in the caller's language, and reason: unknown (not the member's, or not of vc_code), used, expired or min_spend.",
  body: z.object({
    product: z.array(voucherCheckLine).min(1).max(100),
    vc_code: z.string().regex(VOUCHER_CODE_RE),
    vm_voucher_no: z.string().min(1).max(50).regex(/^[A-Za-z0-9_-]+$/),
    order_delivery_charges: amountInput.prefault(0),
  }),
  response: z.object({
    Status: statusOk,
    vm_voucher_no: z.string(),
    vc_code: z.string(),
    vc_name: z.string(),
    vc_amount: z.string(),
    order_subtotal: amount,
    order_delivery_charges: amount,
    order_voucher_amount: amount,
    order_rounding: amount,
    order_amount: amount,
  }),
});

/** A voucher kind the member can redeem with points (coverage.md §3 Voucher): vc_redeem_formula is the points it costs. */
export const redeemableVoucherShape = voucherDetailShape.extend({ vc_redeem_formula: z.number().int().positive() });
export type RedeemableVoucher = z.infer<typeof redeemableVoucherShape>;

export const redeemableVoucherListing = defineOperation({
  name: 'redeem_voucher_listing',
  method: 'GET',
  path: 'redeem_voucher_listing',
  member: 'none',
  summary:
    "The voucher kinds that can be redeemed with points (spec §2 Account: redeem voucher modal; vc_redeem_formula not null), cheapest first; names in the call's language. The spec names no path for this list (§7 'list of vouchers … not shown'), so this one is the shop's own.",
  response: z.object({ Status: statusOk, data: z.array(redeemableVoucherShape) }),
});

/**
 * One entry of get_voucher's `voucher_info` (coverage.md §7 "birthday claim sends total_redemption and
 * voucher_info"): the voucher asked for. `voucher_type` 'birthday' is the birthday claim; `vc_code`
 * picks a birthday kind (the shop's birthday kind when absent).
 */
export const voucherInfoShape = z.object({
  voucher_type: z.literal('birthday'),
  vc_code: z.string().regex(VOUCHER_CODE_RE).optional(),
});

/**
 * get_voucher/{member} (coverage.md §7 "voucher request; birthday claim sends total_redemption and
 * voucher_info"). Two requests, exactly one of:
 * - `{ vc_code }`: redeems points for one voucher kind with a vc_redeem_formula; the cost (that many
 *   points) is taken from the balance in the same transaction that issues the voucher, never below 0.
 * - `{ total_redemption: 0, voucher_info: [{ voucher_type: 'birthday' }] }`: the birthday claim
 *   (coverage.md §4 Birthday). `total_redemption` is the points the request spends: 0, a birthday voucher
 *   costs none. Once a year, in the birthday month, also under concurrent claims.
 * Either answers `voucher_created: 1` with the voucher; `transno` is the history entry of the
 * points spent (null for a claim, which spends none).
 */
export const getVoucher = defineOperation({
  name: 'get_voucher',
  method: 'POST',
  path: 'get_voucher/:member',
  member: 'required',
  summary:
    "Redeems points for a voucher (spec §2 redeem voucher modal, §7 get_voucher) when the body has vc_code, a kind with vc_redeem_formula (points it costs): points are deducted and the voucher issued in one transaction (balance never below 0, also under concurrent calls), with a negative point_transactions row for the history; 409 'Not enough point to redeem' (spec §8) when the balance is short, 404 for an unknown or non-redeemable kind. Claims the birthday voucher (spec §4 Birthday) when the body has voucher_info [{ voucher_type: 'birthday' }] and total_redemption 0 (the points it spends): once a year in the member's birthday month (Malaysian date), exactly once under concurrent claims; 409 when it is not the birthday month or this year's voucher was claimed. Send vc_code or voucher_info, not both (400).",
  body: z
    .object({
      vc_code: z.string().regex(VOUCHER_CODE_RE).optional(),
      total_redemption: z.number().int().min(0).max(0).optional(),
      voucher_info: z.array(voucherInfoShape).length(1).optional(),
    })
    .passthrough()
    .refine((b) => (b.vc_code === undefined) !== (b.voucher_info === undefined), { message: 'send vc_code (a redemption) or voucher_info (the birthday claim), not both' }),
  response: z.object({
    Status: statusOk,
    voucher_created: z.literal(1),
    data: memberVoucherShape,
    points_used: z.number().int(),
    customer_point: z.number().int(),
    transno: z.string().nullable(),
  }),
});
