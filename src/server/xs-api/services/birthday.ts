/**
 * The birthday voucher claim (coverage.md §4 Birthday; §7 get_voucher "birthday claim sends
 * total_redemption and voucher_info"; tables `customers.birthday`, `customers.birthday_claimed_year`,
 * `vouchers.is_birthday`, `member_vouchers`). Once a year, in the birthday month (src/domain/birthday.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { MemberVoucher } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import { claimYear, isBirthdayMonth } from '../../../domain/birthday';
import { addDays, shopDate } from '../../../domain/shop-time';
import { BIRTHDAY_VOUCHER_VALID_DAYS } from '../../../domain/vouchers';
import type { Db } from '../db/client';
import { customers, memberVouchers, vouchers } from '../db/schema';
import { ApiError } from '../errors';
import { localized } from './localized';
import { clock } from '../../clock';

/** What a claim answers: the voucher issued and the member's (unchanged) points balance. */
export type BirthdayClaim = { voucher: MemberVoucher; balance: number };

/** A short random upper-case suffix for new numbers (10 hex digits). */
const suffix = () => randomBytes(5).toString('hex').toUpperCase();

/**
 * Claims the birthday voucher of `memberCode` at `now`: kind `vcCode` when given (it must be a
 * birthday kind), else the shop's birthday kind. In one transaction, a conditional UPDATE marks the
 * year claimed only WHERE birthday_claimed_year is null or older than this year — so of any number
 * of concurrent claims exactly one wins (the row lock makes the others re-read the year and match no
 * row) — then the voucher is issued, valid BIRTHDAY_VOUCHER_VALID_DAYS days from today in Malaysia.
 * A birthday voucher costs no points.
 * @throws ApiError 404 'api_not_found' for an unknown member; 404 'voucher_not_found' when no such
 *   birthday kind exists; 409 'birthday_not_in_month' outside the birthday month (or without a
 *   birthday); 409 'birthday_already_claimed' when this year's voucher was claimed — nothing changes then.
 */
export async function claimBirthdayVoucher(db: Db, memberCode: string, vcCode: string | undefined, lang: Locale, now = clock.now()): Promise<BirthdayClaim> {
  const today = shopDate(now);
  const year = claimYear(today);
  const code = vcCode?.toUpperCase();
  const [kind] = await db
    .select()
    .from(vouchers)
    .where(code ? and(eq(vouchers.isBirthday, true), eq(vouchers.vcCode, code)) : eq(vouchers.isBirthday, true))
    .orderBy(asc(vouchers.vcCode))
    .limit(1);
  if (!kind) throw new ApiError(404, 'voucher_not_found', { code: code ?? '' });
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ birthday: customers.birthday }).from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
    if (!member) throw new ApiError(404, 'api_not_found');
    if (!isBirthdayMonth(member.birthday, today)) throw new ApiError(409, 'birthday_not_in_month');
    const [claimed] = await tx
      .update(customers)
      .set({ birthdayClaimedYear: year })
      .where(and(eq(customers.memberCode, memberCode), or(isNull(customers.birthdayClaimedYear), lt(customers.birthdayClaimedYear, year))))
      .returning({ points: customers.points });
    if (!claimed) throw new ApiError(409, 'birthday_already_claimed');
    const vmVoucherNo = `VM${suffix()}`;
    const vcNo = `${kind.vcCode}-${today.replaceAll('-', '').slice(2)}-${suffix().slice(0, 6)}`;
    const expireDate = addDays(today, BIRTHDAY_VOUCHER_VALID_DAYS - 1);
    await tx.insert(memberVouchers).values({ vmVoucherNo, memberCode, vcCode: kind.vcCode, vcNo, expireDate, createdAt: now });
    return {
      voucher: {
        vc_image: kind.vcImage,
        vc_code: kind.vcCode,
        vc_no: vcNo,
        vc_name: localized(kind.vcName, lang),
        vm_voucher_no: vmVoucherNo,
        vc_expire_date: expireDate,
        vc_amount: kind.vcAmount,
        vc_redeem_formula: kind.vcRedeemFormula,
        vc_tnc: localized(kind.vcTnc, lang),
        min_spend: kind.minSpendSen,
      },
      balance: claimed.points,
    };
  });
}
