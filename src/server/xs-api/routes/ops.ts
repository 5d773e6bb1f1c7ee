/** Operator routes (contract/ops.ts; `npm run ops`). Thin: they call services. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { listOrdersForStaff, moveOrderAsStaff, pickupsOfDay } from '../services/ops';
import { smsOutboxFor } from '../services/sms-outbox';
import { cancelByOperator, expireUnpaidOrders, reconcileOpenPayments } from '../services/payments';

/** Registers the ops_* operations (operator token required). */
export function opsRoutes(app: Hono<ApiEnv>) {
  serve(app, op.ops_order_listing, async ({ db, query }) => ({ data: await listOrdersForStaff(db, { ...query, flagged: query.flagged === '1' }) }));
  serve(app, op.ops_pickups, async ({ db, query }) => pickupsOfDay(db, query));
  serve(app, op.ops_order_status, async ({ db, body }) => moveOrderAsStaff(db, { orderRefno: body.order_refno, to: body.to, reason: body.reason, trackingCode: body.tracking_code }));
  serve(app, op.ops_order_cancel, async ({ db, body, services }) => cancelByOperator(db, services.payment, { orderRefno: body.order_refno, reason: body.reason }));
  serve(app, op.ops_expire_unpaid, async ({ db, services }) => ({ expired: await expireUnpaidOrders(db, { windowMinutes: services.paymentWindowMinutes }) }));
  serve(app, op.ops_reconcile_payments, async ({ db, services }) => reconcileOpenPayments(db, services.payment));
  serve(app, op.ops_sms_outbox, async ({ db, query }) => ({ data: await smsOutboxFor(db, query.to) }));
}
