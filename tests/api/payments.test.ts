/**
 * Payments through the sandbox provider (issue "Money in" §2; ADR 10): Pay Now opens the hosted
 * page, the page's choice reaches the shop as a signed callback, events apply at most once, a
 * tampered, stale or unsigned callback changes nothing, a wrong amount is flagged instead of paid,
 * unpaid orders expire and give their stock back, and members only reach their own orders.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the races are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_PAYMENT_SECRET, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { createMembers, stockAt } from './order-fixtures';
import { orders, paymentEvents, payments, sandboxPayments } from '../../src/server/xs-api/db/schema';
import { orderHistory } from '../../src/server/xs-api/services/orders';
import { expireUnpaidOrders } from '../../src/server/xs-api/services/payments';
import { chooseSandboxOutcome, type SandboxPageDeps } from '../../src/server/payment-sandbox/page';
import { signCallback, SANDBOX_SIGNATURE_HEADER } from '../../src/server/xs-api/adapters/payment/signature';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
});
afterAll(() => h.close());

const WEBHOOK = `http://in-process${API_BASE}/payment_webhook_sandbox`;
const deps = (): SandboxPageDeps => ({ db: async () => h.db, secret: TEST_PAYMENT_SECRET, webhookUrl: WEBHOOK, send: async (r) => h.app.fetch(r) });

async function statusOf(refno: string) {
  const [o] = await h.db.select({ status: orders.status, flag: orders.paymentFlag }).from(orders).where(eq(orders.orderRefno, refno));
  return o!;
}

/** Pay Now as the member: the payment page's address and our attempt id. */
async function payNow(refno: string, as: { member: string; token: string } = { member: M, token }) {
  return h.call(`get_update_order_status_paid_sandbox_url/${as.member}/${refno}?return_origin=${encodeURIComponent('https://shop.example.my')}`, { token: as.token });
}

/** The shopper's click on the hosted page. */
async function choose(url: string, outcome: 'approve' | 'decline' | 'cancel') {
  const id = new URL(url).pathname.split('/').pop()!;
  const body = new URLSearchParams({ outcome });
  return chooseSandboxOutcome(deps(), id, new Request(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
}

/** A sandbox callback for attempt `providerRef`, signed at `at` (or with a broken signature). */
function callback(event: { id: string; type: string; ref: string; amount: number; currency?: string; reference?: string }, at = clock.now()) {
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(at.getTime() / 1000),
    data: { id: event.ref, reference: event.reference ?? 'x', amount: event.amount, currency: event.currency ?? 'MYR', status: 'approved' },
  });
  return { body, signature: signCallback(body, TEST_PAYMENT_SECRET, at) };
}

const post = (body: string, signature?: string) =>
  h.app.fetch(new Request(WEBHOOK, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) } }));

async function attempt(paymentId: string) {
  const [p] = await h.db.select().from(payments).where(eq(payments.paymentId, paymentId));
  return p!;
}

describe('Pay Now through the sandbox', () => {
  it('opens a TEST MODE page for the order, approves it, and the order is Paid through the signed callback', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0010']);
    const r = await payNow(refno);
    expect(r.status).toBe(200);
    expect(r.json.url).toMatch(/^https:\/\/shop\.example\.my\/payment\/sandbox\/sbx_/);
    expect((await statusOf(refno)).status).toBe('Processing Payment');
    const row = await attempt(r.json.payment_id);
    expect([row.status, row.provider, row.amountSen > 0]).toEqual(['created', 'sandbox', true]);

    // A second click while the page is open hands out the same page.
    expect((await payNow(refno)).json.url).toBe(r.json.url);

    const back = await choose(r.json.url, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`https://shop.example.my/payment/return?order=${refno}&result=done`);
    expect((await statusOf(refno)).status).toBe('Paid');
    expect((await attempt(r.json.payment_id)).status).toBe('paid');
    const history = await orderHistory(h.db, refno);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['Pending', 'Processing Payment', 'member'],
      ['Processing Payment', 'Paid', 'provider'],
    ]);

    // The page cannot be used twice, and a paid order cannot be paid again.
    const again = await choose(r.json.url, 'approve');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('This payment is approved');
    const payAgain = await payNow(refno);
    expect([payAgain.status, payAgain.json.Error]).toEqual([409, 'This order cannot be paid any more.']);
  });

  it('leaves a declined order To Pay, and a second attempt pays it', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0011']);
    const first = await payNow(refno);
    await choose(first.json.url, 'decline');
    expect((await statusOf(refno)).status).toBe('Pending');
    expect((await attempt(first.json.payment_id)).status).toBe('failed');
    const state = await h.call(`payment_request_sandbox/${M}?order_refno=${refno}`, { token });
    expect(state.json.data).toMatchObject({ order_status: 'Pending', payment: { payment_id: first.json.payment_id, status: 'failed' } });

    const second = await payNow(refno);
    expect(second.json.payment_id).not.toBe(first.json.payment_id);
    await choose(second.json.url, 'approve');
    expect((await statusOf(refno)).status).toBe('Paid');
  });

  it('reconciles a payment whose callback was lost when the member polls', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0012']);
    const r = await payNow(refno);
    const lost: SandboxPageDeps = { ...deps(), send: async () => new Response('down', { status: 503 }) };
    const id = new URL(r.json.url).pathname.split('/').pop()!;
    await chooseSandboxOutcome(lost, id, new Request(r.json.url, { method: 'POST', body: new URLSearchParams({ outcome: 'approve' }) }));
    expect((await statusOf(refno)).status).toBe('Processing Payment');
    const state = await h.call(`payment_request_sandbox/${M}?order_refno=${refno}`, { token });
    expect(state.json.data).toMatchObject({ order_status: 'Paid', payment: { status: 'paid' } });
  });
});

