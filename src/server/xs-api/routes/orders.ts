/** Routes of coverage.md §7 Checkout and orders (add_order, order_listing, order_detail, the member's order changes) and print_customer_bill. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getCompanyContact } from '../services/company';
import { cancelOwnOrder, changeOwnBillAddress, changeOwnPickupSlot, completeOwnOrderReview, getOrderWithHistory, listOrders, placeOrder } from '../services/orders';
import { translate } from '../../../i18n/messages';

/** Registers the order operations on the API app; the member is the session's (checked by `serve`). */
export function orderRoutes(app: Hono<ApiEnv>) {
  serve(app, op.add_order, async ({ db, member, body, locale, services }) => {
    const data = await placeOrder(db, member!, body, locale, services.capacity);
    return { order_refno: data.order_refno, data };
  });
  serve(app, op.order_listing, async ({ db, member, query, locale }) =>
    listOrders(db, member!, query.status ? query.status.split(',').map((s) => s.trim()).filter(Boolean) : [], query.limit, locale));
  serve(app, op.order_detail, async ({ db, member, params, locale }) => ({ data: await getOrderWithHistory(db, member!, params.orderId!, locale) }));
  serve(app, op.update_order_status_cancelled, async ({ db, member, body }) => cancelOwnOrder(db, member!, body.order_refno));
  serve(app, op.update_order_status_comment, async ({ db, member, body }) => completeOwnOrderReview(db, member!, body.order_refno));
  serve(app, op.update_ecom_bill_detail_header, async ({ db, member, body }) => ({ data: await changeOwnBillAddress(db, member!, body) }));
  serve(app, op.update_pickup_datetime, async ({ db, member, body, services }) => ({ data: await changeOwnPickupSlot(db, member!, body, services.capacity) }));
  serve(app, op.print_customer_bill, async ({ db, member, params, locale }) => {
    const [order, contact] = await Promise.all([getOrderWithHistory(db, member!, params.id!, locale), getCompanyContact(db)]);
    return { data: { company: { company_name: translate(locale, 'site_name'), ...contact }, order } };
  });
}
