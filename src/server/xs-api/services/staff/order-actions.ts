/**
 * What staff do to an order (issue "The outlets run the shop" §2, §4; ADR 25), each through the one
 * state machine (src/domain/order-status.ts, actor `operator`, the staff member named in
 * order_events): mark ready for pick-up (a collection code is made), out for delivery (with a
 * tracking code), delivered, hand over at the counter (the collection code must match; wrong codes
 * are throttled per order), cancel (refund through the payment adapter, services/payments/
 * refund.ts). Short picks are ./short-pick.ts.
 *
 * An outlet's staff act only on their outlets' orders: any other order answers 404, as an unknown
 * one (a member's IDOR refusal), so nobody learns which numbers exist elsewhere.
 *
 * The shopper is told by the feed notice of the change (same transaction) and a text message sent
 * after it committed by the one caller whose change won (./tell-shopper.ts).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { COLLECTION_CODE_LENGTH, normalizeCollectionCode, worksAtOutlet, type StaffIdentity } from '../../../../domain/staff';
import type { OrderStatus } from '../../../../domain/orders';
import { orderTransition } from '../../../../domain/order-status';
import { courierByCode, isTrackingCode } from '../../../../domain/couriers';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError, TooManyRequests } from '../../errors';
import type { SmsSender } from '../../adapters/sms';
import type { FailureCounter } from '../../adapters/rate-limit';
import type { PaymentAdapter } from '../../adapters/payment/types';
import { changeOrderStatus } from '../orders/status';
import { cancelByOperator, type OperatorCancel } from '../payments/refund';
import { orderPayments } from '../payments/attempts';
import { textShopper } from './tell-shopper';

/** The order `orderRefno` if `staff` works at its outlet. @throws ApiError 404 'order_not_found' otherwise. */
export async function staffOrder(db: Db, staff: StaffIdentity, orderRefno: string) {
  const [o] = await db.select().from(orders).where(eq(orders.orderRefno, orderRefno)).limit(1);
  if (!o || !worksAtOutlet(staff, o.storeCode)) throw new ApiError(404, 'order_not_found');
  return o;
}

/** A fresh collection code: `COLLECTION_CODE_LENGTH` random digits, e.g. '048213'. */
export function newCollectionCode(): string {
  return String(randomInt(0, 10 ** COLLECTION_CODE_LENGTH)).padStart(COLLECTION_CODE_LENGTH, '0');
}

