/**
 * The points an online order earns and gives back (coverage.md §1 points; ADR 12), applied by
 * `changeOrderStatus` inside the transaction that changes the order's status, so a status change
 * and its points are one change. The rule is `orderPointsEffect` of src/domain/points.ts:
 * - entering Paid earns `pointsEarned(subtotal)` (1 point per whole RM1 of the product subtotal);
 * - cancelling a paid order reverses what it earned, never taking the balance below 0: when the
 *   member has already spent some of them, only the balance is taken and the shortfall is written
 *   in the entry's description (the shop absorbs it).
 * Each is one `point_transactions` row with the order and its kind; the unique (order_refno, kind)
 * makes a replay (a resent webhook, a double cancel) a no-op.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderPointsEffect, pointsEarned, pointsReversal, type OrderPointsEffect } from '../../../../domain/points';
import { shopDate } from '../../../../domain/shop-time';
import type { Db } from '../../db/client';
import { customers, orders, pointTransactions } from '../../db/schema';

/** What a status change did to the points: the effect and the points added (+) or taken (−); null when nothing. */
export type OrderPointsChange = { effect: Exclude<OrderPointsEffect, null>; points: number; shortfall: number } | null;

/** The predicate of the unique (order_refno, kind) index: 'earn' and 'reverse' happen once per order. */
const ONCE_PER_ORDER = sql`${pointTransactions.kind} in ('earn', 'reverse')`;

/** A history number: 'PT' + the Malaysian date (YYMMDD) + 10 random hex digits. */
function transno(now: Date): string {
  return `PT${shopDate(now).replaceAll('-', '').slice(2)}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * Applies the points of order `orderRefno` (of `memberCode`) moving from `from` to `to`, inside the
 * caller's transaction `tx`. Earning: one 'earn' row and customer_point + points (nothing when the
 * order earns 0). Reversing: the customer row is locked, `pointsReversal(earned, balance)` decides
 * what is taken, one 'reverse' row (−taken) and customer_point − taken. Nothing for an order that
 * earned nothing, or when the row already exists.
 * @returns what changed, or null when nothing did
 */
export async function applyOrderPoints(
  tx: Db,
  args: { orderRefno: string; memberCode: string; from: string; to: string; now: Date },
): Promise<OrderPointsChange> {
  const effect = orderPointsEffect(args.from, args.to);
  if (!effect) return null;
  const { orderRefno, memberCode, now } = args;
  if (effect === 'earn') {
    const [order] = await tx.select({ subtotalSen: orders.subtotalSen }).from(orders).where(eq(orders.orderRefno, orderRefno)).limit(1);
    const points = order ? pointsEarned(order.subtotalSen) : 0;
    if (points === 0) return null;
    const added = await tx
      .insert(pointTransactions)
      .values({ transNo: transno(now), memberCode, points, description: `Order ${orderRefno}`, storeCode: null, createdAt: now, orderRefno, kind: 'earn', reason: 'order_earn', reasonParams: { order: orderRefno } })
      .onConflictDoNothing({ target: [pointTransactions.orderRefno, pointTransactions.kind], where: ONCE_PER_ORDER })
      .returning({ transNo: pointTransactions.transNo });
    if (!added.length) return null;
    await tx.update(customers).set({ points: sql`${customers.points} + ${points}` }).where(eq(customers.memberCode, memberCode));
    return { effect, points, shortfall: 0 };
  }
  // What the order earned: its 'earn' entry less what short picks took back ('adjust', ≤ 0).
  const [earned] = await tx
    .select({ points: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int`, entries: sql<number>`count(*)::int` })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.orderRefno, orderRefno), inArray(pointTransactions.kind, ['earn', 'adjust'])));
  if (!earned || Number(earned.entries) === 0) return null;
  const [member] = await tx.select({ points: customers.points }).from(customers).where(eq(customers.memberCode, memberCode)).for('update');
  if (!member) return null;
  const { taken, shortfall } = pointsReversal(Math.max(0, Number(earned.points)), Math.max(0, member.points));
  const description = `Reversed: order ${orderRefno} cancelled` + (shortfall > 0 ? ` (${shortfall} points already spent)` : '');
  const added = await tx
    .insert(pointTransactions)
    .values({ transNo: transno(now), memberCode, points: -taken, description, storeCode: null, createdAt: now, orderRefno, kind: 'reverse', reason: 'order_reverse', reasonParams: { order: orderRefno, shortfall } })
    .onConflictDoNothing({ target: [pointTransactions.orderRefno, pointTransactions.kind], where: ONCE_PER_ORDER })
    .returning({ transNo: pointTransactions.transNo });
  if (!added.length) return null;
  if (taken > 0) await tx.update(customers).set({ points: sql`${customers.points} - ${taken}` }).where(eq(customers.memberCode, memberCode));
  return { effect, points: -taken, shortfall };
}

/**
 * Takes back the points a short pick no longer earns, inside the short pick's transaction: the
 * order earned `pointsEarned(oldSubtotal)` when paid; it now earns `pointsEarned(newSubtotal)`. The
 * difference is one 'adjust' entry (≤ 0), never taking the balance below 0 (the shop absorbs the
 * rest, as for a reversal). Nothing when the order earned nothing (not paid yet, or no points).
 * @returns the points taken (≥ 0)
 */
export async function adjustOrderPoints(tx: Db, args: { orderRefno: string; memberCode: string; oldSubtotalSen: number; newSubtotalSen: number; now: Date }): Promise<number> {
  const [earn] = await tx
    .select({ points: pointTransactions.points })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.orderRefno, args.orderRefno), eq(pointTransactions.kind, 'earn')))
    .limit(1);
  const lost = pointsEarned(args.oldSubtotalSen) - pointsEarned(args.newSubtotalSen);
  if (!earn || lost <= 0) return 0;
  const [member] = await tx.select({ points: customers.points }).from(customers).where(eq(customers.memberCode, args.memberCode)).for('update');
  if (!member) return 0;
  const { taken, shortfall } = pointsReversal(lost, Math.max(0, member.points));
  const description = `Adjusted: items of order ${args.orderRefno} not available` + (shortfall > 0 ? ` (${shortfall} points already spent)` : '');
  await tx.insert(pointTransactions).values({ transNo: transno(args.now), memberCode: args.memberCode, points: -taken, description, storeCode: null, createdAt: args.now, orderRefno: args.orderRefno, kind: 'adjust', reason: 'order_adjust', reasonParams: { order: args.orderRefno, shortfall } });
  if (taken > 0) await tx.update(customers).set({ points: sql`${customers.points} - ${taken}` }).where(eq(customers.memberCode, args.memberCode));
  return taken;
}