describe('an attempt whose provider call never finished', () => {
  it('answers "opening" to a second click for a minute, then replaces the attempt', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0022']);
    const [order] = await h.db.select().from(orders).where(eq(orders.orderRefno, refno));
    await h.db.insert(payments).values({ paymentId: 'pay_stuck', orderRefno: refno, provider: 'sandbox', amountSen: order!.amountSen, status: 'created' });
    const busy = await payNow(refno);
    expect([busy.status, busy.json.Error]).toEqual([409, 'The payment page is opening. Please wait a moment.']);
    await h.db.update(payments).set({ createdAt: new Date(clock.ms() - 61_000) }).where(eq(payments.paymentId, 'pay_stuck'));
    const fresh = await payNow(refno);
    expect(fresh.status).toBe(200);
    expect((await attempt('pay_stuck')).status).toBe('cancelled');
  });
});

describe('provider callbacks', () => {
  it('applies the same event ×10 at most once', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0013']);
    const r = await payNow(refno);
    const row = await attempt(r.json.payment_id);
    const { body, signature } = callback({ id: 'evt_same_10', type: 'payment.approved', ref: row.providerRef!, amount: row.amountSen });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const outcomes = (await Promise.all(answers.map((a) => a.json() as Promise<{ outcome: string }>))).map((a) => a.outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect((await orderHistory(h.db, refno)).filter((e) => e.toStatus === 'Paid')).toHaveLength(1);
    expect(await h.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_same_10'))).toHaveLength(1);
  });

  it('refuses a tampered, stale, unsigned or wrongly signed callback with 400, and nothing changes', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0014']);
    const r = await payNow(refno);
    const row = await attempt(r.json.payment_id);
    const good = callback({ id: 'evt_tamper', type: 'payment.approved', ref: row.providerRef!, amount: row.amountSen });
    const tampered = good.body.replace(`"amount":${row.amountSen}`, `"amount":${row.amountSen + 100}`);
    const stale = callback({ id: 'evt_stale', type: 'payment.approved', ref: row.providerRef!, amount: row.amountSen }, new Date(clock.ms() - 301_000));
    const wrongKey = `t=${Math.floor(clock.ms() / 1000)},v1=${'0'.repeat(64)}`;
    for (const [body, sig, reason] of [
      [tampered, good.signature, 'signature_invalid'],
      [stale.body, stale.signature, 'timestamp_stale'],
      [good.body, undefined, 'signature_missing'],
      [good.body, wrongKey, 'signature_invalid'],
      [good.body, 'garbage', 'signature_missing'],
    ] as const) {
      const a = await post(body, sig);
      expect(a.status).toBe(400);
      expect(((await a.json()) as { Error: string }).Error).toContain(reason);
    }
    expect((await statusOf(refno)).status).toBe('Processing Payment');
    expect(await h.db.select().from(paymentEvents).where(sql`${paymentEvents.eventId} in ('evt_tamper','evt_stale')`)).toHaveLength(0);
    // The genuine one still works afterwards.
    expect((await post(good.body, good.signature)).status).toBe(200);
    expect((await statusOf(refno)).status).toBe('Paid');
  });

  it('flags a payment whose amount or currency differs from the order, and does not mark it Paid', async () => {
    for (const [i, wrong] of [[0, { amountDelta: -100, currency: 'MYR' }], [1, { amountDelta: 0, currency: 'SGD' }]] as const) {
      const refno = await placePickupOrder(h, token, M, [`P002${i}`]);
      const r = await payNow(refno);
      const row = await attempt(r.json.payment_id);
      const { body, signature } = callback({ id: `evt_mismatch_${i}`, type: 'payment.approved', ref: row.providerRef!, amount: row.amountSen + wrong.amountDelta, currency: wrong.currency });
      expect(((await (await post(body, signature)).json()) as { outcome: string }).outcome).toBe('flagged');
      expect(await statusOf(refno)).toEqual({ status: 'Processing Payment', flag: 'amount_mismatch' });
      expect((await attempt(r.json.payment_id)).flag).toBe('amount_mismatch');
    }
  });

  it('answers 404 for a provider the shop does not run', async () => {
    const a = await h.app.fetch(new Request(`http://x${API_BASE}/payment_webhook_stripe`, { method: 'POST', body: '{}' }));
    expect(a.status).toBe(404);
  });
});

