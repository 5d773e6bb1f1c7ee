/**
 * Applies a change of an order's status (src/domain/order-status.ts, ADR 9; coverage.md §4 Order changes).
 * In one transaction: the change must be in the table for this actor and delivery type; the update
 * names the status it expects (`… WHERE status = from`), so of two actors racing on one order only
 * one wins and the other gets 409; an `order_events` row records who and why; the member gets a
 * notification (its text is rendered in the member's language when listed: `kind` and `params`),
 * and, for the changes a member's devices are told of, a push queued in the same transaction (ADR 32).
 * A change to Cancelled gives the order's stock and voucher back in the same transaction
 * (`releaseOrders`). Entering Paid earns the member's points, cancelling a paid order reverses them,
 * also in the same transaction (`applyOrderPoints`, ./points.ts).
 * Each applied change writes one log line `order status changed` with the order
 * number, from, to and actor (no personal data). The rules live once, in `applyStatusChanges`,
 * which applies a change to one order or to a batch (the expiry of unpaid orders).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { orderTransition, type OrderActor, type OrderTransition } from '../../../../domain/order-status';
import type { OrderStatus } from '../../../../domain/orders';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { notifyAll, type NotificationKind } from '../notifications';
import { ApiError } from '../../errors';
import { releaseOrders } from './release';
import { applyOrderPoints } from './points';
import { log } from '../../../log';
import { clock } from '../../../clock';

/** A request to change an order's status. */
export type StatusChange = {
  orderRefno: string;
  /** The status the caller saw; the change applies only if the order still has it. */
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  /** Free text for the history, e.g. 'payment window expired', a provider event id. */
  reason?: string;
  /** For a member: the order must be theirs (else 404, as if it did not exist). */
  memberCode?: string;
  /** For staff (actor `operator`): who, kept in the order's history (ADR 25). */
  staffId?: number;
  /** Fields set by the same guarded update: the collection code (Ready To Pickup), the tracking code and its courier (Delivering). */
  set?: { collectionCode?: string; trackingCode?: string; trackingCourier?: string };
  /** The member's notice instead of the plain 'order_status' one (the staff's changes carry more). */
  notice?: { kind: NotificationKind; params: Record<string, string | number> };
  now?: Date;
};

/**
 * Changes the status of an order, records the event and notifies the member; a cancel returns the
 * order's stock to its outlet and frees its voucher.
 * @returns the transition applied (with `refunds` when staff cancel a paid order: the caller refunds).
 * @throws ApiError 404 'order_not_found' (no such order, or another member's); 409
 *   'order_status_refused' (the table has no such change for this actor and delivery type); 409
 *   'order_status_moved' (the order no longer has status `from`: someone else changed it first).
 */
export async function changeOrderStatus(db: Db, change: StatusChange): Promise<OrderTransition> {
  const now = change.now ?? clock.now();
  const moved = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, type: orders.delType, memberCode: orders.memberCode })
      .from(orders)
      .where(eq(orders.orderRefno, change.orderRefno))
      .limit(1);
    if (!order || (change.memberCode !== undefined && order.memberCode !== change.memberCode)) throw new ApiError(404, 'order_not_found');
    const [one] = await applyStatusChanges(tx, [{ orderRefno: change.orderRefno, from: change.from, type: order.type, memberCode: order.memberCode }], { ...change, now });
    if (!one) throw new ApiError(409, 'order_status_moved', {}, { order_status: order.status });
    return one;
  });
  logStatusChanges([moved], change);
  return moved.transition;
}

/** An order whose status is to change, as its caller read it inside the transaction. */
export type OrderToMove = { orderRefno: string; from: OrderStatus; type: 'DELIVERY' | 'PICKUP'; memberCode: string };

/** A change applied to one order: its number, the status it left and the transition of the table. */
export type AppliedChange = { orderRefno: string; from: OrderStatus; transition: OrderTransition };

/** What the changes of one call share: the status entered, who, why, when, fields set and the notice. */
export type SharedChange = Pick<StatusChange, 'to' | 'actor' | 'reason' | 'staffId' | 'set' | 'notice'> & { now: Date };

