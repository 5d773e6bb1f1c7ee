/**
 * The payment adapter chosen by the environment (docs/architecture.md Adapters; ADR 10): PAYMENT_PROVIDER
 * 'sandbox' (default, the shop's own TEST MODE provider) or 'stripe' (Stripe Checkout with
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 */
import type { Db } from '../../db/client';
import { sandboxAdapter } from './sandbox';
import { stripeAdapter } from './stripe';
import type { PaymentAdapter, PaymentProviderName } from './types';

export * from './types';
export { sandboxAdapter, sandboxPagePath } from './sandbox';
export { stripeAdapter } from './stripe';

/**
 * The adapter for `provider`.
 * @throws Error when stripe is chosen without its keys.
 */
export function paymentAdapter(
  provider: PaymentProviderName,
  opts: { db: () => Promise<Db>; sandboxSecret: string; stripeSecretKey?: string; stripeWebhookSecret?: string },
): PaymentAdapter {
  if (provider === 'stripe') return stripeAdapter({ secretKey: opts.stripeSecretKey ?? '', webhookSecret: opts.stripeWebhookSecret ?? '' });
  return sandboxAdapter({ db: opts.db, secret: opts.sandboxSecret });
}
