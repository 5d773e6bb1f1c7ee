/**
 * The Stripe Checkout adapter (ADR 10) without the network: the SDK's own test-header helper signs
 * webhooks offline, and a fake fetch stands in for Stripe's API so the requests the adapter makes
 * (MYR, card and FPX, amount in sen, our payment id as idempotency key) can be read.
 */
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeAdapter } from '../../src/server/xs-api/adapters/payment/stripe';
import { PaymentCallbackError } from '../../src/server/xs-api/adapters/payment/types';

const WEBHOOK_SECRET = 'whsec_test_0123456789';
const stripe = new Stripe('sk_test_offline');

type Seen = { url: string; method: string; body: URLSearchParams; headers: Headers };

/** A fake Stripe API: records each request and answers with `reply(request)`. */
function fakeStripe(reply: (r: Seen) => unknown) {
  const seen: Seen[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const r: Seen = { url: String(input), method: init?.method ?? 'GET', body: new URLSearchParams(String(init?.body ?? '')), headers: new Headers(init?.headers) };
    seen.push(r);
    return new Response(JSON.stringify(reply(r)), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  return { seen, httpClient: Stripe.createFetchHttpClient(fetchFn) };
}

function signed(event: object, at = new Date()) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(at.getTime() / 1000) });
  return { payload, headers: new Headers({ 'stripe-signature': header }) };
}

const sessionEvent = (type: string, session: Record<string, unknown>) => ({
  id: `evt_${type}`,
  object: 'event',
  type,
  data: { object: { id: 'cs_test_1', object: 'checkout.session', amount_total: 1235, currency: 'myr', payment_status: 'paid', status: 'complete', metadata: { payment_id: 'pay_1', order_refno: 'WEB26112200000001' }, ...session } },
});

describe('stripe adapter', () => {
  it('refuses to start without its keys', () => {
    expect(() => stripeAdapter({ secretKey: '', webhookSecret: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => stripeAdapter({ secretKey: 'sk_test_x', webhookSecret: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('creates a Checkout Session in MYR for card and FPX, amount in sen, our payment id as idempotency key', async () => {
    const fake = fakeStripe(() => ({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
    const adapter = stripeAdapter({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET, httpClient: fake.httpClient });
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const page = await adapter.createPayment({
      paymentId: 'pay_abc', orderRefno: 'WEB26112200000001', amountSen: 1235, currency: 'MYR',
      returnUrl: 'https://shop.example.my/payment/return?order=WEB26112200000001&result=done',
      cancelUrl: 'https://shop.example.my/payment/return?order=WEB26112200000001&result=cancelled', expiresAt,
    });
    expect(page).toEqual({ providerRef: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const [req] = fake.seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toMatch(/\/v1\/checkout\/sessions$/);
    expect(req!.headers.get('idempotency-key')).toBe('pay_abc');
    const b = req!.body;
    expect(b.get('mode')).toBe('payment');
    expect([b.get('allowed_payment_method_types[0]'), b.get('allowed_payment_method_types[1]')]).toEqual(['card', 'fpx']);
    expect(b.get('line_items[0][price_data][currency]')).toBe('myr');
    expect(b.get('line_items[0][price_data][unit_amount]')).toBe('1235');
    expect(b.get('metadata[payment_id]')).toBe('pay_abc');
    expect(b.get('client_reference_id')).toBe('WEB26112200000001');
    // Stripe refuses sessions shorter than 30 minutes: the adapter never asks for less.
    expect(Number(b.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it('verifies webhooks with the SDK: paid, failed and expired sessions; tampered, stale and unsigned ones refused', () => {
    const adapter = stripeAdapter({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET });
    const paid = signed(sessionEvent('checkout.session.completed', {}));
    expect(adapter.verifyCallback(paid.payload, paid.headers)).toEqual({
      eventId: 'evt_checkout.session.completed', type: 'checkout.session.completed', kind: 'paid',
      providerRef: 'cs_test_1', paymentId: 'pay_1', amountSen: 1235, currency: 'MYR',
    });
    // FPX can settle later: completed but unpaid is not a payment; the async events decide.
    const pending = signed(sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }));
    expect(adapter.verifyCallback(pending.payload, pending.headers).kind).toBe('ignored');
    const failed = signed(sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' }));
    expect(adapter.verifyCallback(failed.payload, failed.headers).kind).toBe('failed');
    const expired = signed(sessionEvent('checkout.session.expired', { payment_status: 'unpaid', status: 'expired' }));
    expect(adapter.verifyCallback(expired.payload, expired.headers).kind).toBe('cancelled');

    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(PaymentCallbackError);
        return (err as PaymentCallbackError).reason;
      }
      return 'accepted';
    };
    expect(reason(() => adapter.verifyCallback(paid.payload.replace('1235', '1'), paid.headers))).toBe('signature_invalid');
    const stale = signed(sessionEvent('checkout.session.completed', {}), new Date(Date.now() - 301_000));
    expect(reason(() => adapter.verifyCallback(stale.payload, stale.headers))).toBe('timestamp_stale');
    expect(reason(() => adapter.verifyCallback(paid.payload, new Headers()))).toBe('signature_missing');
    const otherSecret = stripe.webhooks.generateTestHeaderString({ payload: paid.payload, secret: 'whsec_other' });
    expect(reason(() => adapter.verifyCallback(paid.payload, new Headers({ 'stripe-signature': otherSecret })))).toBe('signature_invalid');
  });

  it('reads a session for reconciliation and refunds its payment intent with an idempotency key', async () => {
    const fake = fakeStripe((r) =>
      r.url.includes('/v1/refunds')
        ? { id: 're_1', object: 'refund' }
        : { id: 'cs_test_1', object: 'checkout.session', amount_total: 1235, currency: 'myr', payment_status: 'paid', status: 'complete', payment_intent: 'pi_1' },
    );
    const adapter = stripeAdapter({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET, httpClient: fake.httpClient });
    expect(await adapter.fetchPayment('cs_test_1')).toEqual({ state: 'paid', amountSen: 1235, currency: 'MYR' });
    expect(await adapter.refund('cs_test_1', 1235, 'refund_pay_1')).toEqual({ refundRef: 're_1' });
    const refund = fake.seen.find((r) => r.url.includes('/v1/refunds'))!;
    expect([refund.body.get('payment_intent'), refund.body.get('amount'), refund.headers.get('idempotency-key')]).toEqual(['pi_1', '1235', 'refund_pay_1']);
  });
});
