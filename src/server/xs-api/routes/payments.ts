/**
 * Payment routes (coverage.md §7 get_update_order_status_paid_{provider}_url, payment_request_{provider},
 * update_order_status_paid; ADR 10) and the providers' webhooks. Thin: they call services.
 */
import { paymentReturnOrigin } from '../services/payments/return-origin';
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { href, paths } from '../../../domain/paths';
import type { Db } from '../db/client';
import { ApiError } from '../errors';
import { serve, type ApiEnv, type ApiServices } from '../http';
import { PAYMENT_PROVIDERS, PaymentCallbackError } from '../adapters/payment/types';
import { applyPaymentEvent, confirmZeroAmountOrder, paymentState, startPayment } from '../services/payments';
import { errorFields, log } from '../../log';

/** The adapter named in the path, or 404 when the shop runs another provider. */
function adapterFor(services: ApiServices, provider: string) {
  if (services.payment.name !== provider) throw new ApiError(404, 'payment_provider_unavailable');
  return services.payment;
}

/** Registers the payment operations of both providers (only the running one answers). */
export function paymentRoutes(app: Hono<ApiEnv>) {
  for (const [provider, ops] of [
    ['sandbox', { payNow: op.get_update_order_status_paid_sandbox_url, state: op.payment_request_sandbox }],
    ['stripe', { payNow: op.get_update_order_status_paid_stripe_url, state: op.payment_request_stripe }],
  ] as const) {
    serve(app, ops.payNow, async ({ db, member, params, query, services, locale }) => {
      const adapter = adapterFor(services, provider);
      const origin = paymentReturnOrigin(query.return_origin, { origin: new URL(services.siteUrl).origin, configured: services.siteUrlConfigured });
      const refno = params.orderId!;
      const back = (result: 'done' | 'cancelled') => origin + href(locale, paths.paymentReturn(refno, result));
      try {
        return await startPayment(db, adapter, { memberCode: member!, orderRefno: refno, urls: { returnUrl: back('done'), cancelUrl: back('cancelled') }, windowMinutes: services.paymentWindowMinutes });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        log.error(errorFields(err), 'payments: the provider refused to open a payment');
        throw new ApiError(502, 'payment_provider_unavailable');
      }
    });
    serve(app, ops.state, async ({ db, member, query, services }) => ({
      data: await paymentState(db, adapterFor(services, provider), { memberCode: member!, orderRefno: query.order_refno }),
    }));
  }
  serve(app, op.update_order_status_paid, async ({ db, member, body }) => {
    await confirmZeroAmountOrder(db, { memberCode: member!, orderRefno: body.order_refno });
    return { order_refno: body.order_refno };
  });
}

/**
 * The providers' callbacks: `POST <API base>/payment_webhook_{provider}`. No API key (a provider
 * cannot send ours): the signature over the raw body is the proof. 200 once recorded (also for a
 * duplicate, so the provider stops resending); 400 for an unsigned, tampered, stale or malformed
 * callback, which changes nothing; 404 for a provider the shop does not run.
 * Registered before the API-key check.
 */
export function paymentWebhookRoutes(app: Hono<ApiEnv>, deps: { db: () => Promise<Db>; services: () => ApiServices }) {
  for (const provider of PAYMENT_PROVIDERS) app.post(`/payment_webhook_${provider}`, async (c) => {
    const services = deps.services();
    if (services.payment.name !== provider) return c.json({ Status: 0, Error: 'unknown payment provider' }, 404);
    const raw = await c.req.text();
    let event;
    try {
      event = services.payment.verifyCallback(raw, c.req.raw.headers);
    } catch (err) {
      if (err instanceof PaymentCallbackError) return c.json({ Status: 0, Error: `callback refused: ${err.reason}` }, 400);
      throw err;
    }
    const result = await applyPaymentEvent(await deps.db(), services.payment.name, event);
    return c.json({ Status: 1, outcome: result.outcome });
  });
}
