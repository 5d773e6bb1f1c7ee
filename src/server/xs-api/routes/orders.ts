/** Routes of spec §7 Checkout and orders. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getOrder, listOrders, placeOrder } from '../services/orders';

export function orderRoutes(app: Hono<ApiEnv>) {
  serve(app, op.add_order, async ({ db, member, body, locale }) => {
    const data = await placeOrder(db, member!, body, locale);
    return { order_refno: data.order_refno, data };
  });
  serve(app, op.order_listing, async ({ db, member, query }) =>
    listOrders(db, member!, query.status ? query.status.split(',').map((s) => s.trim()).filter(Boolean) : [], query.limit));
  serve(app, op.order_detail, async ({ db, member, params }) => ({ data: await getOrder(db, member!, params.orderId!) }));
}
