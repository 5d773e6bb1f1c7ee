/**
 * The changes a member makes to their own order (coverage.md §4 Order changes, §7 update_order_status_cancelled,
 * update_order_status_comment, update_pickup_datetime, print_customer_bill; §5 Pick-up date; §8).
 *
 * - Cancel: only while To Pay (Pending, Processing Payment), through `changeOrderStatus` (actor
 *   member), which gives the stock and voucher back in the same transaction.
 * - Comment: Waiting Comment → Completed (actor member). Reviews are not required first: the table
 *   of src/domain/order-status.ts allows closing the step without one; the shop's review modal
 *   sends add_review for each product before it.
 * - Pick-up change: pick-up orders not yet collected and not final (Pending, Processing Payment,
 *   Paid, Ready To Pickup); the new slot is checked by the one rule add_order uses
 *   (`checkPickupSlot` of ./fulfilment.ts with the shop's pick-up settings).
 *   Messages, decided where the spec is silent: a refused new slot answers coverage.md §8 'This order
 *   pickup date expired. Please reselect a new pickup date and time' when the order's current slot
 *   has already passed (the member is reselecting an expired slot); otherwise it answers
 *   'pickup_slot_unavailable' (the chosen slot is not offered). A valid new slot is accepted
 *   whether or not the current one has passed. The new slot must have a place (./capacity.ts): the
 *   order takes one there and gives its old one back in the same transaction, else 409
 *   'pickup_slot_full'. The change is not a status change: no order_events row; the member gets a
 *   notification and the order detail shows the new slot.
 *
 * Another member's order answers 404, as an unknown one: nobody learns which numbers exist.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderHistoryEntry, OrderWithHistory } from '../../../../lib/xs-api/contract';
import { MEMBER_CANCELLABLE_STATUSES as MEMBER_CANCELLABLE, PICKUP_CHANGEABLE_STATUSES as PICKUP_CHANGEABLE } from '../../../../domain/order-status';
import { isPickupExpired } from '../../../../domain/pickup';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notify } from '../notifications';
import { ApiError } from '../../errors';
import { getPickupSettings } from '../stores';
import { checkPickupSlot } from './fulfilment';
import { getOrder } from './read';
import type { Locale } from '../../../../i18n/messages';
import { changeOrderStatus, orderHistory } from './status';
import { clock } from '../../../clock';
import type { CapacityDefaults, CapacityKey } from '../../../../domain/slot-capacity';
import { givePlaceBack, outletCapacityOf, reservePlace } from './capacity';
import { getAddress } from '../addresses';
import { toOrderAddress } from '../order-mapping';

/**
 * Moves an order's place from one pick-up slot to another inside `tx`: both rows are touched in key
 * order, so two members swapping slots never deadlock. The same slot again changes nothing.
 * @throws ApiError 409 'pickup_slot_full' when the new slot has no place left
 */
async function movePlace(tx: Db, args: { storeCode: string; from: { date: string; time: string } | null; to: { date: string; time: string } }, defaults: CapacityDefaults) {
  const key = (s: { date: string; time: string }): CapacityKey => ({ storeCode: args.storeCode, kind: 'PICKUP', date: s.date, time: s.time });
  const to = key(args.to);
  const from = args.from ? key(args.from) : null;
  if (from && from.date === to.date && from.time === to.time) return;
  const capacity = await outletCapacityOf(tx, args.storeCode, defaults);
  const steps = [{ at: `${to.date} ${to.time}`, run: () => reservePlace(tx, to, capacity) }];
  if (from) steps.push({ at: `${from.date} ${from.time}`, run: () => givePlaceBack(tx, from) });
  for (const step of steps.sort((a, b) => a.at.localeCompare(b.at))) await step.run();
}


/** The order's status, type and pick-up slot, if it is `memberCode`'s. @throws ApiError 404 'order_not_found'. */
async function ownOrder(db: Db, memberCode: string, orderRefno: string) {
  const [o] = await db
    .select({ status: orders.status, type: orders.delType, pickupDate: orders.pickupDate, pickupTime: orders.pickupTime, storeCode: orders.storeCode })
    .from(orders)
    .where(and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode)))
    .limit(1);
  if (!o) throw new ApiError(404, 'order_not_found');
  return o;
}

/**
 * The member's order with its status history (oldest first: from, to, actor, ISO time; the
 * free-text reason is staff's and left out); product names in `lang` when given (orders/read.ts).
 * @throws ApiError 404 'order_not_found' (unknown, or another member's).
 */
export async function getOrderWithHistory(db: Db, memberCode: string, orderRefno: string, lang?: Locale): Promise<OrderWithHistory> {
  const order = await getOrder(db, memberCode, orderRefno, lang);
  const history: OrderHistoryEntry[] = (await orderHistory(db, orderRefno)).map((e) => ({
    from: e.fromStatus,
    to: e.toStatus,
    actor: e.actor,
    kind: e.kind,
    at: e.createdAt.toISOString(),
  }));
  return { ...order, history };
}

/**
 * update_order_status_cancelled: the member cancels their order while it is To Pay.
 * @returns the order number and its new status, 'Cancelled'
 * @throws ApiError 404 'order_not_found'; 409 'order_not_cancellable' (not To Pay any more);
 *   409 'order_status_moved' (it changed while cancelling, e.g. a payment arrived).
 */
