/**
 * validate_product_voucher (coverage.md §4 Checkout "choosing a voucher triggers a validity check with the
 * product list and voucher code", §7): the discount add_order will give, worked out by add_order's
 * own steps — lines priced from the database (`priceOrder`), the voucher checked by
 * `findOrderVoucher`, the figures by `orderTotals` — so the preview and the order never disagree.
 */
import type { z } from 'zod';
import { orderTotals } from '../../../../domain/totals';
import type { Locale } from '../../../../i18n/messages';
import type { validateProductVoucher } from '../../../../lib/xs-api/contract';
import type { Db } from '../../db/client';
import { invalidPayload } from '../../errors';
import { priceOrder } from './pricing';
import { findOrderVoucher } from './voucher';
import { clock } from '../../../clock';

/** The validate_product_voucher body as parsed by the contract: amounts in sen (ADR 37). */
export type VoucherCheckRequest = z.output<NonNullable<(typeof validateProductVoucher)['body']>>;

/** The answer's fields (besides Status): amounts in sen (the HTTP edge writes them as RM with 2 decimals, ADR 37). */
export type VoucherCheck = {
  vm_voucher_no: string;
  vc_code: string;
  vc_name: string;
  vc_amount: string;
  order_subtotal: number;
  order_delivery_charges: number;
  order_voucher_amount: number;
  order_rounding: number;
  order_amount: number;
};

/**
 * Checks the member's voucher `vm_voucher_no` (of kind `vc_code`) against the lines and the
 * delivery charge (sen; 0 for pick-up), at `now`.
 * Example: RM5OFF on 2 × RM 16.90, pick-up → order_voucher_amount 500, order_amount 2880 (sen);
 * 10% on RM 80.00 + RM 5.00 delivery → 850.
 * @returns the voucher (name in `locale`) and the order's figures, the discount as add_order
 *   computes it
 * @throws ApiError 400 'api_invalid_payload' (a product twice, a malformed charge); 404
 *   'product_not_found'; 409 'stale_price'; 409 voucher refusal with `reason` ('unknown' |
 *   'used' | 'expired' | 'min_spend'), its Error saying why.
 */
export async function checkOrderVoucher(db: Db, memberCode: string, input: VoucherCheckRequest, locale: Locale, now = clock.now()): Promise<VoucherCheck> {
  const deliverySen = input.order_delivery_charges;
  if (deliverySen < 0) throw invalidPayload('order_delivery_charges: an amount of at least 0 with at most 2 decimals');
  const { subtotalSen } = await priceOrder(db, input.product);
  const voucher = await findOrderVoucher(db, { memberCode, voucherNo: input.vm_voucher_no, voucherCode: input.vc_code, subtotalSen, now, locale });
  const totals = orderTotals({ subtotalSen, deliverySen, voucher: voucher.amount });
  return {
    vm_voucher_no: voucher.no,
    vc_code: voucher.code,
    vc_name: voucher.name,
    vc_amount: voucher.amount,
    order_subtotal: totals.subtotalSen,
    order_delivery_charges: totals.deliverySen,
    order_voucher_amount: totals.voucherSen,
    order_rounding: totals.roundingSen,
    order_amount: totals.totalSen,
  };
}
