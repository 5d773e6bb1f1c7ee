/**
 * Routes of spec §7 Vouchers (member_voucher, expiry_voucher), §4 Checkout (validate_product_voucher)
 * and §2 /voucher-details/ (voucher_detail). Thin: each calls one service.
 */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getVoucherDetail, listMemberVouchers } from '../services/vouchers';
import { checkOrderVoucher } from '../services/orders';

/** Registers voucher_detail/{code}, member_voucher/{member}, expiry_voucher/{member} and validate_product_voucher/{member}. */
export function voucherRoutes(app: Hono<ApiEnv>) {
  serve(app, op.voucher_detail, async ({ db, params, query }) => ({ data: await getVoucherDetail(db, params.code ?? '', query.lang) }));
  serve(app, op.member_voucher, async ({ db, member, locale }) => ({ data: (await listMemberVouchers(db, member!, locale)).active }));
  serve(app, op.expiry_voucher, async ({ db, member, locale }) => ({ data: (await listMemberVouchers(db, member!, locale)).past }));
  serve(app, op.validate_product_voucher, async ({ db, member, body, locale }) => checkOrderVoucher(db, member!, body, locale));
}
