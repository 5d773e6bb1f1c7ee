/**
 * The shop running on the Stripe adapter (PAYMENT_PROVIDER=stripe; ADR 10), offline: Stripe's API
 * is a fake fetch, webhooks are signed with the SDK's test-header helper. Pay Now answers the
 * Checkout page, the webhook marks the order Paid once, a stale or foreign-signed webhook changes
 * nothing, and staff cancelling the paid order refunds it through Stripe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { orders, payments } from '../../src/server/xs-api/db/schema';
import { stripeAdapter } from '../../src/server/xs-api/adapters/payment/stripe';
import { API_BASE } from '../../src/lib/xs-api/contract';

const WEBHOOK_SECRET = 'whsec_api_test';
const sdk = new Stripe('sk_test_offline');
const calls: { url: string; body: URLSearchParams }[] = [];
let sessionAmount = 0;

/** Stripe's API, faked: session creation, retrieval (paid, with a payment intent) and refunds. */
const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = String(input);
  const body = new URLSearchParams(String(init?.body ?? ''));
  calls.push({ url, body });
  const json = url.includes('/v1/refunds')
    ? { id: 're_test_1', object: 'refund' }
    : url.endsWith('/v1/checkout/sessions')
      ? ((sessionAmount = Number(body.get('line_items[0][price_data][unit_amount]'))), { id: 'cs_test_api', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_api' })
      : { id: 'cs_test_api', object: 'checkout.session', amount_total: sessionAmount, currency: 'myr', payment_status: 'paid', status: 'complete', payment_intent: 'pi_test_api' };
  return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness({ payment: stripeAdapter({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET, httpClient: Stripe.createFetchHttpClient(fakeFetch) }) });
  ({ token } = await h.login());
});
afterAll(() => h.close());

function webhook(event: object, at = new Date(), secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
  return h.app.fetch(new Request(`http://x${API_BASE}/payment_webhook_stripe`, { method: 'POST', body: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } }));
}

const completed = (id: string, amount: number) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_api', object: 'checkout.session', amount_total: amount, currency: 'myr', payment_status: 'paid', status: 'complete' } },
});

describe('Stripe Checkout', () => {
  it('pays an order through a verified webhook, once; refuses stale and foreign-signed ones; refunds when staff cancel', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0030']);
    expect((await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}`, { token })).status).toBe(404);
    const pay = await h.call(`get_update_order_status_paid_stripe_url/${M}/${refno}`, { token });
    expect(pay.status).toBe(200);
    expect(pay.json.url).toBe('https://checkout.stripe.com/c/pay/cs_test_api');
    const [order] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    expect(sessionAmount).toBe(order!.amountSen);

    expect((await webhook(completed('evt_stale', order!.amountSen), new Date(Date.now() - 301_000))).status).toBe(400);
    expect((await webhook(completed('evt_foreign', order!.amountSen), new Date(), 'whsec_someone_else')).status).toBe(400);
    expect((await h.db.select().from(orders).where(eq(orders.orderRefno, refno)))[0]!.status).toBe('Processing Payment');

    const first = await webhook(completed('evt_paid', order!.amountSen));
    const second = await webhook(completed('evt_paid', order!.amountSen));
    expect([((await first.json()) as { outcome: string }).outcome, ((await second.json()) as { outcome: string }).outcome]).toEqual(['applied', 'duplicate']);
    expect((await h.db.select().from(orders).where(eq(orders.orderRefno, refno)))[0]!.status).toBe('Paid');

    const cancel = await h.call('ops/order_cancel', { token: (await h.staff({ role: 'hq' })).token, body: { order_refno: refno, reason: 'out of stock at the outlet' } });
    expect(cancel.status).toBe(200);
    expect(cancel.json).toMatchObject({ from: 'Paid', refunded: [{ amount_sen: order!.amountSen, refund_ref: 're_test_1' }], refund_failed: [] });
    const refund = calls.find((c) => c.url.includes('/v1/refunds'))!;
    expect([refund.body.get('payment_intent'), refund.body.get('amount')]).toEqual(['pi_test_api', String(order!.amountSen)]);
    const [p] = await h.db.select().from(payments).where(eq(payments.orderRefno, refno));
    expect([p!.status, p!.refundRef]).toEqual(['refunded', 're_test_1']);
  });
});
