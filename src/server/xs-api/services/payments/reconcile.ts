/**
 * Reconciliation (issue "Money in" §2 Adapter boundary, §6 "reconcile payments with the provider"):
 * asks the provider for the state of attempts still open on our side and applies what it says as
 * an event ('reconcile:<provider ref>:<state>'), so a lost webhook never leaves a paid order To Pay.
 * The member's status poll reconciles their order's latest attempt; `npm run ops -- reconcile`
 * does every open attempt.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentAdapter, PaymentEvent } from '../../adapters/payment/types';
import { applyPaymentEvent, type EventOutcome } from './events';
import type { PaymentRow } from './attempts';
import { clock } from '../../../clock';

const KIND: Record<string, PaymentEvent['kind'] | undefined> = { paid: 'paid', failed: 'failed', cancelled: 'cancelled' };

/**
 * Reconciles one attempt with its provider; attempts not open on our side, or still open at the
 * provider, are left as they are.
 * @returns the outcome of the reconciliation event, or null when there was nothing to apply
 * @throws provider faults (the caller decides: the status poll ignores them, the CLI reports them)
 */
export async function reconcilePayment(db: Db, adapter: PaymentAdapter, payment: PaymentRow, now = clock.now()): Promise<EventOutcome | null> {
  if (payment.status !== 'created' || !payment.providerRef || payment.provider !== adapter.name) return null;
  const state = await adapter.fetchPayment(payment.providerRef);
  const kind = KIND[state.state];
  if (!kind) return null;
  const event: PaymentEvent = {
    eventId: `reconcile:${payment.providerRef}:${state.state}`,
    type: `reconcile.${state.state}`,
    kind,
    providerRef: payment.providerRef,
    paymentId: payment.paymentId,
    amountSen: state.amountSen,
    currency: state.currency,
  };
  return (await applyPaymentEvent(db, adapter.name, event, now)).outcome;
}

/** Reconciles every attempt still open on our side with `adapter`'s provider. Faults are counted, not thrown. */
export async function reconcileOpenPayments(db: Db, adapter: PaymentAdapter, now = clock.now()) {
  const open = await db.select().from(payments).where(eq(payments.status, 'created'));
  const result = { checked: 0, applied: 0, flagged: 0, failed: [] as { payment_id: string; error: string }[] };
  for (const p of open.filter((x) => x.provider === adapter.name)) {
    result.checked++;
    try {
      const outcome = await reconcilePayment(db, adapter, p, now);
      if (outcome === 'applied') result.applied++;
      if (outcome === 'flagged') result.flagged++;
    } catch (err) {
      result.failed.push({ payment_id: p.paymentId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
