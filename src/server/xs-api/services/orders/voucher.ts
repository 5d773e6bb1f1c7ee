/**
 * The member voucher of an order (coverage.md §3 Voucher, §4 Checkout "choosing a voucher"; §7
 * validate_product_voucher). A voucher is checked before the order's transaction and claimed
 * inside it by a conditional update, so two orders can never both use it. The rule itself (used,
 * expired, minimum spend) is `voucherRefusal` of src/domain/vouchers.ts, the same one the
 * listings and the checkout's picker use.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { formatExactPrice } from '../../../../domain/money';
import { formatPickupDate } from '../../../../domain/pickup';
import { shopDate } from '../../../../domain/shop-time';
import { minSpendShortfall, voucherRefusal, type VoucherRefusal } from '../../../../domain/vouchers';
import type { Locale, MessageKey } from '../../../../i18n/messages';
import type { Db } from '../../db/client';
import { memberVouchers, vouchers, type LocalizedText } from '../../db/schema';
import { ApiError, type ErrorParam } from '../../errors';
import { localized } from '../localized';

/** A voucher applied to an order: numbers, name in the order's language, `vc_amount` ('5.00' or '10%'). */
export type OrderVoucher = { no: string; code: string; name: string; amount: string };

/** A member voucher as read for an order. `minSpendSen` is the minimum product subtotal in sen. */
export type HeldVoucher = {
  no: string;
  code: string;
  name: LocalizedText;
  amount: string;
  minSpendSen: number;
  /** Last valid day, 'YYYY-MM-DD' (Malaysian date). */
  expireDate: string;
  usedAt: Date | null;
};

/** The message of each refusal (coverage.md §8: the Error says why). All are 409, the voucher_invalid family. */
const REFUSAL_KEY: Record<VoucherRefusal, MessageKey> = {
  unknown: 'voucher_invalid_unknown',
  used: 'voucher_invalid_used',
  expired: 'voucher_invalid_expired',
  min_spend: 'voucher_invalid_min_spend',
};

/**
 * The 409 refusal of a voucher, its Error in the caller's language and saying why, with the
 * machine-readable `reason` ('unknown' | 'used' | 'expired' | 'min_spend') in the answer.
 * Parameters: `date` (expiry, 'DD/MM/YYYY'), `amount` and `missing` (minimum spend and what is
 * lacking, 'RM 30.00').
 */
export function voucherRefused(reason: VoucherRefusal, v?: Pick<HeldVoucher, 'expireDate' | 'minSpendSen'>, subtotalSen = 0): ApiError {
  const params: Record<string, ErrorParam> = {};
  if (v && reason === 'expired') params.date = (locale: Locale) => formatPickupDate(v.expireDate, locale);
  if (v && reason === 'min_spend') {
    params.amount = formatExactPrice(v.minSpendSen);
    params.missing = formatExactPrice(minSpendShortfall(v.minSpendSen, subtotalSen));
  }
  return new ApiError(409, REFUSAL_KEY[reason], params, { reason });
}

/**
 * Refuses a voucher that cannot apply (pure): not the member's, already used, expired before
 * `today`, or a product subtotal (sen) below its minimum spend (`voucherRefusal`).
 * @param today the shop's date 'YYYY-MM-DD' (the voucher is valid through its expiry date)
 * @throws ApiError 409 'voucher_invalid_unknown' | '…_used' | '…_expired' | '…_min_spend' with
 *   `reason` (see `voucherRefused`).
 */
export function checkVoucherUsable(v: HeldVoucher | undefined, subtotalSen: number, today: string): asserts v is HeldVoucher {
  const reason = voucherRefusal(v, subtotalSen, today);
  if (reason) throw voucherRefused(reason, v, subtotalSen);
}

/** Reads the member's voucher `voucherNo` (vm_voucher_no) with its kind; undefined when the member has none by that number. */
export async function readHeldVoucher(db: Db, memberCode: string, voucherNo: string): Promise<HeldVoucher | undefined> {
  const [v] = await db
    .select({
      no: memberVouchers.vmVoucherNo,
      code: vouchers.vcCode,
      name: vouchers.vcName,
      amount: vouchers.vcAmount,
      minSpendSen: vouchers.minSpendSen,
      expireDate: memberVouchers.expireDate,
      usedAt: memberVouchers.usedAt,
    })
    .from(memberVouchers)
    .innerJoin(vouchers, eq(vouchers.vcCode, memberVouchers.vcCode))
    .where(and(eq(memberVouchers.vmVoucherNo, voucherNo), eq(memberVouchers.memberCode, memberCode)))
    .limit(1);
  return v;
}

/**
 * Reads and checks the member's voucher `voucherNo` (vm_voucher_no) for an order whose product
 * subtotal is `subtotalSen` (sen), at `now`. With `voucherCode`, the voucher must also be of that
 * kind (vc_code, any case), else it counts as unknown.
 * @returns the voucher with its name in `locale`
 * @throws ApiError 409 voucher refusal (see `checkVoucherUsable`).
 */
export async function findOrderVoucher(
  db: Db,
  args: { memberCode: string; voucherNo: string; voucherCode?: string; subtotalSen: number; now: Date; locale: Locale },
): Promise<OrderVoucher> {
  const held = await readHeldVoucher(db, args.memberCode, args.voucherNo);
  const v = args.voucherCode && held && held.code !== args.voucherCode.toUpperCase() ? undefined : held;
  checkVoucherUsable(v, args.subtotalSen, shopDate(args.now));
  return { no: v.no, code: v.code, name: localized(v.name, args.locale), amount: v.amount };
}

/**
 * Marks the voucher used by `orderRefno`, inside the order's transaction: one conditional update
 * (`used_at is null`), so of two orders racing for it only one succeeds.
 * @throws ApiError 409 'voucher_invalid_used' (reason 'used') when it was used meanwhile (the
 *   transaction rolls back).
 */
export async function claimVoucher(tx: Db, args: { memberCode: string; voucherNo: string; orderRefno: string; now: Date }): Promise<void> {
  const used = await tx
    .update(memberVouchers)
    .set({ usedAt: args.now, usedOrderRefno: args.orderRefno })
    .where(and(eq(memberVouchers.vmVoucherNo, args.voucherNo), eq(memberVouchers.memberCode, args.memberCode), isNull(memberVouchers.usedAt)))
    .returning({ no: memberVouchers.vmVoucherNo });
  if (!used.length) throw voucherRefused('used');
}