/** Compares two codes in constant time (their SHA-256 digests). */
function sameCode(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The result of a move: the order, the status it left and the one it has. */
export type StaffMove = { order_refno: string; from: OrderStatus; to: OrderStatus };

/**
 * Paid → Ready To Pickup: makes the collection code, tells the shopper (feed and SMS with the
 * outlet and the code).
 * @throws ApiError 404 'order_not_found'; 409 'order_status_refused' (not a paid pick-up order),
 *   'order_status_moved' (another staff member moved it first).
 */
export async function markReady(db: Db, sms: SmsSender, staff: StaffIdentity, orderRefno: string): Promise<StaffMove> {
  const o = await staffOrder(db, staff, orderRefno);
  const code = newCollectionCode();
  const outlet = o.pickupStoreName ?? o.storeCode;
  const params = { order_refno: orderRefno, outlet, code };
  await changeOrderStatus(db, {
    orderRefno, from: o.status, to: 'Ready To Pickup', actor: 'operator', staffId: staff.id,
    set: { collectionCode: code }, notice: { kind: 'order_ready', params },
  });
  await textShopper(db, sms, { orderRefno, key: 'sms_order_ready', params });
  return { order_refno: orderRefno, from: o.status, to: 'Ready To Pickup' };
}

/**
 * Paid → Delivering with the courier (a code of src/domain/couriers.ts) and its tracking code, kept
 * together on the order; tells the shopper (feed and SMS with the code).
 * @throws ApiError 400 'tracking_code_required', 'tracking_code_invalid' (not printable, over 60
 *   characters), 'tracking_courier_required', 'tracking_courier_unknown'; 404; 409 as `markReady`.
 */
export async function markDelivering(
  db: Db,
  sms: SmsSender,
  staff: StaffIdentity,
  orderRefno: string,
  shipment: { trackingCode?: string; courier?: string },
): Promise<StaffMove> {
  const o = await staffOrder(db, staff, orderRefno);
  const allowed = orderTransition(o.status, 'Delivering', 'operator', o.delType);
  if (!allowed.ok) throw new ApiError(409, 'order_status_refused', {}, { reason: allowed.reason });
  const tracking = shipment.trackingCode?.trim();
  if (!tracking) throw new ApiError(400, 'tracking_code_required');
  if (!isTrackingCode(tracking)) throw new ApiError(400, 'tracking_code_invalid', {}, { field: 'tracking_code' });
  if (!shipment.courier) throw new ApiError(400, 'tracking_courier_required', {}, { field: 'tracking_courier' });
  const courier = courierByCode(shipment.courier);
  if (!courier) throw new ApiError(400, 'tracking_courier_unknown', {}, { field: 'tracking_courier' });
  const params = { order_refno: orderRefno, tracking_code: tracking };
  await changeOrderStatus(db, {
    orderRefno, from: o.status, to: 'Delivering', actor: 'operator', staffId: staff.id,
    set: { trackingCode: tracking, trackingCourier: courier.code }, notice: { kind: 'order_delivering', params },
  });
  await textShopper(db, sms, { orderRefno, key: 'sms_order_delivering', params });
  return { order_refno: orderRefno, from: o.status, to: 'Delivering' };
}

/**
 * Delivering → Waiting Comment: the delivery arrived (the member may review). A pick-up order is
 * handed over with its code instead (`handOver`).
 * @throws ApiError 404; 409 'handover_needs_code' (a pick-up order), 'order_status_refused', 'order_status_moved'.
 */
export async function markDelivered(db: Db, staff: StaffIdentity, orderRefno: string): Promise<StaffMove> {
  const o = await staffOrder(db, staff, orderRefno);
  if (o.delType === 'PICKUP') throw new ApiError(409, 'handover_needs_code');
  await changeOrderStatus(db, { orderRefno, from: o.status, to: 'Waiting Comment', actor: 'operator', staffId: staff.id, reason: 'delivered' });
  return { order_refno: orderRefno, from: o.status, to: 'Waiting Comment' };
}

/**
 * Ready To Pickup → Waiting Comment at the counter: the code the shopper shows must be the order's.
 * Past `COLLECTION_CODE_FREE_FAILURES` wrong codes for the order within the window, tries wait
 * (429), the right code included, so the code cannot be guessed.
 * @throws ApiError 400 'collection_code_wrong'; TooManyRequests 429 'too_many_collection_codes';
 *   404; 409 'order_status_refused' (not ready), 'order_status_moved'.
 */
export async function handOver(db: Db, failures: FailureCounter, staff: StaffIdentity, orderRefno: string, code: string): Promise<StaffMove> {
  const o = await staffOrder(db, staff, orderRefno);
  if (o.status !== 'Ready To Pickup' || !o.collectionCode) throw new ApiError(409, 'order_status_refused', {}, { order_status: o.status });
  const wait = await failures.blockedFor(orderRefno);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_collection_codes');
  const given = normalizeCollectionCode(code);
  if (!given || !sameCode(given, o.collectionCode)) {
    await failures.fail(orderRefno);
    throw new ApiError(400, 'collection_code_wrong');
  }
  await changeOrderStatus(db, { orderRefno, from: 'Ready To Pickup', to: 'Waiting Comment', actor: 'operator', staffId: staff.id, reason: 'collected: collection code matched' });
  return { order_refno: orderRefno, from: 'Ready To Pickup', to: 'Waiting Comment' };
}

/**
 * Cancels an order as staff with a reason (kept in the history), refunding what is still owed
 * through the payment adapter; tells the shopper (feed and SMS) when this call cancelled it. An
 * order already Cancelled only retries refunds still owed. Refunds are HQ's (ADR 25): an outlet's
 * staff cancel an unpaid order; a paid one (whatever is still owed) needs an HQ member.
 * @throws ApiError 403 'staff_refund_hq_only'; 404; 409 'order_status_refused' (collected or
 *   completed), 'order_status_moved'.
 */
export async function cancelAsStaff(
  db: Db,
  services: { payment: PaymentAdapter; sms: SmsSender },
  staff: StaffIdentity,
  args: { orderRefno: string; reason: string },
): Promise<OperatorCancel> {
  const o = await staffOrder(db, staff, args.orderRefno);
  const owedSen = (await orderPayments(db, args.orderRefno))
    .filter((p) => p.status === 'paid')
    .reduce((sum, p) => sum + (p.paidAmountSen ?? p.amountSen) - p.refundedSen, 0);
  if (owedSen > 0 && staff.role !== 'hq') throw new ApiError(403, 'staff_refund_hq_only');
  const params = { order_refno: args.orderRefno, amount_sen: owedSen };
  const result = await cancelByOperator(db, services.payment, {
    orderRefno: args.orderRefno,
    reason: args.reason,
    staffId: staff.id,
    notice: owedSen > 0 ? { kind: 'order_cancelled_by_shop', params } : undefined,
  });
  if (result.from && o.status !== 'Cancelled') {
    await textShopper(db, services.sms, { orderRefno: args.orderRefno, key: owedSen > 0 ? 'sms_order_cancelled_by_shop' : 'sms_order_cancelled_unpaid', params });
  }
  return result;
}