describe('who may pay', () => {
  it("refuses another member's order (404) and another member's path (403), changing nothing", async () => {
    const refno = await placePickupOrder(h, token, M, ['P0015']);
    const [other] = await createMembers(h, 1, 'Q');
    const theirs = await payNow(refno, other!);
    expect([theirs.status, theirs.json.Error]).toEqual([404, 'Order not found.']);
    expect((await h.call(`payment_request_sandbox/${other!.member}?order_refno=${refno}`, { token: other!.token })).status).toBe(404);
    expect((await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}`, { token: other!.token })).status).toBe(403);
    expect((await h.call(`update_order_status_paid/${other!.member}`, { token: other!.token, body: { order_refno: refno } })).status).toBe(404);
    expect(await statusOf(refno)).toEqual({ status: 'Pending', flag: null });
    expect(await h.db.select().from(payments).where(eq(payments.orderRefno, refno))).toHaveLength(0);
  });

  it('answers 404 for the provider the shop does not run, and 400 for a return origin that is not this shop’s', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0016']);
    expect((await h.call(`get_update_order_status_paid_stripe_url/${M}/${refno}`, { token })).status).toBe(404);
    const bad = await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}?return_origin=${encodeURIComponent('https://evil.example/phish')}`, { token });
    expect(bad.status).toBe(400);
    // Another site's origin, however well formed: never a way back for the shopper.
    for (const origin of ['https://evil.example', 'http://shop.example.my', 'https://shop.example.my.evil.example', 'http://localhost:4321']) {
      const r = await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}?return_origin=${encodeURIComponent(origin)}`, { token });
      expect([origin, r.status]).toEqual([origin, 400]);
    }
    expect((await statusOf(refno)).status).toBe('Pending');
  });
});

describe('zero-amount orders', () => {
  it('confirms only an order whose total is 0', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0017']);
    const refused = await h.call(`update_order_status_paid/${M}`, { token, body: { order_refno: refno } });
    expect([refused.status, refused.json.Error]).toEqual([409, 'This order must be paid online.']);
    expect((await statusOf(refno)).status).toBe('Pending');

    await h.db.update(orders).set({ amountSen: 0 }).where(eq(orders.orderRefno, refno));
    expect((await payNow(refno)).status).toBe(409);
    const ok = await h.call(`update_order_status_paid/${M}`, { token, body: { order_refno: refno } });
    expect([ok.status, ok.json.Status]).toEqual([200, 1]);
    expect((await statusOf(refno)).status).toBe('Paid');
    expect((await orderHistory(h.db, refno)).at(-1)).toMatchObject({ toStatus: 'Paid', actor: 'system' });
    // A retried confirm is answered as done.
    expect((await h.call(`update_order_status_paid/${M}`, { token, body: { order_refno: refno } })).status).toBe(200);
  });
});

describe('expiry of unpaid orders', () => {
  it('cancels orders past the payment window, gives their stock back, once, even when several instances run it', async () => {
    const late = await placePickupOrder(h, token, M, ['P0018']);
    const fresh = await placePickupOrder(h, token, M, ['P0019']);
    const r = await payNow(late);
    await h.db.update(orders).set({ createdAt: new Date(clock.ms() - 31 * 60_000) }).where(eq(orders.orderRefno, late));
    expect(await stockAt(h, 'S001', 'P0018')).toBe(19);
    const runs = await Promise.all(Array.from({ length: 5 }, () => expireUnpaidOrders(h.db, { windowMinutes: 30 })));
    expect(runs.flat().filter((x) => x === late)).toHaveLength(1);
    expect(runs.flat()).not.toContain(fresh);
    expect((await statusOf(late)).status).toBe('Cancelled');
    expect((await statusOf(fresh)).status).toBe('Pending');
    expect(await stockAt(h, 'S001', 'P0018')).toBe(20);
    expect((await orderHistory(h.db, late)).at(-1)).toMatchObject({ toStatus: 'Cancelled', actor: 'system', reason: 'payment window expired' });

    // The sandbox page of the expired order is no longer payable, and Pay Now is refused.
    await h.db.update(sandboxPayments).set({ expiresAt: new Date(clock.ms() - 1000) }).where(eq(sandboxPayments.reference, late));
    expect((await choose(r.json.url, 'approve')).status).toBe(200);
    expect((await payNow(late)).status).toBe(409);
    expect(await expireUnpaidOrders(h.db, { windowMinutes: 30 })).not.toContain(late);
  });

  it('flags a payment that arrives after the order was cancelled', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0021']);
    const r = await payNow(refno);
    const row = await attempt(r.json.payment_id);
    await h.db.update(orders).set({ createdAt: new Date(clock.ms() - 31 * 60_000) }).where(eq(orders.orderRefno, refno));
    await expireUnpaidOrders(h.db, { windowMinutes: 30 });
    const { body, signature } = callback({ id: 'evt_after_cancel', type: 'payment.approved', ref: row.providerRef!, amount: row.amountSen });
    expect(((await (await post(body, signature)).json()) as { outcome: string }).outcome).toBe('flagged');
    expect(await statusOf(refno)).toEqual({ status: 'Cancelled', flag: 'paid_after_cancel' });
  });
});
