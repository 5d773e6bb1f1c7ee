/**
 * Redeeming points for vouchers and the points history (coverage.md §1 points, §2 my-rewards and
 * membership-points-history, §7 get_voucher; tables `customers.customer_point`, `vouchers`,
 * `member_vouchers`, `point_transactions`). Points are whole numbers; a balance never goes below 0.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { TRANSNO_RE, VOUCHER_CODE_RE, type MemberVoucher, type PointEntry, type RedeemableVoucher } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import { addDays, shopDate } from '../../../domain/shop-time';
import { REDEEMED_VOUCHER_VALID_DAYS } from '../../../domain/vouchers';
import { isPointReason } from '../../../domain/points';
import type { Db } from '../db/client';
import { customers, memberVouchers, pointTransactions, vouchers } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { localized } from './localized';
import { clock } from '../../clock';

/** A short random upper-case suffix for new numbers (10 hex digits). */
const suffix = () => randomBytes(5).toString('hex').toUpperCase();

/** redeem_voucher_listing: the kinds with a vc_redeem_formula, cheapest first, names in `lang`. */
export async function listRedeemableVouchers(db: Db, lang: Locale): Promise<RedeemableVoucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(isNotNull(vouchers.vcRedeemFormula), eq(vouchers.isBirthday, false)))
    .orderBy(asc(vouchers.vcRedeemFormula), asc(vouchers.vcCode));
  return rows
    .filter((r) => (r.vcRedeemFormula ?? 0) > 0)
    .map((r) => ({
      vc_code: r.vcCode,
      vc_name: localized(r.vcName, lang),
      vc_image: r.vcImage,
      vc_amount: r.vcAmount,
      vc_redeem_formula: r.vcRedeemFormula!,
      min_spend: r.minSpendSen,
      vc_tnc: localized(r.vcTnc, lang),
    }));
}

/** What a redemption answers: the voucher issued, the points it cost, the balance left, the history entry. */
export type Redemption = { voucher: MemberVoucher; pointsUsed: number; balance: number; transno: string };

/**
 * get_voucher/{member}: redeems `vcCode` for `memberCode`. In one transaction: a conditional
 * UPDATE takes the cost off customer_point only WHERE customer_point >= cost (so concurrent
 * redemptions can never take the balance below 0: the row lock makes the second one re-read the
 * balance), then the voucher (valid REDEEMED_VOUCHER_VALID_DAYS days from today in Malaysia) and a
 * negative point_transactions row are written.
 * @throws ApiError 400 for a malformed code; 404 'voucher_not_found' for an unknown kind or one
 *   without vc_redeem_formula (the birthday voucher); 409 'voucher_not_enough_points' (coverage.md §8
 *   'Not enough point to redeem') when the balance is short — nothing changes then.
 */
