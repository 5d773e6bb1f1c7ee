/**
 * The payment adapter chosen by the environment (docs/architecture.md Adapters; ADR 10): PAYMENT_PROVIDER
 * 'sandbox' (default, the shop's own TEST MODE provider) or 'stripe' (Stripe Checkout with
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 */
import type { Db } from '../../db/client';
import { sandboxAdapter } from './sandbox';
import type { PaymentAdapter, PaymentProviderName } from './types';

export * from './types';
export { sandboxAdapter, sandboxPagePath } from './sandbox';

/**
 * The adapter for `provider`. The Stripe adapter and its SDK (some MB of code and heap) are loaded
 * only when Stripe is chosen (ADR 40).
 * @throws Error (a rejected promise) when stripe is chosen without its keys.
 */
export async function paymentAdapter(
  provider: PaymentProviderName,
  opts: { db: () => Promise<Db>; sandboxSecret: string; stripeSecretKey?: string; stripeWebhookSecret?: string },
): Promise<PaymentAdapter> {
  if (provider === 'stripe') {
    const { stripeAdapter } = await import('./stripe');
    return stripeAdapter({ secretKey: opts.stripeSecretKey ?? '', webhookSecret: opts.stripeWebhookSecret ?? '' });
  }
  return sandboxAdapter({ db: opts.db, secret: opts.sandboxSecret });
}