/**
 * The one place the rules of a change of status live, for one order (`changeOrderStatus`) or a batch
 * (the expiry of unpaid orders, services/payments/expiry.ts; issue "Safe to run in production" §7),
 * inside the caller's transaction `tx`: each change must be in the table for `change.actor` and the
 * order's delivery type; one guarded update per status left (`… WHERE order_refno IN … AND status =
 * from`) moves the orders that still have it; one `order_events` row per order and one notice per
 * order are written, each kind in a single insert; then the orders entering Cancelled give their
 * stock, voucher and place back (`releaseOrders`, in one go, last but for the points, so the shared
 * stock rows stay locked for as short a time as possible before the commit); points are earned or
 * reversed per order (`applyOrderPoints`, which does nothing, without a query, for a change that
 * moves none). Statements do not grow with the batch: about ten for a batch of any size without
 * points (the push outbox's insert, ADR 32, is one of them).
 * Log lines are the caller's, after the commit (`logStatusChanges`).
 * @returns the changes applied, in `list`'s order, without the orders no longer in their `from`
 * @throws ApiError 409 'order_status_refused' when the table has no such change for one of the
 *   orders (nothing is changed)
 */
export async function applyStatusChanges(tx: Db, list: readonly OrderToMove[], change: SharedChange): Promise<AppliedChange[]> {
  const checked = list.map((o) => {
    const allowed = orderTransition(o.from, change.to, change.actor, o.type);
    if (!allowed.ok) throw new ApiError(409, 'order_status_refused', {}, { reason: allowed.reason });
    return { order: o, transition: allowed.transition };
  });
  const moved = new Set<string>();
  for (const from of new Set(list.map((o) => o.from))) {
    const refnos = list.filter((o) => o.from === from).map((o) => o.orderRefno);
    const rows = await tx
      .update(orders)
      .set({ status: change.to, updatedAt: change.now, ...change.set })
      .where(and(refnos.length === 1 ? eq(orders.orderRefno, refnos[0]!) : inArray(orders.orderRefno, refnos), eq(orders.status, from)))
      .returning({ refno: orders.orderRefno });
    for (const r of rows) moved.add(r.refno);
  }
  const applied = checked.filter((c) => moved.has(c.order.orderRefno));
  if (!applied.length) return [];
  await tx.insert(orderEvents).values(
    applied.map(({ order }) => ({
      orderRefno: order.orderRefno,
      fromStatus: order.from,
      toStatus: change.to,
      actor: change.actor,
      staffId: change.staffId ?? null,
      reason: change.reason ?? '',
      createdAt: change.now,
    })),
  );
  await notifyAll(
    tx,
    applied.map(({ order }) => ({
      memberCode: order.memberCode,
      ...(change.notice ?? { kind: 'order_status' as const, params: { order_refno: order.orderRefno, status: change.to } }),
      now: change.now,
      // The member's own change (a cancel) reaches the feed, not their devices (ADR 32).
      push: change.actor !== 'member',
    })),
  );
  if (change.to === 'Cancelled') await releaseOrders(tx, applied.map((c) => c.order.orderRefno));
  for (const { order } of applied) {
    await applyOrderPoints(tx, { orderRefno: order.orderRefno, memberCode: order.memberCode, from: order.from, to: change.to, now: change.now });
  }
  return applied.map(({ order, transition }) => ({ orderRefno: order.orderRefno, from: order.from, transition }));
}

/** One log line `order status changed` per applied change: order number, from, to, actor and staff id (no personal data). */
export function logStatusChanges(applied: readonly AppliedChange[], change: Pick<StatusChange, 'to' | 'actor' | 'staffId'>): void {
  for (const a of applied) {
    log.info({ event: 'order_status', order_refno: a.orderRefno, from: a.from, to: change.to, actor: change.actor, staff_id: change.staffId }, 'order status changed');
  }
}

/** An order's status history, oldest first: from, to, actor, reason and time. */
export async function orderHistory(db: Db, orderRefno: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderRefno, orderRefno)).orderBy(orderEvents.id);
}