export async function redeemVoucher(db: Db, memberCode: string, vcCode: string, lang: Locale, now = clock.now()): Promise<Redemption> {
  if (!VOUCHER_CODE_RE.test(vcCode)) throw invalidPayload('vc_code: letters, digits, - and _ only (at most 30)');
  const code = vcCode.toUpperCase();
  const [kind] = await db.select().from(vouchers).where(eq(vouchers.vcCode, code)).limit(1);
  const cost = kind?.vcRedeemFormula ?? null;
  if (!kind || cost === null || cost <= 0 || kind.isBirthday) throw new ApiError(404, 'voucher_not_found', { code });
  const today = shopDate(now);
  return db.transaction(async (tx) => {
    const [left] = await tx
      .update(customers)
      .set({ points: sql`${customers.points} - ${cost}` })
      .where(and(eq(customers.memberCode, memberCode), gte(customers.points, cost)))
      .returning({ points: customers.points });
    if (!left) throw new ApiError(409, 'voucher_not_enough_points', { points: cost });
    const vmVoucherNo = `VM${suffix()}`;
    const vcNo = `${code}-${today.replaceAll('-', '').slice(2)}-${suffix().slice(0, 6)}`;
    const expireDate = addDays(today, REDEEMED_VOUCHER_VALID_DAYS - 1);
    await tx.insert(memberVouchers).values({ vmVoucherNo, memberCode, vcCode: code, vcNo, expireDate, createdAt: now });
    const transno = `PT${today.replaceAll('-', '').slice(2)}${suffix()}`;
    await tx.insert(pointTransactions).values({ transNo: transno, memberCode, points: -cost, description: `Redeemed: ${kind.vcName.en} voucher`, storeCode: null, createdAt: now, reason: 'redeem', reasonParams: { voucher: code } });
    return {
      voucher: {
        vc_image: kind.vcImage,
        vc_code: code,
        vc_no: vcNo,
        vc_name: localized(kind.vcName, lang),
        vm_voucher_no: vmVoucherNo,
        vc_expire_date: expireDate,
        vc_amount: kind.vcAmount,
        vc_redeem_formula: cost,
        vc_tnc: localized(kind.vcTnc, lang),
        min_spend: kind.minSpendSen,
      },
      pointsUsed: cost,
      balance: left.points,
      transno,
    };
  });
}

/** The member's points history: the balance now and every entry, newest first, each with the balance right after it. */
export type PointsHistory = { balance: number; entries: PointEntry[] };

/**
 * points_history/{member}: every point_transactions row of `memberCode`, newest first, with
 * `balance_after` counted back from the current balance (customer_point), and each row's reason
 * with its parameters (issue 24); a redemption's parameters gain `voucher_name`, the voucher's
 * name in `lang`, so the shop words the line without a second call.
 * @throws ApiError 404 'api_not_found' when the member does not exist.
 */
export async function listPointsHistory(db: Db, memberCode: string, lang: Locale = 'en'): Promise<PointsHistory> {
  const [member] = await db.select({ points: customers.points }).from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!member) throw new ApiError(404, 'api_not_found');
  const rows = await db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.memberCode, memberCode))
    .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.transNo));
  const codes = [...new Set(rows.map((r) => (r.reason === 'redeem' ? r.reasonParams.voucher : undefined)).filter((c): c is string => Boolean(c)))];
  const names = new Map(
    codes.length ? (await db.select({ code: vouchers.vcCode, name: vouchers.vcName }).from(vouchers).where(inArray(vouchers.vcCode, codes))).map((v) => [v.code, localized(v.name, lang)]) : [],
  );
  let balance = member.points;
  const entries: PointEntry[] = rows.map((r) => {
    const voucherName = r.reasonParams.voucher ? names.get(r.reasonParams.voucher) : undefined;
    const entry: PointEntry = {
      transno: r.transNo,
      points: r.points,
      description: r.description,
      reason: isPointReason(r.reason) ? r.reason : 'other',
      reason_params: { ...r.reasonParams, ...(voucherName ? { voucher_name: voucherName } : {}) },
      store_code: r.storeCode,
      created_at: r.createdAt.toISOString(),
      balance_after: balance,
    };
    balance -= r.points;
    return entry;
  });
  return { balance: member.points, entries };
}

/**
 * points_history_detail/{member}/{transno}: one entry of the member's history.
 * @throws ApiError 400 for a malformed transno; 404 'points_entry_not_found' when the member has
 *   no entry by that number (unknown, or another member's — not told apart).
 */
export async function getPointsEntry(db: Db, memberCode: string, transno: string, lang: Locale = 'en'): Promise<PointEntry> {
  if (!TRANSNO_RE.test(transno)) throw invalidPayload('transno: letters, digits, - and _ only (at most 40)');
  const { entries } = await listPointsHistory(db, memberCode, lang);
  const entry = entries.find((e) => e.transno === transno);
  if (!entry) throw new ApiError(404, 'points_entry_not_found', { transno });
  return entry;
}
