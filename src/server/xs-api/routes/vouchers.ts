/** Routes of spec §2 /voucher-details/ and §3 Voucher: the public details of a voucher kind. Thin. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getVoucherDetail } from '../services/vouchers';

/** Registers voucher_detail/{code}. */
export function voucherRoutes(app: Hono<ApiEnv>) {
  serve(app, op.voucher_detail, async ({ db, params, query }) => ({ data: await getVoucherDetail(db, params.code ?? '', query.lang) }));
}
