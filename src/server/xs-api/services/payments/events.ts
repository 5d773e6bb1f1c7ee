/**
 * Applying a verified provider event (ADR 10; issue "Money in" §2 Records): each event is recorded
 * once (unique provider + event id), so a provider resending it, or ten copies racing, change the
 * order at most once. A payment whose amount or currency differs from the order's is flagged for an
 * operator and never marks the order Paid; so is a payment for an order that was cancelled or
 * already paid.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentEvents, payments } from '../../db/schema';
import { SHOP_CURRENCY, type PaymentEvent } from '../../adapters/payment/types';
import { changeOrderStatus } from '../orders/status';
import { findPayment, lockOrder, setPayment, type PaymentRow } from './attempts';
import { clock } from '../../../clock';
import { metrics } from '../../../metrics';

/** What an event did: changed the order, only recorded, flagged for an operator, or nothing (seen before). */
export type EventOutcome = 'applied' | 'ignored' | 'flagged' | 'duplicate';

/** Why an operator must look at a payment (payments.flag, orders.payment_flag). */
export type PaymentFlag = 'amount_mismatch' | 'paid_after_cancel' | 'duplicate_payment' | 'refund_failed';

async function flag(tx: Db, payment: PaymentRow, why: PaymentFlag, now: Date) {
  await setPayment(tx, payment.paymentId, now, { flag: why });
  await tx.update(orders).set({ paymentFlag: why, updatedAt: now }).where(eq(orders.orderRefno, payment.orderRefno));
}

/**
 * Records and applies `event` from provider `provider` at `now`.
 * @returns the outcome and, when it concerns one, the order it concerns
 */
export async function applyPaymentEvent(db: Db, provider: string, event: PaymentEvent, now = clock.now()): Promise<{ outcome: EventOutcome; orderRefno: string | null }> {
  const result = await applyInTransaction(db, provider, event, now);
  // Counted once the transaction is committed (src/server/metrics.ts).
  metrics.paymentEvents.inc({ provider, kind: event.kind, outcome: result.outcome });
  return result;
}

function applyInTransaction(db: Db, provider: string, event: PaymentEvent, now: Date): Promise<{ outcome: EventOutcome; orderRefno: string | null }> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.eventId, type: event.type, outcome: 'ignored', amountSen: event.amountSen, currency: event.currency, receivedAt: now })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded.length) return { outcome: 'duplicate' as const, orderRefno: null };
    const done = async (outcome: EventOutcome, payment: PaymentRow | null) => {
      await tx.update(paymentEvents).set({ outcome, paymentId: payment?.paymentId ?? null }).where(eq(paymentEvents.id, recorded[0]!.id));
      return { outcome, orderRefno: payment?.orderRefno ?? null };
    };

    const found = event.kind === 'ignored' ? null : await findPayment(tx, provider, event);
    if (!found) return done('ignored', null);
    const order = await lockOrder(tx, found.orderRefno);
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentId, found.paymentId)).for('update');
    if (!payment) return done('ignored', null);

    if (event.kind === 'paid') {
      if (payment.status === 'paid' || payment.status === 'refunded') return done('ignored', payment);
      await setPayment(tx, payment.paymentId, now, { status: 'paid', paidAt: now, paidAmountSen: event.amountSen, paidCurrency: event.currency });
      if (event.amountSen !== payment.amountSen || event.amountSen !== order.amountSen || event.currency !== SHOP_CURRENCY) {
        await flag(tx, payment, 'amount_mismatch', now);
        return done('flagged', payment);
      }
      if (order.status === 'Cancelled') {
        await flag(tx, payment, 'paid_after_cancel', now);
        return done('flagged', payment);
      }
      if (order.status !== 'Pending' && order.status !== 'Processing Payment') {
        await flag(tx, payment, 'duplicate_payment', now);
        return done('flagged', payment);
      }
      await changeOrderStatus(tx, { orderRefno: order.orderRefno, from: order.status, to: 'Paid', actor: 'provider', reason: event.eventId, now });
      return done('applied', payment);
    }

    // Declined or abandoned: the attempt closes; the order goes back to Pending (Pay Now again)
    // when no other attempt is still open.
    if (payment.status !== 'created') return done('ignored', payment);
    await setPayment(tx, payment.paymentId, now, { status: event.kind === 'failed' ? 'failed' : 'cancelled' });
    const stillOpen = await tx
      .select({ id: payments.paymentId })
      .from(payments)
      .where(and(eq(payments.orderRefno, order.orderRefno), eq(payments.status, 'created')))
      .limit(1);
    if (order.status === 'Processing Payment' && !stillOpen.length) {
      await changeOrderStatus(tx, { orderRefno: order.orderRefno, from: 'Processing Payment', to: 'Pending', actor: 'provider', reason: event.eventId, now });
    }
    return done('applied', payment);
  });
}
