/**
 * Order reads for the logged-in member (`memberApi`): one order for the order success page, and
 * the account area's list by tab (coverage.md §2 Order success page, Account: Orders; §4 Order tab
 * grouping; §7 order_listing, order_detail). Answers are reshaped once into `OrderView`s.
 */
import { XsApiError } from '../../lib/xs-api/client';
import { formatLimit } from '../../domain/product-list';
import { ORDER_LIST_LIMIT, ORDER_TABS, parseOrderTab, type OrderTabKey } from '../../domain/orders';
import { memberApi, type FeatureContext } from '../shared/api';
import { toBillCompanyView, toOrderDetailView, type BillCompanyView, type OrderDetailView } from './detail-view';
import { toOrderView, type OrderView } from './view';

export type { OrderLineView, OrderView, PickupView } from './view';
export type { BillCompanyView, OrderDetailView, OrderHistoryView } from './detail-view';

/**
 * The member's order `refno` ('WEB2611220001'), or null when there is none by that number (empty,
 * unknown, or another member's: the API refuses with a 4xx).
 * @throws XsApiError on a transport fault or a server error (5xx).
 */
export async function getOrder(ctx: FeatureContext, refno: string): Promise<OrderView | null> {
  if (!refno) return null;
  try {
    const { data } = await memberApi(ctx).call('order_detail', { params: { orderId: refno } });
    return toOrderView(data, ctx.locals.locale);
  } catch (err) {
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500) return null;
    throw err;
  }
}

/** The order detail page's data: the order with its history and the bill's company header. */
export type OrderDetailPage = { order: OrderDetailView; company: BillCompanyView };

/**
 * The member's order `refno` for the order detail page (coverage.md §2 /account/orders/{orderNo}), read
 * from print_customer_bill (coverage.md §7), so the page and its print show the same bill: the order,
 * its status history, what the member may do now, and the company header. Null when the member
 * has no such order (empty, unknown, or another member's: the API answers 404).
 * @throws XsApiError on a transport fault, a server error (5xx), or 401 (no live session).
 */
export async function getOrderDetail(ctx: FeatureContext, refno: string): Promise<OrderDetailPage | null> {
  if (!refno) return null;
  try {
    const { data } = await memberApi(ctx).call('print_customer_bill', { params: { id: refno } });
    return { order: toOrderDetailView(data.order, ctx.locals.locale), company: toBillCompanyView(data.company) };
  } catch (err) {
    if (err instanceof XsApiError && (err.status === 404 || err.status === 400 || err.status === 403)) return null;
    throw err;
  }
}

/** The member's orders in a tab. */
export type OrderList = {
  /** The tab shown: the one asked for when it exists, else null (all orders). */
  tab: OrderTabKey | null;
  /** Newest first, at most `ORDER_LIST_LIMIT`. */
  orders: OrderView[];
  /** How many orders the tab holds in all. */
  total: number;
};

/**
 * The member's orders in `tab` ('to_pay', 'to_receive', 'to_evaluate'; anything else: all),
 * the tab's statuses taken from `ORDER_TABS` (coverage.md §4), the first `ORDER_LIST_LIMIT` ("0,50").
 * @throws XsApiError when the call fails (401 for a guest or an expired session).
 */
export async function listOrders(ctx: FeatureContext, tab: string | null | undefined): Promise<OrderList> {
  const key = parseOrderTab(tab);
  const statuses = ORDER_TABS.find((x) => x.key === key)?.statuses;
  const answer = await memberApi(ctx).call('order_listing', {
    query: { status: statuses?.join(','), limit: formatLimit({ offset: 0, count: ORDER_LIST_LIMIT }) },
  });
  return { tab: key, orders: answer.data.map((o) => toOrderView(o, ctx.locals.locale)), total: answer.total };
}
