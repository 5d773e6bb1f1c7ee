/**
 * The order's life (src/domain/order-status.ts, ADR 9): every pair of statuses, for every actor and
 * delivery type, allowed or refused, against a table written here independently of the module.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/orders';
import {
  FINAL_ORDER_STATUSES, isFinalOrderStatus, MEMBER_CANCELLABLE_STATUSES, memberOrderActions, nextOrderStatuses, ORDER_ACTORS, orderTransition, PICKUP_CHANGEABLE_STATUSES, type OrderActor,
} from '../../src/domain/order-status';

type Type = 'DELIVERY' | 'PICKUP';
const P = 'Pending', PP = 'Processing Payment', PAID = 'Paid', DEL = 'Delivering', RTP = 'Ready To Pickup', WC = 'Waiting Comment', DONE = 'Completed', X = 'Cancelled';

/** "from → to: actors [type]" — the allowed changes, as the spec and ADR 9 describe them. */
const ALLOWED: [OrderStatus, OrderStatus, OrderActor[], Type?][] = [
  [P, PP, ['member', 'provider']],
  [PP, P, ['provider', 'system']],
  [P, PAID, ['provider', 'system']],
  [PP, PAID, ['provider']],
  [P, X, ['member', 'operator', 'system']],
  [PP, X, ['member', 'operator', 'system']],
  [PAID, DEL, ['operator'], 'DELIVERY'],
  [PAID, RTP, ['operator'], 'PICKUP'],
  [DEL, WC, ['operator'], 'DELIVERY'],
  [RTP, WC, ['operator'], 'PICKUP'],
  [WC, DONE, ['member', 'operator', 'system']],
  [PAID, X, ['operator']],
  [DEL, X, ['operator'], 'DELIVERY'],
  [RTP, X, ['operator'], 'PICKUP'],
];

function expected(from: OrderStatus, to: OrderStatus, actor: OrderActor, type: Type): boolean {
  return ALLOWED.some(([f, t, actors, only]) => f === from && t === to && actors.includes(actor) && (!only || only === type));
}

describe('orderTransition', () => {
  const cases: [OrderStatus, OrderStatus, OrderActor, Type][] = [];
  for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) for (const actor of ORDER_ACTORS) for (const type of ['DELIVERY', 'PICKUP'] as const) cases.push([from, to, actor, type]);

  it(`decides all ${cases.length} combinations of from, to, actor and delivery type as the table says`, () => {
    for (const [from, to, actor, type] of cases) {
      expect(orderTransition(from, to, actor, type).ok, `${from} → ${to} by ${actor} (${type})`).toBe(expected(from, to, actor, type));
    }
  });

  it('says why a change is refused', () => {
    expect(orderTransition(PAID, P, 'operator', 'PICKUP')).toEqual({ ok: false, reason: 'no_such_change' });
    expect(orderTransition(P, PAID, 'member', 'PICKUP')).toEqual({ ok: false, reason: 'not_allowed_for_actor' });
    expect(orderTransition(PAID, RTP, 'operator', 'DELIVERY')).toEqual({ ok: false, reason: 'not_for_delivery_type' });
    expect(orderTransition(X, P, 'operator', 'DELIVERY')).toEqual({ ok: false, reason: 'no_such_change' });
  });

  it('marks only the staff cancellations of a paid order as refunds', () => {
    for (const [from, to] of [[PAID, X], [DEL, X], [RTP, X]] as const) {
      const r = orderTransition(from, to, 'operator', from === DEL ? 'DELIVERY' : 'PICKUP');
      expect(r.ok && r.transition.refunds).toBe(true);
    }
    const beforePayment = orderTransition(P, X, 'member', 'PICKUP');
    expect(beforePayment.ok && beforePayment.transition.refunds).toBeFalsy();
  });

  it('never leaves a status for itself', () => {
    for (const s of ORDER_STATUSES) for (const a of ORDER_ACTORS) expect(orderTransition(s, s, a, 'PICKUP').ok).toBe(false);
  });
});

describe('nextOrderStatuses and the final states', () => {
  it('lists what an operator may do next with a paid pick-up and a paid delivery', () => {
    expect(nextOrderStatuses(PAID, 'operator', 'PICKUP').sort()).toEqual([X, RTP].sort());
    expect(nextOrderStatuses(PAID, 'operator', 'DELIVERY').sort()).toEqual([X, DEL].sort());
    expect(nextOrderStatuses(WC, 'member', 'DELIVERY')).toEqual([DONE]);
    expect(nextOrderStatuses(P, 'member', 'PICKUP').sort()).toEqual([X, PP].sort());
  });

  it('has Completed and Cancelled as its only final states, and every other status leads on', () => {
    expect([...FINAL_ORDER_STATUSES].sort()).toEqual([DONE, X].sort());
    for (const s of ORDER_STATUSES) expect(isFinalOrderStatus(s)).toBe(s === DONE || s === X);
  });

  it('reaches Completed from Pending along both methods', () => {
    const walk = (type: Type, path: OrderStatus[], actors: OrderActor[]) =>
      path.slice(1).every((to, i) => orderTransition(path[i]!, to, actors[i]!, type).ok);
    expect(walk('PICKUP', [P, PP, PAID, RTP, WC, DONE], ['member', 'provider', 'operator', 'operator', 'member'])).toBe(true);
    expect(walk('DELIVERY', [P, PAID, DEL, WC, DONE], ['provider', 'operator', 'operator', 'member'])).toBe(true);
  });
});

describe('memberOrderActions (what the order detail page offers)', () => {
  it('offers cancel and Pay Now only while To Pay, the pick-up change until collected, the review at Waiting Comment', () => {
    const seen = Object.fromEntries(ORDER_STATUSES.map((s) => [s, memberOrderActions(s, 'PICKUP')]));
    expect(ORDER_STATUSES.filter((s) => seen[s]!.cancel)).toEqual([P, PP]);
    expect(ORDER_STATUSES.filter((s) => seen[s]!.payNow)).toEqual([P, PP]);
    expect(ORDER_STATUSES.filter((s) => seen[s]!.changePickup)).toEqual([P, PP, PAID, RTP]);
    expect(ORDER_STATUSES.filter((s) => seen[s]!.review)).toEqual([WC]);
    for (const s of ORDER_STATUSES) expect(memberOrderActions(s, 'DELIVERY').changePickup).toBe(false);
    expect(memberOrderActions('Refunded', 'PICKUP')).toEqual({ cancel: false, payNow: false, changePickup: false, review: false });
  });

  it('offers the member only cancels the table allows them', () => {
    for (const s of MEMBER_CANCELLABLE_STATUSES) expect(orderTransition(s, X, 'member', 'PICKUP').ok).toBe(true);
    for (const s of PICKUP_CHANGEABLE_STATUSES) expect(isFinalOrderStatus(s)).toBe(false);
  });
});
