/**
 * The payment adapter boundary (issue "Money in" §2; docs/architecture.md Adapters; ADR 10). The shop speaks to a
 * payment provider only through this shape, so the sandbox and Stripe are interchangeable:
 * create a payment and get its page address, verify and parse a provider callback, fetch a
 * payment's state for reconciliation, refund. Amounts are integer sen; the currency is 'MYR'.
 */

/** The adapters this shop has; the `{provider}` of coverage.md §7's payment paths. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The shop's currency (coverage.md §1: prices in RM). */
export const SHOP_CURRENCY = 'MYR';

/** What the shop asks of a provider for one payment attempt. */
export type CreatePaymentInput = {
  /** Our id of the attempt ('pay_…'): the provider keeps it, and it is the idempotency key. */
  paymentId: string;
  orderRefno: string;
  /** The order's total in sen (RM 12.35 → 1235), > 0. */
  amountSen: number;
  currency: typeof SHOP_CURRENCY;
  /** Where the shopper's browser goes after paying, and after giving up. Absolute URLs. */
  returnUrl: string;
  cancelUrl: string;
  /** The shop will cancel the order at this moment (the payment window): the page should not outlive it. */
  expiresAt: Date;
};

/** A payment page the provider opened. */
export type CreatedPayment = { providerRef: string; url: string };

/**
 * A verified provider event, reduced to what the shop acts on:
 * - `paid`: the money was taken (amount and currency as the provider reports them);
 * - `failed`: declined; `cancelled`: abandoned or expired at the provider;
 * - `ignored`: an event the shop does not act on (recorded, nothing else).
 */
export type PaymentEvent = {
  eventId: string;
  /** The provider's own event type, e.g. 'checkout.session.completed'. */
  type: string;
  kind: 'paid' | 'failed' | 'cancelled' | 'ignored';
  providerRef: string | null;
  /** Our payment id when the provider echoes it (metadata), else null. */
  paymentId: string | null;
  amountSen: number | null;
  currency: string | null;
};

/** A payment's state at the provider, for reconciliation. */
export type ProviderPaymentState = {
  state: 'open' | 'paid' | 'failed' | 'cancelled' | 'refunded';
  amountSen: number | null;
  currency: string | null;
};

/** Why a callback is refused (the webhook answers 400 and changes nothing). */
export class PaymentCallbackError extends Error {
  constructor(
    readonly reason: 'signature_missing' | 'signature_invalid' | 'timestamp_stale' | 'payload_invalid',
    message: string = reason,
  ) {
    super(message);
    this.name = 'PaymentCallbackError';
  }
}

/** One payment provider. */
export interface PaymentAdapter {
  readonly name: PaymentProviderName;
  /** Opens a payment page for an order. @throws on a provider refusal or a network fault. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Verifies a callback's signature over the raw body (tolerance 300 s around `now`) and parses it.
   * @throws PaymentCallbackError when unsigned, tampered, stale or malformed.
   */
  verifyCallback(rawBody: string, headers: Headers, now?: Date): PaymentEvent;
  /** The payment's state at the provider. @throws on a network fault. */
  fetchPayment(providerRef: string): Promise<ProviderPaymentState>;
  /**
   * Refunds `amountSen` of a paid payment; `idempotencyKey` makes a retried refund a no-op.
   * @returns the provider's refund reference. @throws when the provider refuses.
   */
  refund(providerRef: string, amountSen: number, idempotencyKey: string): Promise<{ refundRef: string }>;
}

/** The webhook's signature tolerance: a callback older or newer than this is refused (seconds). */
export const CALLBACK_TOLERANCE_SECONDS = 300;
