/**
 * The member voucher of an order (spec §3 Voucher, §4 Checkout "choosing a voucher"; §7
 * validate_product_voucher). A voucher is checked before the order's transaction and claimed
 * inside it by a conditional update, so two orders can never both use it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { shopDate } from '../../../../domain/shop-time';
import type { Locale } from '../../../../i18n/messages';
import type { Db } from '../../db/client';
import { memberVouchers, vouchers, type LocalizedText } from '../../db/schema';
import { ApiError } from '../../errors';
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

/**
 * Refuses a voucher that cannot apply (pure): not the member's, already used, expired before
 * `today`, or a product subtotal (sen) below its minimum spend.
 * @param today the shop's date 'YYYY-MM-DD' (the voucher is valid through its expiry date)
 * @throws ApiError 409 'voucher_invalid'.
 */
export function checkVoucherUsable(v: HeldVoucher | undefined, subtotalSen: number, today: string): asserts v is HeldVoucher {
  if (!v || v.usedAt || v.expireDate < today || subtotalSen < v.minSpendSen) throw new ApiError(409, 'voucher_invalid');
}

/**
 * Reads and checks the member's voucher `voucherNo` (vm_voucher_no) for an order whose product
 * subtotal is `subtotalSen` (sen), at `now`.
 * @returns the voucher with its name in `locale`
 * @throws ApiError 409 'voucher_invalid' (see `checkVoucherUsable`).
 */
export async function findOrderVoucher(
  db: Db,
  args: { memberCode: string; voucherNo: string; subtotalSen: number; now: Date; locale: Locale },
): Promise<OrderVoucher> {
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
    .where(and(eq(memberVouchers.vmVoucherNo, args.voucherNo), eq(memberVouchers.memberCode, args.memberCode)))
    .limit(1);
  checkVoucherUsable(v, args.subtotalSen, shopDate(args.now));
  return { no: v.no, code: v.code, name: localized(v.name, args.locale), amount: v.amount };
}

/**
 * Marks the voucher used by `orderRefno`, inside the order's transaction: one conditional update
 * (`used_at is null`), so of two orders racing for it only one succeeds.
 * @throws ApiError 409 'voucher_invalid' when it was used meanwhile (the transaction rolls back).
 */
export async function claimVoucher(tx: Db, args: { memberCode: string; voucherNo: string; orderRefno: string; now: Date }): Promise<void> {
  const used = await tx
    .update(memberVouchers)
    .set({ usedAt: args.now, usedOrderRefno: args.orderRefno })
    .where(and(eq(memberVouchers.vmVoucherNo, args.voucherNo), eq(memberVouchers.memberCode, args.memberCode), isNull(memberVouchers.usedAt)))
    .returning({ no: memberVouchers.vmVoucherNo });
  if (!used.length) throw new ApiError(409, 'voucher_invalid');
}
