/**
 * The order's life (coverage.md §3 Order statuses, §4 Order changes, Pay Now; ADR 9): every allowed change
 * of status, listed once, with who may make it. The order service applies a change with an update
 * that names the status it expects (`… WHERE status = from`), so of two actors racing on one order
 * only one wins; this module says which changes exist at all.
 *
 * States: the six of coverage.md §3 (Pending, Processing Payment, Paid, Delivering, Ready To Pickup,
 * Waiting Comment), Cancelled (the cancel call, an expired payment window, an operator), and
 * Completed, the final state after the member's review (ADR 9). Delivering is for delivery orders
 * only, Ready To Pickup for pick-up orders only.
 *
 * Actors: `member` (the shopper, through the shop), `provider` (a payment provider's verified
 * callback), `operator` (staff, through `npm run ops`), `system` (the shop itself: the expiry of
 * unpaid orders, the confirmation of a zero-amount order).
 */
import type { DeliveryType } from './constants';
import { ORDER_STATUSES, type OrderStatus } from './orders';

export const ORDER_ACTORS = ['member', 'provider', 'operator', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** One allowed change of status. */
export type OrderTransition = {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may make it. */
  by: readonly OrderActor[];
  /** Only for orders of this delivery type; both when absent. */
  only?: DeliveryType;
  /** The order was paid: the change refunds the payment through its provider. */
  refunds?: true;
  /** What it means, for the order's history and the operators' CLI. */
  means: string;
};

/** Every allowed change, once. Anything not listed is refused. */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'Pending', to: 'Processing Payment', by: ['member', 'provider'], means: 'payment started at the provider' },
  { from: 'Processing Payment', to: 'Pending', by: ['provider', 'system'], means: 'payment declined or abandoned: Pay Now again' },
  { from: 'Pending', to: 'Paid', by: ['provider', 'system'], means: 'paid (a provider callback, or a zero-amount order confirmed)' },
  { from: 'Processing Payment', to: 'Paid', by: ['provider'], means: 'paid' },
  { from: 'Pending', to: 'Cancelled', by: ['member', 'operator', 'system'], means: 'cancelled before payment (by the member, staff, or when the payment window expired)' },
  { from: 'Processing Payment', to: 'Cancelled', by: ['member', 'operator', 'system'], means: 'cancelled before payment (by the member, staff, or when the payment window expired)' },
  { from: 'Paid', to: 'Delivering', by: ['operator'], only: 'DELIVERY', means: 'out for delivery' },
  { from: 'Paid', to: 'Ready To Pickup', by: ['operator'], only: 'PICKUP', means: 'ready for collection at the store' },
  { from: 'Delivering', to: 'Waiting Comment', by: ['operator'], only: 'DELIVERY', means: 'delivered: the member may review' },
  { from: 'Ready To Pickup', to: 'Waiting Comment', by: ['operator'], only: 'PICKUP', means: 'collected: the member may review' },
  { from: 'Waiting Comment', to: 'Completed', by: ['member', 'operator', 'system'], means: 'reviewed, or closed without a review' },
  { from: 'Paid', to: 'Cancelled', by: ['operator'], refunds: true, means: 'cancelled by staff after payment: refunded' },
  { from: 'Delivering', to: 'Cancelled', by: ['operator'], only: 'DELIVERY', refunds: true, means: 'cancelled by staff during delivery: refunded' },
  { from: 'Ready To Pickup', to: 'Cancelled', by: ['operator'], only: 'PICKUP', refunds: true, means: 'cancelled by staff before collection: refunded' },
];

/** Statuses no change leaves: Completed and Cancelled. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !ORDER_TRANSITIONS.some((t) => t.from === s));

/** Why a change is refused: no such change, the actor may not make it, or not for this delivery type. */
export type TransitionRefusal = 'no_such_change' | 'not_allowed_for_actor' | 'not_for_delivery_type';

/**
 * The change from `from` to `to` by `actor` on an order of `type`, or why it is refused.
 * Example: `orderTransition('Paid', 'Ready To Pickup', 'operator', 'PICKUP')` → `{ ok: true, transition }`;
 * the same for a DELIVERY order → `{ ok: false, reason: 'not_for_delivery_type' }`.
 */
export function orderTransition(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  type: DeliveryType,
): { ok: true; transition: OrderTransition } | { ok: false; reason: TransitionRefusal } {
  const transition = ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!transition) return { ok: false, reason: 'no_such_change' };
  if (transition.only && transition.only !== type) return { ok: false, reason: 'not_for_delivery_type' };
  if (!transition.by.includes(actor)) return { ok: false, reason: 'not_allowed_for_actor' };
  return { ok: true, transition };
}

/** The statuses `actor` may move an order of `type` to from `from` (for menus and the CLI). */
export function nextOrderStatuses(from: OrderStatus, actor: OrderActor, type: DeliveryType): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor) && (!t.only || t.only === type)).map((t) => t.to);
}

/** True when no change leaves `status` (Completed, Cancelled). */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

/** Statuses from which the member may cancel: To Pay (coverage.md §4 Order tab grouping, Order changes). */
export const MEMBER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['Pending', 'Processing Payment'];

/** Statuses in which the pick-up slot of a pick-up order may still move: not collected, not final. */
export const PICKUP_CHANGEABLE_STATUSES: readonly OrderStatus[] = ['Pending', 'Processing Payment', 'Paid', 'Ready To Pickup'];

/** Statuses of an order whose payment has been taken: paid, and every step after it. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['Paid', 'Delivering', 'Ready To Pickup', 'Waiting Comment', 'Completed'];

/** True when the order's payment has been taken (`PAID_ORDER_STATUSES`); false for To Pay, Cancelled and unknown statuses. */
export function isPaidOrderStatus(status: string): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(status);
}

/** What the member may do with an order now (coverage.md §2 order detail, §4 Order changes, Pay Now). */
export type MemberOrderActions = {
  /** Cancel (only while To Pay). */
  cancel: boolean;
  /** Pay Now: the order waits for its payment (To Pay: Pending, or Processing Payment to try again). */
  payNow: boolean;
  /** Move the pick-up slot (pick-up orders, `PICKUP_CHANGEABLE_STATUSES`). */
  changePickup: boolean;
  /** Review the products and close the review step (Waiting Comment). */
  review: boolean;
};

/**
 * The member's possible changes for an order in `status` of `type`. Unknown statuses allow nothing.
 * Example: ('Paid', 'PICKUP') → { cancel: false, payNow: false, changePickup: true, review: false }.
 */
export function memberOrderActions(status: string, type: DeliveryType): MemberOrderActions {
  const is = (list: readonly OrderStatus[]) => (list as readonly string[]).includes(status);
  return {
    cancel: is(MEMBER_CANCELLABLE_STATUSES),
    payNow: is(MEMBER_CANCELLABLE_STATUSES),
    changePickup: type === 'PICKUP' && is(PICKUP_CHANGEABLE_STATUSES),
    review: status === 'Waiting Comment',
  };
}
