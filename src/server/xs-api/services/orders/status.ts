/**
 * Applies a change of an order's status (src/domain/order-status.ts, ADR 9; spec §4 Order changes).
 * In one transaction: the change must be in the table for this actor and delivery type; the update
 * names the status it expects (`… WHERE status = from`), so of two actors racing on one order only
 * one wins and the other gets 409; an `order_events` row records who and why; the member gets a
 * notification (its text is rendered in the member's language when listed: `kind` and `params`).
 * A change to Cancelled gives the order's stock and voucher back in the same transaction
 * (`releaseOrder`). Entering Paid earns the member's points, cancelling a paid order reverses them,
 * also in the same transaction (`applyOrderPoints`, ./points.ts).
 * Each applied change writes one log line `order status changed` with the order
 * number, from, to and actor (no personal data).
 */
import { and, eq } from 'drizzle-orm';
import { orderTransition, type OrderActor, type OrderTransition } from '../../../../domain/order-status';
import type { OrderStatus } from '../../../../domain/orders';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { notify, type NotificationKind } from '../notifications';
import { ApiError } from '../../errors';
import { releaseOrder } from './release';
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
  /** Fields set by the same guarded update: the collection code (Ready To Pickup), the tracking code (Delivering). */
  set?: { collectionCode?: string; trackingCode?: string };
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
  const transition = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, type: orders.delType, memberCode: orders.memberCode, storeCode: orders.storeCode })
      .from(orders)
      .where(eq(orders.orderRefno, change.orderRefno))
      .limit(1);
    if (!order || (change.memberCode !== undefined && order.memberCode !== change.memberCode)) throw new ApiError(404, 'order_not_found');
    const allowed = orderTransition(change.from, change.to, change.actor, order.type);
    if (!allowed.ok) throw new ApiError(409, 'order_status_refused', {}, { reason: allowed.reason });
    const moved = await tx
      .update(orders)
      .set({ status: change.to, updatedAt: now, ...change.set })
      .where(and(eq(orders.orderRefno, change.orderRefno), eq(orders.status, change.from)))
      .returning({ refno: orders.orderRefno });
    if (!moved.length) throw new ApiError(409, 'order_status_moved', {}, { order_status: order.status });
    if (change.to === 'Cancelled') await releaseOrder(tx, { orderRefno: change.orderRefno, storeCode: order.storeCode });
    await applyOrderPoints(tx, { orderRefno: change.orderRefno, memberCode: order.memberCode, from: change.from, to: change.to, now });
    await tx.insert(orderEvents).values({
      orderRefno: change.orderRefno,
      fromStatus: change.from,
      toStatus: change.to,
      actor: change.actor,
      staffId: change.staffId ?? null,
      reason: change.reason ?? '',
      createdAt: now,
    });
    const notice = change.notice ?? { kind: 'order_status', params: { order_refno: change.orderRefno, status: change.to } };
    await notify(tx, { memberCode: order.memberCode, ...notice, now });
    return allowed.transition;
  });
  log.info({ event: 'order_status', order_refno: change.orderRefno, from: change.from, to: change.to, actor: change.actor, staff_id: change.staffId }, 'order status changed');
  return transition;
}

/** An order's status history, oldest first: from, to, actor, reason and time. */
export async function orderHistory(db: Db, orderRefno: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderRefno, orderRefno)).orderBy(orderEvents.id);
}
