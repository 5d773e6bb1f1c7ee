/**
 * Metrics, logs and readiness of the built server (issue "Safe to run in production" §6;
 * scripts/serve.mjs, src/server/http/metrics.ts, README Metrics, Logs and Health):
 * - after a checkout through the bundled API (a pick-up order paid in the sandbox), `/metrics` read
 *   with METRICS_TOKEN shows the order, the payment, the page cache's hit and the request counts
 *   by route pattern, counted by the app and the server into one registry; without the token, or
 *   with another, `/metrics` is refused;
 * - a page answered from the page cache has its own request log line, with the client IP as
 *   TRUST_PROXY resolves it;
 * - with the database gone, a cached catalogue page is still served while `/readyz` says 503;
 * - with Redis on a port where nothing listens, `/readyz` answers 503 naming Redis.
 * Needs TEST_DATABASE_URL (a user allowed to CREATE DATABASE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { formatAmount, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort, freshDatabase, tcpRelay } from './processes';

const API = '/api/mobile_ecom/xs_api.php';
const KEY = { 'x-api-key': 'xs-local-dev-key', 'content-type': 'application/json' };
const TOKEN = 'metrics-test-token-0123456789abcdef';
const DEMO = { mobile: '0123456789', password: 'demo1234' };
const SECRET = 'metrics-test-secret-0123456789abcdef';

/** The value of one sample of the Prometheus text `text`, e.g. sample(text, 'xs_orders_placed_total{fulfilment="PICKUP"}'); 0 when absent. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** The JSON lines of a process's output. */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

