/**
 * Voucher kinds (spec §2 /voucher-details/, §3 Voucher; table `vouchers`). Money is integer sen
 * inside and a ringgit string outside (src/domain/money.ts).
 */
import { eq } from 'drizzle-orm';
import { VOUCHER_CODE_RE, type VoucherDetail } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import { formatAmount } from '../../../domain/money';
import type { Db } from '../db/client';
import { vouchers } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { localized } from './localized';

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
    min_spend: formatAmount(row.minSpendSen),
    vc_tnc: row.vcTnc,
  };
}
