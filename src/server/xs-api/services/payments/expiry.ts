/**
 * Unpaid orders expire (issue "Money in" §2; docs/architecture.md The order's life): an order still To Pay
 * (Pending or Processing Payment) `windowMinutes` after it was placed is cancelled by the shop
 * (actor `system`), which gives its stock and voucher back (services/orders/release.ts).
 *
 * At scale (issue "Safe to run in production" §7) the due orders are cancelled in batches: each
 * batch is one transaction that claims up to `batchSize` due orders, oldest first, with
 * `SELECT … FOR UPDATE SKIP LOCKED`, and cancels them together through `applyStatusChanges` (the
 * rules of every change of status: the guarded update, stock, vouchers and places given back in one
 * go, the `system` event and the member's notice per order). Every instance may run this at once:
 * a batch skips the orders another instance (or a payment callback, which locks its order) holds,
 * so each order is claimed by one of them and cancelled once; a callback that comes later finds the
 * order Cancelled and is flagged for an operator (services/payments/events.ts).
 * On the embedded database (one connection) the batches simply take turns.
 */
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { applyStatusChanges, logStatusChanges, type AppliedChange } from '../orders/status';
import { clock } from '../../../clock';

/** Orders claimed and cancelled per transaction. */
export const EXPIRY_BATCH_SIZE = 500;
/** Batches one run takes at most (so a run cannot hold its instance forever): 40 × 500 = 20,000 orders. */
export const EXPIRY_MAX_BATCHES = 40;

/** The options of a run: the payment window (minutes), the time (default now), and the batch bounds. */
export type ExpiryOptions = { windowMinutes: number; now?: Date; batchSize?: number; maxBatches?: number };

const CHANGE = { to: 'Cancelled', actor: 'system', reason: 'payment window expired' } as const;

/**
 * Claims and cancels one batch of due orders in one transaction.
 * @returns the changes applied and how many orders were claimed
 */
async function expireBatch(db: Db, cutoff: Date, now: Date, batchSize: number): Promise<{ applied: AppliedChange[]; claimed: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ orderRefno: orders.orderRefno, from: orders.status, type: orders.delType, memberCode: orders.memberCode })
      .from(orders)
      .where(and(inArray(orders.status, ['Pending', 'Processing Payment']), lt(orders.createdAt, cutoff)))
      .orderBy(orders.createdAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const applied = await applyStatusChanges(tx, due, { ...CHANGE, now });
    return { applied, claimed: due.length };
  });
}

/**
 * Cancels the orders whose payment window is over at `now`, batch after batch, until a batch finds
 * fewer than `batchSize` orders it can claim (none left, or the rest held by another instance) or
 * `maxBatches` batches are done (the next run goes on). Each batch commits on its own.
 * @returns the order numbers this call cancelled (others may have been cancelled by another instance)
 * @throws the database's errors (a batch that fails is rolled back; the ones before stay done)
 */
export async function expireUnpaidOrders(db: Db, args: ExpiryOptions): Promise<string[]> {
  const now = args.now ?? clock.now();
  const cutoff = new Date(now.getTime() - args.windowMinutes * 60_000);
  const batchSize = args.batchSize ?? EXPIRY_BATCH_SIZE;
  const maxBatches = args.maxBatches ?? EXPIRY_MAX_BATCHES;
  const expired: string[] = [];
  for (let batch = 0; batch < maxBatches; batch++) {
    const { applied, claimed } = await expireBatch(db, cutoff, now, batchSize);
    logStatusChanges(applied, CHANGE);
    for (const a of applied) expired.push(a.orderRefno);
    if (claimed < batchSize) break;
  }
  return expired;
}