test('after a checkout, /metrics (with its token) shows the order, the payment and the page cache; a cached page is logged with the client IP, and still served with the database gone', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set TEST_DATABASE_URL (PostgreSQL, allowed to CREATE DATABASE) for the metrics test.');
  const database = await freshDatabase(adminUrl, 'xs_metrics');
  // The shop reaches PostgreSQL through a relay the test can cut.
  const relay = await tcpRelay(Number(new URL(adminUrl).port || 5432), new URL(adminUrl).hostname);
  const viaRelay = new URL(database.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  const shop = startShop({
    port: await freePort(),
    env: { DATABASE_URL: viaRelay.toString(), SESSION_SECRET: SECRET, METRICS_TOKEN: TOKEN, TRUST_PROXY: '1', PICTURE_WARMUP: 'false', REDIS_URL: '', LOG_LEVEL: 'info' },
  });
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await shop.ready(90_000);
    const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
      const r = await fetch(`${shop.url}/metrics`, { headers });
      return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
    };

    // Refused without the token, and with another one.
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer not-the-metrics-token-at-all' })).status).toBe(401);
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toContain('text/plain');

    // A catalogue page twice, through a proxy that saw the client as 203.0.113.9: a miss, then a hit.
    const page = '/product/P0011';
    const fromClient = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(shop.url + page, { headers: fromClient })).status).toBe(200);
    const second = await fetch(shop.url + page, { headers: fromClient });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');

    // A checkout through the bundled API: the demo member orders one product for pick-up, then pays in the sandbox.
    const [store] = await sql<{ store_code: string; store_no: string }[]>`select store_code, store_no from stores where is_active and store_pickdel in ('PICKUP', 'BOTHPD') order by store_code limit 1`;
    await sql`update store_stock set quantity = 50 where store_code = ${store!.store_code} and product_code = 'P0011'`;
    const post = (p: string, body: unknown, headers: Record<string, string> = KEY) => fetch(`${shop.url}${API}/${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const login = (await (await post('customer_login', [DEMO])).json()) as { member_code: string; token: string };
    const auth = { ...KEY, authorization: `Bearer ${login.token}` };
    const detail = (await (await fetch(`${shop.url}${API}/product_detail/P0011?pickupstore=${store!.store_no}`, { headers: KEY })).json()) as { data: { final_price: string } };
    const priceSen = toSen(detail.data.final_price);
    const settings = ((await (await fetch(`${shop.url}${API}/self_pickup_min_time`, { headers: KEY })).json()) as { data: Parameters<typeof earliestPickupDate>[0] }).data;
    const now = new Date();
    const date = earliestPickupDate(settings, now)!;
    const totals = orderTotals({ subtotalSen: priceSen, deliverySen: 0 });
    const placed = await post(
      `add_order/${login.member_code}`,
      {
        idempotency_key: `metrics-${Date.now()}`, order_del_type: 'PICKUP', store: store!.store_no,
        order_amount: formatAmount(totals.totalSen), order_rounding: formatAmount(totals.roundingSen), order_delivery_charges: '0.00', order_voucher_amount: '0.00',
        order_del_pickup_date: date, order_del_pickup_time: pickupTimeSlots(date, settings, now)[0],
        product: [{ product_code: 'P0011', product_quantity: 1, product_price: formatAmount(priceSen), product_amount: formatAmount(priceSen) }],
      },
      auth,
    );
    const order = (await placed.json()) as { order_refno: string };
    expect(placed.status, JSON.stringify(order)).toBe(200);
    const pay = (await (await fetch(`${shop.url}${API}/get_update_order_status_paid_sandbox_url/${login.member_code}/${order.order_refno}`, { headers: auth })).json()) as { url: string };
    const hosted = new URL(pay.url);
    const approved = await fetch(`${shop.url}${hosted.pathname}`, { method: 'POST', redirect: 'manual', headers: { origin: shop.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ outcome: 'approve' }) });
    expect(approved.status).toBeLessThan(400);
    const [paid] = await sql<{ status: string }[]>`select status from orders where order_refno = ${order.order_refno}`;
    expect(paid!.status).toBe('Paid');

    // The app's counters (orders, payments, the pool) and the server's (page cache, requests) in one scrape.
    const after = await scrape();
    const moved = (name: string) => sample(after.text, name) - sample(before.text, name);
    expect(moved('xs_orders_placed_total{fulfilment="PICKUP"}')).toBe(1);
    expect(moved('xs_payment_events_total{provider="sandbox",kind="paid",outcome="applied"}')).toBe(1);
    expect(moved('xs_page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(moved('xs_page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after.text, 'xs_page_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(moved('xs_http_request_duration_seconds_count{method="GET",route="/product/[product_no]",status="200"}')).toBe(2);
    expect(moved(`xs_http_request_duration_seconds_count{method="POST",route="${API}/add_order/:member",status="200"}`)).toBe(1);
    expect(sample(after.text, 'xs_db_pool_max_connections{driver="postgres"}')).toBe(10);
    expect(after.text).toContain('nodejs_eventloop_lag_seconds');
    expect(after.text).toContain('xs_order_expiry_runs_total{result="ok"}');
    // Labels are route patterns, never raw URLs.
    expect(after.text).not.toContain(`route="${page}"`);
    expect(after.text).not.toContain(order.order_refno);

    // The cached page's own log line, with the client IP the proxy saw.
    const lines = jsonLines(shop.output()).filter((l) => l.msg === 'request' && l.path === page);
    expect(lines.map((l) => l.cache)).toEqual(['MISS', 'HIT']);
    expect(lines.map((l) => l.ip)).toEqual(['203.0.113.9', '203.0.113.9']);
    expect(lines[1]).toMatchObject({ route: '/product/[product_no]', status: 200, method: 'GET' });
    expect(typeof lines[1]!.ms).toBe('number');

    // The database goes away: readiness says so, the cached page is still served.
    await relay.cut();
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', database: expect.stringMatching(/unreachable|timeout/) });
    const cached = await fetch(shop.url + page);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toMatch(/HIT|STALE/);
    expect(await cached.text()).toContain('P0011');
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  } finally {
    await shop.stop('SIGKILL');
    await sql.end();
    await relay.cut().catch(() => {});
    await database.drop();
  }
});

test('with Redis on a port where nothing listens, /readyz answers 503 naming Redis', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-readyz-'));
  const deadRedis = await freePort();
  const shop = startShop({
    port: await freePort(),
    env: { DATA_DIR: path.join(dir, 'pglite'), SESSION_SECRET: SECRET, SEED_DEMO_DATA: 'false', REDIS_URL: `redis://127.0.0.1:${deadRedis}/9`, PICTURE_WARMUP: 'false' },
  });
  try {
    // The embedded database opens on the first request: wait until readiness finds it.
    let body: { status?: string; database?: string; redis?: string } = {};
    let status = 0;
    for (let i = 0; i < 120 && body.database !== 'ok'; i++) {
      const r = await fetch(`${shop.url}/readyz`).catch(() => null);
      status = r?.status ?? 0;
      body = r ? ((await r.json().catch(() => ({}))) as typeof body) : {};
      if (body.database !== 'ok') await new Promise((res) => setTimeout(res, 500));
    }
    expect(body.database).toBe('ok');
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'not_ready', redis: expect.stringMatching(/unreachable|timeout/) });
    // The shop itself answers meanwhile: its limits count in memory.
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  } finally {
    await shop.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
