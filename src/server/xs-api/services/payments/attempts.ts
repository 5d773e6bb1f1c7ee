/**
 * Reading and writing payment attempts (the `payments` table; ADR 10). Shared by Pay Now, the
 * callbacks, reconciliation and refunds.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments, type PaymentStatus } from '../../db/schema';
import { ApiError } from '../../errors';

export type PaymentRow = typeof payments.$inferSelect;

/** A new payment id, 'pay_' + 16 random bytes (base64url). */
export const newPaymentId = () => `pay_${randomBytes(16).toString('base64url')}`;

/**
 * The order `orderRefno`, locked for the rest of the transaction (FOR UPDATE), checked to be
 * `memberCode`'s when given.
 * @throws ApiError 404 'order_not_found'.
 */
export async function lockOrder(tx: Db, orderRefno: string, memberCode?: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.orderRefno, orderRefno)).limit(1).for('update');
  if (!order || (memberCode !== undefined && order.memberCode !== memberCode)) throw new ApiError(404, 'order_not_found');
  return order;
}

/** The attempts of an order, newest first. */
export async function orderPayments(db: Db, orderRefno: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderRefno, orderRefno)).orderBy(desc(payments.createdAt), desc(payments.paymentId));
}

/** The attempt a provider reference names, or our payment id; null when neither matches. */
export async function findPayment(db: Db, provider: string, ref: { providerRef: string | null; paymentId: string | null }): Promise<PaymentRow | null> {
  if (ref.providerRef) {
    const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, ref.providerRef))).limit(1);
    if (row) return row;
  }
  if (ref.paymentId) {
    const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.paymentId, ref.paymentId))).limit(1);
    if (row) return row;
  }
  return null;
}

/** Sets an attempt's status (and any other columns), stamping updated_at. */
export async function setPayment(db: Db, paymentId: string, now: Date, set: Partial<Omit<PaymentRow, 'paymentId'>> & { status?: PaymentStatus }): Promise<void> {
  await db.update(payments).set({ ...set, updatedAt: now }).where(eq(payments.paymentId, paymentId));
}
