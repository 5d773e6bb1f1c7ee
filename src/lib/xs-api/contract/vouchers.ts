/** Voucher operations (spec §2 /voucher-details/, §3 Voucher): the public details of one voucher kind. */
import { z } from 'zod';
import { amount, defineOperation, statusOk } from './operation';
import { lang } from './catalogue';

/** A voucher code: 1–30 letters, digits, '-' or '_' (anything else answers 400). */
export const VOUCHER_CODE_RE = /^[A-Z0-9_-]{1,30}$/i;

/**
 * One voucher kind (spec §3 Voucher): vc_amount is a fixed amount ('5.00') or a percent ('10%');
 * vc_redeem_formula the points needed, null when it cannot be redeemed with points; min_spend in RM.
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
