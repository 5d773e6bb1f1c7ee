/**
 * View models of the account's vouchers and rewards (coverage.md §2 Account: vouchers, my-rewards,
 * membership points history; §3 Voucher; §4 Voucher tabs). The API's answers are reshaped once
 * here: amounts come in sen (ADR 37), vc_amount a `Voucher` value.
 */
import type { MemberVoucher, PastVoucher, PointEntry, RedeemableVoucher } from '../../lib/xs-api/contract';
import { parseVoucherAmount, type Voucher } from '../../domain/totals';
import { isolate } from '../../i18n/bidi';
import { translate, type Locale } from '../../i18n/messages';

/** A voucher card: `no` vm_voucher_no (null for a kind offered for points), `serial` vc_no, `value` parsed vc_amount (null when unreadable). */
export type VoucherCardView = {
  no: string | null;
  code: string;
  serial: string;
  name: string;
  image: string;
  value: Voucher | null;
  /** Last valid day 'YYYY-MM-DD' (Malaysian date); '' for a kind offered for points. */
  expireDate: string;
  /** Minimum product subtotal, sen. */
  minSpendSen: number;
  tnc: string;
  /** coverage.md §4 Voucher tabs: code 1 active, 2 expired or used. */
  state: 'active' | 'used' | 'expired';
};

/** A voucher kind offered for points: the card plus its cost in points (vc_redeem_formula). */
export type RedeemOptionView = VoucherCardView & { cost: number };

function valueOf(vcAmount: string): Voucher | null {
  try {
    return parseVoucherAmount(vcAmount);
  } catch {
    return null;
  }
}

/** An active (member_voucher) or past (expiry_voucher) voucher as a card. */
export function toVoucherCard(v: MemberVoucher | PastVoucher): VoucherCardView {
  return {
    no: v.vm_voucher_no,
    code: v.vc_code,
    serial: v.vc_no,
    name: v.vc_name,
    image: v.vc_image,
    value: valueOf(v.vc_amount),
    expireDate: v.vc_expire_date,
    minSpendSen: v.min_spend,
    tnc: v.vc_tnc,
    state: 'status' in v ? v.status : 'active',
  };
}

/** A kind from redeem_voucher_listing as a redeem option. */
export function toRedeemOption(v: RedeemableVoucher): RedeemOptionView {
  return {
    no: null,
    code: v.vc_code,
    serial: '',
    name: v.vc_name,
    image: v.vc_image,
    value: valueOf(v.vc_amount),
    expireDate: '',
    minSpendSen: v.min_spend,
    tnc: v.vc_tnc,
    state: 'active',
    cost: v.vc_redeem_formula,
  };
}

/** One points movement: signed `points`, `at` the time, `balanceAfter` the balance right after it. */
export type PointEntryView = { transno: string; points: number; description: string; storeCode: string | null; at: Date; balanceAfter: number };

/**
 * The line of a points movement in `locale`, worded from its reason and parameters (issue 24: never
 * the stored English text): ('redeem', { voucher_name: '立减RM5' }, 'zh') → '兑换优惠券：立减RM5';
 * ('order_reverse', { order: 'WEB…', shortfall: 20 }, 'en') → 'Order WEB… cancelled: points returned
 * (20 points had already been spent)'. Codes are isolated (src/i18n/bidi.ts) for Arabic.
 */
export function pointReasonText(reason: PointEntry['reason'], params: PointEntry['reason_params'], locale: Locale): string {
  // A code is one isolated run that never breaks at its hyphens (U+2011): a receipt number cut at
  // the end of an Arabic line would show its pieces out of order.
  const code = (name: string) => isolate(String(params[name] ?? '').replaceAll('-', '\u2011'));
  const shortfall = Number(params.shortfall ?? 0);
  const withShortfall = (text: string) => (shortfall > 0 ? `${text} (${translate(locale, 'points_reason_shortfall', { shortfall })})` : text);
  switch (reason) {
    case 'welcome':
      return translate(locale, 'points_reason_welcome');
    case 'outlet_purchase':
      return translate(locale, 'points_reason_outlet_purchase', { receipt: code('receipt') });
    case 'double_points':
      return translate(locale, 'points_reason_double_points');
    case 'order_earn':
      return translate(locale, 'points_reason_order_earn', { order: code('order') });
    case 'order_reverse':
      return withShortfall(translate(locale, 'points_reason_order_reverse', { order: code('order') }));
    case 'order_adjust':
      return withShortfall(translate(locale, 'points_reason_order_adjust', { order: code('order') }));
    case 'redeem':
      return params.voucher_name ? translate(locale, 'points_reason_redeem', { voucher: isolate(String(params.voucher_name)) }) : translate(locale, 'points_reason_redeem_unnamed');
    default:
      return translate(locale, 'points_reason_other');
  }
}

/** A points_history entry as a view, its line worded in `locale`. */
export function toPointEntry(e: PointEntry, locale: Locale): PointEntryView {
  return { transno: e.transno, points: e.points, description: pointReasonText(e.reason, e.reason_params, locale), storeCode: e.store_code, at: new Date(e.created_at), balanceAfter: e.balance_after };
}
