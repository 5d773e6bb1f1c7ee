/**
 * Stripe Checkout through the official SDK (issue "Money in" §2; ADR 10): selected by
 * PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. A payment is a Checkout
 * Session in MYR for card and FPX, one line for the order's total; the webhook is verified with the
 * SDK's signature check (300 s tolerance); state and refunds go through the SDK too.
 *
 * Events acted on: checkout.session.completed with payment_status 'paid' and
 * checkout.session.async_payment_succeeded → paid; checkout.session.async_payment_failed → failed;
 * checkout.session.expired → cancelled. Anything else is recorded and ignored.
 */
import Stripe from 'stripe';
import { CALLBACK_TOLERANCE_SECONDS, PaymentCallbackError, type PaymentAdapter, type PaymentEvent, type ProviderPaymentState } from './types';

/** Stripe's shortest Checkout Session life (30 minutes, in seconds). */
const MIN_SESSION_SECONDS = 30 * 60;

type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** For tests: the SDK's HTTP client (e.g. `Stripe.createFetchHttpClient(fakeFetch)`), so nothing reaches the network. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
};

/** The shop's view of a Checkout Session: paid, open, expired… */
function sessionState(s: Stripe.Checkout.Session): ProviderPaymentState['state'] {
  if (s.payment_status === 'paid') return 'paid';
  if (s.status === 'expired') return 'cancelled';
  return 'open';
}

/** The event id, kind and amounts of a verified Stripe event. */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, type: event.type, providerRef: null, paymentId: null, amountSen: null, currency: null };
  if (!event.type.startsWith('checkout.session.')) return { ...base, kind: 'ignored' };
  const s = event.data.object as Stripe.Checkout.Session;
  const kind: PaymentEvent['kind'] =
    (event.type === 'checkout.session.completed' && s.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded'
      ? 'paid'
      : event.type === 'checkout.session.async_payment_failed'
        ? 'failed'
        : event.type === 'checkout.session.expired'
          ? 'cancelled'
          : 'ignored';
  return {
    ...base,
    kind,
    providerRef: s.id,
    paymentId: s.metadata?.payment_id ?? null,
    amountSen: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
  };
}

/** The Stripe adapter. @throws Error at creation when a key is missing. */
export function stripeAdapter(opts: StripeOptions): PaymentAdapter {
  if (!opts.secretKey || !opts.webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, ...(opts.httpClient ? { httpClient: opts.httpClient } : {}) });
  return {
    name: 'stripe',
    async createPayment(input) {
      // eslint-disable-next-line no-restricted-syntax -- Stripe judges expires_at by its own (real) clock
      const earliest = Math.ceil(Date.now() / 1000) + MIN_SESSION_SECONDS + 60;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // A filter on what Stripe finds eligible (the newer API's form of payment_method_types).
          allowed_payment_method_types: ['card', 'fpx'],
          line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountSen, product_data: { name: `Order ${input.orderRefno}` } } }],
          client_reference_id: input.orderRefno,
          metadata: { order_refno: input.orderRefno, payment_id: input.paymentId },
          payment_intent_data: { metadata: { order_refno: input.orderRefno, payment_id: input.paymentId } },
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.max(earliest, Math.floor(input.expiresAt.getTime() / 1000)),
        },
        { idempotencyKey: input.paymentId },
      );
      if (!session.url) throw new Error(`Stripe gave no page for session ${session.id}`);
      return { providerRef: session.id, url: session.url };
    },
    // eslint-disable-next-line no-restricted-syntax -- Stripe signs its webhooks with its own (real) clock
    verifyCallback(rawBody, headers, now = new Date()) {
      const header = headers.get('stripe-signature');
      if (!header) throw new PaymentCallbackError('signature_missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header, opts.webhookSecret, CALLBACK_TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (err) {
        const stale = err instanceof Error && /timestamp outside the tolerance/i.test(err.message);
        throw new PaymentCallbackError(stale ? 'timestamp_stale' : 'signature_invalid', err instanceof Error ? err.message : String(err));
      }
      return toPaymentEvent(event);
    },
    async fetchPayment(providerRef) {
      const s = await stripe.checkout.sessions.retrieve(providerRef);
      return { state: sessionState(s), amountSen: s.amount_total ?? null, currency: s.currency ? s.currency.toUpperCase() : null };
    },
    async refund(providerRef, amountSen, idempotencyKey) {
      const s = await stripe.checkout.sessions.retrieve(providerRef);
      const intent = typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${providerRef} has no payment to refund`);
      const refund = await stripe.refunds.create({ payment_intent: intent, amount: amountSen }, { idempotencyKey });
      return { refundRef: refund.id };
    },
  };
}