export async function cancelOwnOrder(db: Db, memberCode: string, orderRefno: string, now = clock.now()) {
  const o = await ownOrder(db, memberCode, orderRefno);
  if (!MEMBER_CANCELLABLE.includes(o.status)) throw new ApiError(409, 'order_not_cancellable', {}, { order_status: o.status });
  await changeOrderStatus(db, { orderRefno, from: o.status, to: 'Cancelled', actor: 'member', memberCode, reason: 'cancelled by the member', now });
  return { order_refno: orderRefno, order_status: 'Cancelled' as const };
}

/**
 * update_order_status_comment: the member closes the review step, Waiting Comment → Completed.
 * @throws ApiError 404 'order_not_found'; 409 'order_not_waiting_comment'; 409 'order_status_moved'.
 */
export async function completeOwnOrderReview(db: Db, memberCode: string, orderRefno: string, now = clock.now()) {
  const o = await ownOrder(db, memberCode, orderRefno);
  if (o.status !== 'Waiting Comment') throw new ApiError(409, 'order_not_waiting_comment', {}, { order_status: o.status });
  await changeOrderStatus(db, { orderRefno, from: 'Waiting Comment', to: 'Completed', actor: 'member', memberCode, now });
  return { order_refno: orderRefno, order_status: 'Completed' as const };
}

/**
 * update_pickup_datetime: moves the pick-up slot of the member's pick-up order (see the module
 * comment for the rule and its messages). The update names the statuses it accepts, so a slot is
 * never moved on an order collected or cancelled meanwhile.
 * @param slot date 'YYYY-MM-DD' and time 'HH:mm', Malaysian time
 * @returns the order with its history, showing the new slot
 * @throws ApiError 404 'order_not_found', 'pickup_settings_missing'; 409 'pickup_change_not_pickup'
 *   (a delivery order), 'pickup_change_refused' (collected, cancelled or completed),
 *   'pickup_expired' (new slot refused and the current one past), 'pickup_slot_unavailable'
 *   (new slot refused), 'pickup_slot_full' (no place left in the new slot; `capacity`: the shop's
 *   defaults), 'order_status_moved' (collected or cancelled while changing).
 */
export async function changeOwnPickupSlot(
  db: Db,
  memberCode: string,
  input: { order_refno: string; order_del_pickup_date: string; order_del_pickup_time: string },
  capacity: CapacityDefaults,
  now = clock.now(),
): Promise<OrderWithHistory> {
  const orderRefno = input.order_refno;
  const o = await ownOrder(db, memberCode, orderRefno);
  if (o.type !== 'PICKUP') throw new ApiError(409, 'pickup_change_not_pickup');
  if (!PICKUP_CHANGEABLE.includes(o.status)) throw new ApiError(409, 'pickup_change_refused', {}, { order_status: o.status });
  const settings = await getPickupSettings(db);
  let slot: { date: string; time: string };
  try {
    slot = checkPickupSlot(input, settings, now);
  } catch (err) {
    const currentPast = isPickupExpired({ date: o.pickupDate, time: o.pickupTime }, now);
    if (err instanceof ApiError && err.key === 'pickup_expired' && !currentPast) throw new ApiError(409, 'pickup_slot_unavailable', {}, err.extra);
    throw err;
  }
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set({ pickupDate: slot.date, pickupTime: slot.time, updatedAt: now })
      .where(and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode), inArray(orders.status, [...PICKUP_CHANGEABLE])))
      .returning({ refno: orders.orderRefno });
    if (!moved.length) throw new ApiError(409, 'order_status_moved');
    await movePlace(tx, { storeCode: o.storeCode, from: o.pickupDate && o.pickupTime ? { date: o.pickupDate, time: o.pickupTime } : null, to: slot }, capacity);
    // Kept as 'YYYY-MM-DD' and 'HH:mm': each reader sees them in their language (notifications.ts).
    const params = { order_refno: orderRefno, date: slot.date, time: slot.time };
    await notify(tx, { memberCode, kind: 'order_pickup', params, now });
  });
  return getOrderWithHistory(db, memberCode, orderRefno);
}

/**
 * update_ecom_bill_detail_header: the bill of the member's order is made out to one of their saved
 * addresses (`add_id`), filled as add_order fills it (`toOrderAddress`), while the order is To Pay
 * (the statuses a member may cancel in: once paid the bill is issued). The update names those
 * statuses, so a bill is never changed on an order paid meanwhile.
 * @returns the order with its history, showing the new bill address
 * @throws ApiError 404 'order_not_found', 'address_not_found'; 409 'bill_not_changeable' (not To
 *   Pay), 'order_status_moved' (paid or cancelled while changing).
 */
export async function changeOwnBillAddress(db: Db, memberCode: string, input: { order_refno: string; add_id: number }, now = clock.now()): Promise<OrderWithHistory> {
  const orderRefno = input.order_refno;
  const o = await ownOrder(db, memberCode, orderRefno);
  if (!MEMBER_CANCELLABLE.includes(o.status)) throw new ApiError(409, 'bill_not_changeable', {}, { order_status: o.status });
  const billAddress = toOrderAddress(await getAddress(db, memberCode, input.add_id));
  const changed = await db
    .update(orders)
    .set({ billAddress, updatedAt: now })
    .where(and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode), inArray(orders.status, [...MEMBER_CANCELLABLE])))
    .returning({ refno: orders.orderRefno });
  if (!changed.length) throw new ApiError(409, 'order_status_moved');
  return getOrderWithHistory(db, memberCode, orderRefno);
}
