/**
 * Reads of the outlet purchases for the logged-in member (`memberApi`; coverage.md §2
 * /account/purchase-history and /account/purchase-history/{transno}; §3 Purchase history by
 * fromDate and toDate; §7 get_purchase_history_data, view_purchase_item_bybill, print_offline_bill).
 * Answers become view models once (`view.ts`): money in sen.
 */
import { XsApiError } from '../../lib/xs-api/client';
import { requestedPurchaseRange, type PurchaseRange } from '../../domain/purchase-range';
import type { Instant } from '../../domain/shop-time';
import { memberApi, type FeatureContext } from '../shared/api';
import { toPurchaseBillView, toPurchaseDetailView, toPurchasePrintView, type PurchaseBillDetailView, type PurchaseBillView, type PurchasePrintView } from './view';
import { clock } from '../../server/clock';

export type { PurchaseBillDetailView, PurchaseBillView, PurchaseItemView, PurchasePrintView } from './view';

/**
 * The history page: the range asked for (echoed into the form as typed), and either the bills
 * (newest first) with their sum in sen, or the API's refusal in the member's language and the
 * field it concerns ('fromDate' or 'toDate').
 */
export type PurchaseHistoryPage =
  | { ok: true; range: PurchaseRange; bills: PurchaseBillView[]; totalSen: number }
  | { ok: false; range: { from: string; to: string }; error: string; field: 'fromDate' | 'toDate' };

/**
 * The member's outlet bills from `fromDate` to `toDate` (the page's query values; missing or blank
 * ones take the default range, the last 3 months to today in Malaysia: src/domain/purchase-range.ts).
 * The API judges the range; a refusal (400) comes back as `ok: false`, never thrown.
 * @throws XsApiError on a transport fault, a server error, or 401 (no live session).
 */
export async function getPurchaseHistory(
  ctx: FeatureContext,
  fromDate: string | null | undefined,
  toDate: string | null | undefined,
  now: Instant = clock.ms(),
): Promise<PurchaseHistoryPage> {
  const range = requestedPurchaseRange(fromDate, toDate, now);
  try {
    const r = await memberApi(ctx).call('get_purchase_history_data', { params: { fromDate: range.from, toDate: range.to } });
    return { ok: true, range: { from: r.from_date, to: r.to_date }, bills: r.data.map((b) => toPurchaseBillView(b, ctx.locals.locale)), totalSen: r.total_amount };
  } catch (err) {
    if (err instanceof XsApiError && err.status === 400) {
      const field = err.body.field === 'toDate' ? 'toDate' : 'fromDate';
      return { ok: false, range, error: err.message, field };
    }
    throw err;
  }
}

/** The detail page's data: the bill with its lines, and what its printed copy adds. */
export type PurchaseDetailPage = { bill: PurchaseBillDetailView; print: PurchasePrintView };

/**
 * The member's bill `transno` with its lines (view_purchase_item_bybill: the member is the
 * session's) and its printable copy's header (print_offline_bill, by the bill's outlet and number).
 * Null when the member has no such bill (empty, malformed, unknown, or another member's: 400/404).
 * @throws XsApiError on a transport fault, a server error, or 401 (no live session).
 */
export async function getPurchaseDetail(ctx: FeatureContext, transno: string): Promise<PurchaseDetailPage | null> {
  if (!transno) return null;
  const api = memberApi(ctx);
  try {
    const { data } = await api.call('view_purchase_item_bybill', { params: { transno } });
    const printed = await api.call('print_offline_bill', { params: { store_code: data.store_code, transno: data.transno } });
    return { bill: toPurchaseDetailView(data, ctx.locals.locale), print: toPurchasePrintView(printed.data, ctx.locals.locale) };
  } catch (err) {
    if (err instanceof XsApiError && (err.status === 404 || err.status === 400 || err.status === 403)) return null;
    throw err;
  }
}
