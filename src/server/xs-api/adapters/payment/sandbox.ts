/**
 * The shop's side of the sandbox provider (ADR 10): the default payment adapter. It opens payments
 * in the sandbox's records, verifies its HMAC-SHA256 signed callbacks (./signature.ts, 300 s
 * tolerance) and reads a payment's state for reconciliation, exactly as it would over a real
 * provider's API. The hosted TEST MODE page is src/server/payment-sandbox/page.ts.
 */
import type { Db } from '../../db/client';
import { createSandboxPayment, readSandboxPayment, refundSandboxPayment, type SandboxEvent } from '../../../payment-sandbox/provider';
import { SANDBOX_SIGNATURE_HEADER, verifyCallbackSignature } from './signature';
import { PaymentCallbackError, type PaymentAdapter, type PaymentEvent, type ProviderPaymentState } from './types';
import { clock } from '../../../clock';

/** The path of the hosted sandbox page of payment `id`, under the shop's origin. */
export const sandboxPagePath = (id: string) => `/payment/sandbox/${encodeURIComponent(id)}`;

const KIND: Record<string, PaymentEvent['kind']> = {
  'payment.approved': 'paid',
  'payment.declined': 'failed',
  'payment.cancelled': 'cancelled',
};

const STATE: Record<string, ProviderPaymentState['state']> = {
  open: 'open',
  approved: 'paid',
  declined: 'failed',
  cancelled: 'cancelled',
  expired: 'cancelled',
  refunded: 'refunded',
};

/** Parses a verified sandbox event body. @throws PaymentCallbackError 'payload_invalid'. */
function parseEvent(rawBody: string): PaymentEvent {
  let e: SandboxEvent;
  try {
    e = JSON.parse(rawBody) as SandboxEvent;
  } catch {
    throw new PaymentCallbackError('payload_invalid');
  }
  const d = e?.data;
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || typeof d?.id !== 'string' || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string') {
    throw new PaymentCallbackError('payload_invalid');
  }
  return { eventId: e.id, type: e.type, kind: KIND[e.type] ?? 'ignored', providerRef: d.id, paymentId: null, amountSen: d.amount, currency: d.currency };
}

/**
 * The sandbox adapter over the shop's database (the sandbox keeps its records there).
 * @param secret the shared webhook secret (PAYMENT_SANDBOX_SECRET, else derived from the session secret)
 */
export function sandboxAdapter(opts: { db: () => Promise<Db>; secret: string }): PaymentAdapter {
  return {
    name: 'sandbox',
    async createPayment(input) {
      const payment = await createSandboxPayment(await opts.db(), {
        reference: input.orderRefno,
        description: `Order ${input.orderRefno}`,
        amountSen: input.amountSen,
        currency: input.currency,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
      });
      return { providerRef: payment.id, url: new URL(sandboxPagePath(payment.id), input.returnUrl).href };
    },
    verifyCallback(rawBody, headers, now = clock.now()) {
      verifyCallbackSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), opts.secret, now);
      return parseEvent(rawBody);
    },
    async fetchPayment(providerRef) {
      const p = await readSandboxPayment(await opts.db(), providerRef);
      if (!p) throw new Error(`sandbox payment ${providerRef} not found`);
      return { state: STATE[p.status] ?? 'open', amountSen: p.amountSen, currency: p.currency };
    },
    async refund(providerRef, amountSen) {
      return refundSandboxPayment(await opts.db(), providerRef, amountSen);
    },
  };
}
