/**
 * Order news on the member's devices (Web Push; ADR 32): switching it on and off per device, the
 * checks on what a browser sends (4xx, never 500), and the rule: one push per status change the
 * member is told of (ready for collection, out for delivery, short pick, cancelled, payment
 * failed), to each device with order news on, in the member's language, sent after the change
 * committed, through a push service on this machine (./push-service.ts) that receives the
 * encrypted message as FCM would. A device switched off gets nothing; a push service answering 410
 * ends the subscription; a push service that is down never fails the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_API_KEY, TEST_PAYMENT_SECRET, type Harness } from './harness';
import { placePickupOrder, payInSandbox } from './place-order';
import { startPushService, type TestPushService } from './push-service';
import { createXsApi } from '../../src/server/xs-api/app';
import { webPushSender } from '../../src/server/xs-api/adapters/push';
import { outboxSms } from '../../src/server/xs-api/adapters/sms';
import { outboxDispatcher } from '../../src/server/xs-api/services/push/outbox';
import { customers, notifications, orders, pushOutbox, pushSubscriptions, shopKeys } from '../../src/server/xs-api/db/schema';
import { chooseSandboxOutcome } from '../../src/server/payment-sandbox/page';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';

let h: Harness;
let service: TestPushService;
let token: string;
let staff: { token: string };
let hq: { token: string };
const M = DEMO_MEMBER.memberCode;
const push = webPushSender({ subject: 'mailto:test@example.com' });
const dispatcher = outboxDispatcher({ db: async () => h.db, push, sms: outboxSms(), siteUrl: 'https://shop.example.my' });

beforeAll(async () => {
  service = await startPushService();
  h = await createHarness({ allowAnyPushEndpoint: true, push, outbox: dispatcher });
  ({ token } = await h.login());
  staff = await h.staff({ outlets: ['S001'] });
  hq = await h.staff({ role: 'hq' });
  await h.db.update(customers).set({ language: 'zh' }).where(eq(customers.memberCode, M));
});
afterAll(async () => {
  await dispatcher.idle();
  await h.close();
  await service.close();
});

const subscribe = (body: unknown, as = token) => h.call(`push_subscribe/${M}`, { token: as, body });
const unsubscribe = (endpoint: string) => h.call(`push_unsubscribe/${M}`, { token, body: { endpoint } });

describe('the public key', () => {
  it('is made once, kept in the database, and the same on every call', async () => {
    const a = await h.call('push_public_key');
    const b = await h.call('push_public_key');
    expect(a.status).toBe(200);
    expect(a.json.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.json.public_key).toBe(a.json.public_key);
    const [row] = await h.db.select().from(shopKeys).where(eq(shopKeys.name, 'vapid'));
    expect(JSON.parse(row!.value).publicKey).toBe(a.json.public_key);
  });
});

describe('switching order news on and off', () => {
  it('keeps one row per device: the same subscription twice is one', async () => {
    const d = service.device('twice');
    expect((await subscribe({ ...d.subscription, user_agent: 'Chrome on Android', language: 'zh' })).json).toMatchObject({ Status: 1, subscribed: true });
    const again = await subscribe({ ...d.subscription, user_agent: 'Chrome on Android', language: 'zh' });
    expect(again.status).toBe(200);
    const rows = await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ memberCode: M, userAgent: 'Chrome on Android', language: 'zh' });
    const off = await unsubscribe(d.subscription.endpoint);
    expect(off.json).toMatchObject({ Status: 1, subscribed: false });
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.subscription.endpoint))).toHaveLength(0);
    expect((await unsubscribe(d.subscription.endpoint)).status).toBe(200);
  });

  it('needs the member’s session', async () => {
    const d = service.device('nobody');
    expect((await h.call(`push_subscribe/${M}`, { body: d.subscription })).status).toBe(401);
    expect((await h.call(`push_unsubscribe/${M}`, { body: { endpoint: d.subscription.endpoint } })).status).toBe(401);
  });

  it('refuses what no browser sends with a 4xx in the caller’s language, never a 500', async () => {
    const good = service.device('checks').subscription;
    const bad: [string, unknown][] = [
      ['not a URL', { ...good, endpoint: 'not a url' }],
      ['ftp', { ...good, endpoint: 'ftp://push.example.com/x' }],
      ['NUL in the endpoint', { ...good, endpoint: `${good.endpoint}\u0000x` }],
      ['NUL in the label', { ...good, user_agent: 'Chrome\u0000' }],
      ['a huge endpoint', { ...good, endpoint: `${good.endpoint}/${'x'.repeat(5000)}` }],
      ['a huge label', { ...good, user_agent: 'x'.repeat(10_000) }],
      ['a key that is no P-256 point', { ...good, keys: { ...good.keys, p256dh: 'abc' } }],
      ['a short auth secret', { ...good, keys: { ...good.keys, auth: 'AAAA' } }],
      ['no keys', { endpoint: good.endpoint }],
      ['an unknown language', { ...good, language: 'fr' }],
      ['not an object', 'x'],
    ];
    for (const [what, body] of bad) {
      const r = await subscribe(body);
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.status, what).toBeLessThan(500);
      expect(r.json.Status, what).toBe(0);
    }
    const huge = await h.call(`push_subscribe/${M}`, { token, body: JSON.stringify({ ...good, user_agent: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    const nul = await h.call(`push_unsubscribe/${M}`, { token, body: { endpoint: 'x\u0000' } });
    expect(nul.status).toBe(400);
    const zh = await h.call(`push_subscribe/${M}`, { token, body: { ...good, keys: { ...good.keys, auth: 'AAAA' } }, headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toMatch(/[\u4e00-\u9fff]/);
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, good.endpoint))).toHaveLength(0);
  });

  it('outside tests, only an https push service: no IP address, localhost or local name', async () => {
    const strict = createXsApi({ db: h.db, apiKey: TEST_API_KEY, paymentSecret: TEST_PAYMENT_SECRET, geocoder: null, push, outbox: dispatcher });
    const call = async (endpoint: string, lang = 'en') => {
      const keys = service.device('strict').subscription.keys;
      const res = await strict.request(`${API_BASE}/push_subscribe/${M}`, {
        method: 'POST',
        headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ endpoint, keys }),
      });
      return { status: res.status, json: (await res.json()) as { Status: number; Error?: string } };
    };
    for (const endpoint of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://10.0.0.5/x', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://printer.local/x', 'https://db.internal/x', 'https://user:pw@fcm.googleapis.com/x', service.device('local').subscription.endpoint]) {
      const r = await call(endpoint);
      expect(r.status, endpoint).toBe(400);
      expect(r.json.Error, endpoint).toBe('This device’s push address is not accepted.');
    }
    expect((await call('https://10.0.0.5/x', 'ar')).json.Error).toBe('عنوان الإشعارات لهذا الجهاز غير مقبول.');
    const fcm = 'https://fcm.googleapis.com/fcm/send/abc123';
    expect((await call(fcm)).status).toBe(200);
    expect((await unsubscribe(fcm)).json.devices).toBe(0);
  });
});

describe('order news: once per status change, in the member’s language', () => {
  it('a ready order reaches each device once; a change that lost the race, a device switched off and the member’s own cancel send nothing', async () => {
    const a = service.device('phone');
    const b = service.device('laptop');
    expect((await subscribe({ ...a.subscription, language: 'en' })).status).toBe(200);
    expect((await subscribe(b.subscription)).status).toBe(200);

    const refno = await placePickupOrder(h, token, M, ['P0001']);
    await payInSandbox(h, { member: M, token }, refno);
    await dispatcher.idle();
    expect(a.received()).toHaveLength(0); // Paid is not sent to devices

    const ready = await h.call('ops/order_status', { token: staff.token, body: { order_refno: refno, to: 'Ready To Pickup' } });
    expect(ready.status).toBe(200);
    const lost = await h.call('ops/order_status', { token: staff.token, body: { order_refno: refno, to: 'Ready To Pickup' } });
    expect(lost.status).toBe(409);
    await dispatcher.idle();
    for (const device of [a, b]) {
      const got = device.received();
      expect(got).toHaveLength(1);
      // The member's language (ZH), whatever the page was when the device was switched on.
      expect(got[0]).toMatchObject({ title: '订单可取货', url: `/zh/account/orders/${refno}`, tag: `order-${refno}` });
      expect(got[0]!.body).toContain(refno);
      expect(got[0]!.body).toContain('取货码');
    }
    expect(await h.db.select().from(pushOutbox)).toHaveLength(0);
    // The request carried what a push service needs: encrypted content, a lifetime and the VAPID signature.
    const sent = service.requests.find((r) => r.path === '/push/phone')!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(sent.headers.ttl)).toBeGreaterThan(0);
    expect(sent.headers.authorization).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]{87}$/);

    expect((await unsubscribe(b.subscription.endpoint)).status).toBe(200);
    const cancelled = await h.call('ops/order_cancel', { token: hq.token, body: { order_refno: refno, reason: 'outlet closed' } });
    expect(cancelled.status).toBe(200);
    await dispatcher.idle();
    expect(a.received()).toHaveLength(2);
    expect(a.received()[1]).toMatchObject({ title: '订单已取消', tag: `order-${refno}` });
    expect(b.received()).toHaveLength(1);

    // The member cancels an unpaid order: the feed says so, the devices are not told.
    const own = await placePickupOrder(h, token, M, ['P0002']);
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: own } })).status).toBe(200);
    await dispatcher.idle();
    expect(a.received()).toHaveLength(2);
    const feed = await h.db.select().from(notifications).where(eq(notifications.memberCode, M));
    expect(feed.some((n) => n.params?.order_refno === own && n.params?.status === 'Cancelled')).toBe(true);
    await unsubscribe(a.subscription.endpoint);
  });

  it('a failed payment is sent in Arabic to an Arabic member; a push service answering 410 ends that subscription', async () => {
    await h.db.update(customers).set({ language: 'ar' }).where(eq(customers.memberCode, M));
    const a = service.device('tablet');
    const gone = service.device('old-phone', { gone: true });
    await subscribe(a.subscription);
    await subscribe(gone.subscription);
    const refno = await placePickupOrder(h, token, M, ['P0003']);
    const r = await h.call(`get_update_order_status_paid_sandbox_url/${M}/${refno}`, { token });
    const id = new URL(r.json.url).pathname.split('/').pop()!;
    const deps = { db: async () => h.db, secret: TEST_PAYMENT_SECRET, webhookUrl: `http://x${API_BASE}/payment_webhook_sandbox`, send: async (q: Request) => h.app.fetch(q) };
    await chooseSandboxOutcome(deps, id, new Request(r.json.url, { method: 'POST', body: new URLSearchParams({ outcome: 'decline' }) }));
    await dispatcher.idle();
    const got = a.received();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: 'لم يكتمل الدفع', url: `/ar/account/orders/${refno}` });
    expect(got[0]!.body).toContain(refno);
    expect(service.requests.filter((q) => q.path === '/gone/old-phone')).toHaveLength(1);
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint))).toHaveLength(0);
    await unsubscribe(a.subscription.endpoint);
    await h.db.update(customers).set({ language: 'zh' }).where(eq(customers.memberCode, M));
  });

  it('a push service that is down never fails or holds up the change', async () => {
    await subscribe({ endpoint: 'http://127.0.0.1:9/push/down', keys: service.device('down').subscription.keys });
    const refno = await placePickupOrder(h, token, M, ['P0004']);
    await payInSandbox(h, { member: M, token }, refno);
    const ready = await h.call('ops/order_status', { token: staff.token, body: { order_refno: refno, to: 'Ready To Pickup' } });
    expect(ready.status).toBe(200);
    await dispatcher.idle();
    const [order] = await h.db.select({ status: orders.status }).from(orders).where(eq(orders.orderRefno, refno));
    expect(order!.status).toBe('Ready To Pickup');
    // Kept: a refused connection is not the push service saying the subscription is gone.
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'http://127.0.0.1:9/push/down'))).toHaveLength(1);
  });
});
