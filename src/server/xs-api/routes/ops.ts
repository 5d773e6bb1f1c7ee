/** Operator routes (contract/ops.ts; the console at /staff and `npm run ops`; ADR 25). Thin: they call services. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { listOrdersForStaff, moveOrderAsStaff, pickupsOfDay } from '../services/ops';
import { smsOutboxFor } from '../services/sms-outbox';
import { expireUnpaidOrders, reconcileOpenPayments } from '../services/payments';
import { staffBoard, staffOrderDetail } from '../services/staff/board';
import { cancelAsStaff, handOver } from '../services/staff/order-actions';
import { shortPickOrder } from '../services/staff/short-pick';
import { listOutletCapacity, setOutletCapacity } from '../services/staff/capacity-settings';

/** Registers the ops_* operations: `auth: 'staff'` ones get the staff member (never null), 'hq' ones may get null (the bootstrap token). */
export function opsRoutes(app: Hono<ApiEnv>) {
  serve(app, op.ops_order_listing, async ({ db, query, staff }) => ({ data: await listOrdersForStaff(db, staff!, { ...query, flagged: query.flagged === '1' }) }));
  serve(app, op.ops_pickups, async ({ db, query, staff }) => pickupsOfDay(db, staff!, query));
  serve(app, op.ops_board, async ({ db, query, staff, services }) => staffBoard(db, staff!, { ...query, capacity: services.capacity }));
  serve(app, op.ops_order_detail, async ({ db, params, staff, locale }) => ({ data: await staffOrderDetail(db, staff!, params.orderId!, locale) }));
  serve(app, op.ops_order_status, async ({ db, body, staff, services }) => moveOrderAsStaff(db, services.sms, staff!, { orderRefno: body.order_refno, to: body.to, trackingCode: body.tracking_code, trackingCourier: body.tracking_courier }));
  serve(app, op.ops_order_handover, async ({ db, body, staff, services }) => handOver(db, services.limits.collectionCode, staff!, body.order_refno, body.collection_code));
  serve(app, op.ops_order_cancel, async ({ db, body, staff, services }) => cancelAsStaff(db, services, staff!, { orderRefno: body.order_refno, reason: body.reason }));
  serve(app, op.ops_order_short_pick, async ({ db, body, staff, services }) => shortPickOrder(db, services, staff!, { orderRefno: body.order_refno, lines: body.product, reason: body.reason }));
  serve(app, op.ops_capacity, async ({ db, staff, services }) => ({ data: await listOutletCapacity(db, staff, services.capacity) }));
  serve(app, op.ops_capacity_set, async ({ db, body, staff, services }) => ({ data: await setOutletCapacity(db, staff, body, services.capacity) }));
  serve(app, op.ops_expire_unpaid, async ({ db, services }) => ({ expired: await expireUnpaidOrders(db, { windowMinutes: services.paymentWindowMinutes }) }));
  serve(app, op.ops_reconcile_payments, async ({ db, services }) => reconcileOpenPayments(db, services.payment));
  serve(app, op.ops_sms_outbox, async ({ db, query }) => ({ data: await smsOutboxFor(db, query.to) }));
}
