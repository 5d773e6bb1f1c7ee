/**
 * Routes of coverage.md §7 Vouchers (member_voucher, expiry_voucher, get_voucher: a redemption or the §4 birthday claim), the points history, §4 Checkout (validate_product_voucher)
 * and §2 /voucher-details/ (voucher_detail). Thin: each calls one service.
 */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getVoucherDetail, listMemberVouchers } from '../services/vouchers';
import { checkOrderVoucher } from '../services/orders';
import { claimBirthdayVoucher } from '../services/birthday';
import { getPointsEntry, listPointsHistory, listRedeemableVouchers, redeemVoucher } from '../services/points';

/**
 * Registers voucher_detail/{code}, member_voucher/{member}, expiry_voucher/{member},
 * validate_product_voucher/{member}, get_voucher/{member}, redeem_voucher_listing,
 * points_history/{member} and points_history_detail/{member}/{transno}.
 */
export function voucherRoutes(app: Hono<ApiEnv>) {
  serve(app, op.voucher_detail, async ({ db, params, query }) => ({ data: await getVoucherDetail(db, params.code ?? '', query.lang) }));
  serve(app, op.member_voucher, async ({ db, member, locale }) => ({ data: (await listMemberVouchers(db, member!, locale)).active }));
  serve(app, op.expiry_voucher, async ({ db, member, locale }) => ({ data: (await listMemberVouchers(db, member!, locale)).past }));
  serve(app, op.validate_product_voucher, async ({ db, member, body, locale }) => checkOrderVoucher(db, member!, body, locale));
  serve(app, op.get_voucher, async ({ db, member, body, locale }) => {
    if (body.voucher_info) {
      const c = await claimBirthdayVoucher(db, member!, body.voucher_info[0]!.vc_code, locale);
      return { voucher_created: 1, data: c.voucher, points_used: 0, customer_point: c.balance, transno: null };
    }
    const r = await redeemVoucher(db, member!, body.vc_code!, locale);
    return { voucher_created: 1, data: r.voucher, points_used: r.pointsUsed, customer_point: r.balance, transno: r.transno };
  });
  serve(app, op.redeem_voucher_listing, async ({ db, locale }) => ({ data: await listRedeemableVouchers(db, locale) }));
  serve(app, op.points_history, async ({ db, member, locale }) => {
    const h = await listPointsHistory(db, member!, locale);
    return { customer_point: h.balance, data: h.entries };
  });
  serve(app, op.points_history_detail, async ({ db, member, params, locale }) => ({ data: await getPointsEntry(db, member!, params.transno ?? '', locale) }));
}
