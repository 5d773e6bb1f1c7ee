/**
 * Reads of the account's vouchers and rewards for the logged-in member (`memberApi`; coverage.md §2
 * Account /account/vouchers, /account/my-rewards, membership-points-history and /{transno}; §7
 * member_voucher, expiry_voucher, redeem_voucher_listing, points_history, points_history_detail).
 */
import { XsApiError } from '../../lib/xs-api/client';
import { memberApi, type FeatureContext } from '../shared/api';
import { toPointEntry, toRedeemOption, toVoucherCard, type PointEntryView, type RedeemOptionView, type VoucherCardView } from './view';

export type { PointEntryView, RedeemOptionView, VoucherCardView } from './view';

/** The vouchers page: the two tabs, the kinds offered for points (cheapest first) and the balance. */
export type VouchersPage = { active: VoucherCardView[]; past: VoucherCardView[]; offers: RedeemOptionView[]; points: number };

/**
 * Everything /account/vouchers shows, read in parallel.
 * @throws XsApiError on a transport fault, a server error, or 401 (no live session).
 */
export async function getVouchersPage(ctx: FeatureContext): Promise<VouchersPage> {
  const api = memberApi(ctx);
  const [active, past, offers, history] = await Promise.all([
    api.call('member_voucher'),
    api.call('expiry_voucher'),
    api.call('redeem_voucher_listing'),
    api.call('points_history'),
  ]);
  return {
    active: active.data.map(toVoucherCard),
    past: past.data.map(toVoucherCard),
    offers: offers.data.map(toRedeemOption),
    points: history.customer_point,
  };
}

/** The member's points history: the balance now (points) and every entry, newest first. */
export type PointsHistoryView = { points: number; entries: PointEntryView[] };

/**
 * The member's balance and history (points_history).
 * @throws XsApiError on a transport fault, a server error, or 401.
 */
export async function getPointsHistory(ctx: FeatureContext): Promise<PointsHistoryView> {
  const r = await memberApi(ctx).call('points_history');
  return { points: r.customer_point, entries: r.data.map((e) => toPointEntry(e, ctx.locals.locale)) };
}

/**
 * One entry of the member's history by `transno`, or null when there is none (unknown, malformed
 * or another member's: the API answers 404 or 400).
 * @throws XsApiError on a transport fault, a server error, or 401.
 */
export async function getPointsEntry(ctx: FeatureContext, transno: string): Promise<PointEntryView | null> {
  if (!transno) return null;
  try {
    const r = await memberApi(ctx).call('points_history_detail', { params: { transno } });
    return toPointEntry(r.data, ctx.locals.locale);
  } catch (err) {
    if (err instanceof XsApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}
