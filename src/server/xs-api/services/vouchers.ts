/**
 * Voucher kinds and the vouchers members hold (coverage.md §2 /voucher-details/, §3 Voucher, §4 Voucher
 * tabs; tables `vouchers`, `member_vouchers`). Money is integer sen, in the answers too (the HTTP
 * edge writes a ringgit string, ADR 37); whether a voucher is active is `voucherState` of
 * src/domain/vouchers.ts on the Malaysian date.
 */
import { eq } from 'drizzle-orm';
import { VOUCHER_CODE_RE, type MemberVoucher, type PastVoucher, type VoucherDetail } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import { shopDate } from '../../../domain/shop-time';
import { voucherState } from '../../../domain/vouchers';
import type { Db } from '../db/client';
import { memberVouchers, vouchers } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { localized } from './localized';
import { clock } from '../../clock';

/**
 * voucher_detail/{code}: one voucher kind, its name in `lang` (EN when that language has none).
 * @throws ApiError 400 when the code is not 1–30 letters, digits, '-' or '_' (the input is not
 *   echoed); 404 'voucher_not_found' for a well-formed code with no voucher.
 */
export async function getVoucherDetail(db: Db, code: string, lang: Locale): Promise<VoucherDetail> {
  if (!VOUCHER_CODE_RE.test(code)) throw invalidPayload('code: letters, digits, - and _ only (at most 30)');
  const [row] = await db.select().from(vouchers).where(eq(vouchers.vcCode, code.toUpperCase())).limit(1);
  if (!row) throw new ApiError(404, 'voucher_not_found', { code });
  return {
    vc_code: row.vcCode,
    vc_name: localized(row.vcName, lang),
    vc_image: row.vcImage,
    vc_amount: row.vcAmount,
    vc_redeem_formula: row.vcRedeemFormula,
    min_spend: row.minSpendSen,
    vc_tnc: localized(row.vcTnc, lang),
  };
}

/** The member's vouchers split by tab: `active` (soonest expiry first) and `past` (latest first). */
export type MemberVoucherTabs = { active: MemberVoucher[]; past: PastVoucher[] };

/**
 * member_voucher / expiry_voucher: every voucher `memberCode` holds, names in `lang`, sorted into
 * the Active tab (not used, expiry date not before today in Malaysia) and the Expired/Used tab.
 * @param now the moment that decides "today" (Malaysian date)
 */
export async function listMemberVouchers(db: Db, memberCode: string, lang: Locale, now = clock.now()): Promise<MemberVoucherTabs> {
  const rows = await db
    .select({ held: memberVouchers, kind: vouchers })
    .from(memberVouchers)
    .innerJoin(vouchers, eq(vouchers.vcCode, memberVouchers.vcCode))
    .where(eq(memberVouchers.memberCode, memberCode));
  const today = shopDate(now);
  const active: MemberVoucher[] = [];
  const past: (PastVoucher & { sortKey: string })[] = [];
  for (const { held, kind } of rows) {
    const voucher: MemberVoucher = {
      vc_image: kind.vcImage,
      vc_code: kind.vcCode,
      vc_no: held.vcNo,
      vc_name: localized(kind.vcName, lang),
      vm_voucher_no: held.vmVoucherNo,
      vc_expire_date: held.expireDate,
      vc_amount: kind.vcAmount,
      vc_redeem_formula: kind.vcRedeemFormula,
      vc_tnc: localized(kind.vcTnc, lang),
      min_spend: kind.minSpendSen,
    };
    const state = voucherState(held, today);
    if (state === 'active') active.push(voucher);
    else {
      const usedAt = held.usedAt ? held.usedAt.toISOString() : null;
      past.push({ ...voucher, status: state, used_at: usedAt, used_order_refno: held.usedOrderRefno, sortKey: usedAt ?? held.expireDate });
    }
  }
  active.sort((a, b) => a.vc_expire_date.localeCompare(b.vc_expire_date) || a.vm_voucher_no.localeCompare(b.vm_voucher_no));
  past.sort((a, b) => b.sortKey.localeCompare(a.sortKey) || a.vm_voucher_no.localeCompare(b.vm_voucher_no));
  return { active, past: past.map(({ sortKey: _sortKey, ...v }) => v) };
}
