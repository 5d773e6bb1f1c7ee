/**
 * Two instances, one killed under load (issue "Hardened for the open internet" §11): two built
 * servers on loopback share a fresh PostgreSQL database and Redis. Members register and log in,
 * fill carts and place pick-up orders through both instances (cart on one, order on the other);
 * one instance is killed with SIGKILL mid-load and the shoppers carry on against the other, a
 * request cut by the kill retried there with the same idempotency key, as an app would. Then:
 * every order confirmed to a shopper is in the database, no submit made two orders, the stock
 * taken equals the units ordered, and sessions made on the dead instance still work on the other.
 * Prints the figures. Needs TEST_DATABASE_URL (a user allowed to CREATE DATABASE) and TEST_REDIS_URL.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import postgres from 'postgres';
import { formatAmount, toSen } from '../../src/domain/money';
import { orderTotals } from '../../src/domain/totals';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { sharedEnv, startShop } from '../../scripts/two-instances.mjs';
import { freePort, freshDatabase } from './processes';

const API = '/api/mobile_ecom/xs_api.php';
const KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
const SHOPPERS = 8;
/** Load before the kill, and after it on the surviving instance (ms). */
const BEFORE_KILL_MS = 5_000;
const AFTER_KILL_MS = 5_000;
const STOCK = 100_000;

type Member = { member: string; token: string; mobile: string };
type Line = { code: string; priceSen: number; quantity: number };
type Settings = Parameters<typeof earliestPickupDate>[0];

/** A connection cut or refused (the killed instance), as opposed to an answer from the shop. */
const cut = (err: unknown) => /ECONNREFUSED|ECONNRESET|socket hang up|EPIPE|other side closed/i.test(String((err as Error)?.message ?? err));

test('two instances on PostgreSQL and Redis, one killed mid-load: 0 confirmed orders lost, none doubled, stock consistent, sessions valid on both', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('Set TEST_DATABASE_URL (PostgreSQL, allowed to CREATE DATABASE) and TEST_REDIS_URL (Redis) for the two-instance test.');
  const database = await freshDatabase(adminUrl, 'xs_two_instances');
  const env = { ...sharedEnv({}), DATABASE_URL: database.url, REDIS_URL: redisUrl, DATABASE_POOL_SIZE: '5',
    // This run's own limit counts in the shared Redis; the load comes from one loopback address and
    // each shopper orders far more than the per-member limit allows a real one.
    RATE_LIMIT_KEY_PREFIX: `xs-two-${Date.now()}`, RATE_LIMIT_EXEMPT_IPS: '127.0.0.1,::1,::ffff:127.0.0.1', RATE_LIMIT_SCALE: '100',
    // Every order goes to the same pick-up slot: its capacity is not what this test is about (tests/api/slot-capacity.test.ts is).
    PICKUP_SLOT_CAPACITY: '10000' };
  // Started together: migrations and the demo seed take turns under advisory locks.
  const a = startShop({ port: await freePort(), env });
  const b = startShop({ port: await freePort(), env });
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const contexts: APIRequestContext[] = [];
  try {
    await Promise.all([a.ready(90_000), b.ready(90_000)]);
    const [ctxA, ctxB] = await Promise.all([a, b].map((s) => playwrightRequest.newContext({ baseURL: s.url })));
    contexts.push(ctxA!, ctxB!);
    let requests = 0;
    let aDead = false;
    const on = (i: number) => (aDead || i % 2 === 1 ? ctxB! : ctxA!);
    /** One API call on instance `i % 2` (B once A is dead); a cut connection is retried on B. */
    async function call(i: number, method: 'get' | 'post', path: string, headers: Record<string, string>, data?: unknown) {
      for (let attempt = 0; ; attempt++) {
        requests++;
        try {
          const res = await on(i + attempt)[method](`${API}/${path}`, { headers, data, timeout: 20_000 });
          return { status: res.status(), json: await res.json().catch(() => null) };
        } catch (err) {
          if (!cut(err) || attempt > 5) throw err;
          retriedAfterCut++;
        }
      }
    }
    let retriedAfterCut = 0;

    // The catalogue: a pick-up store and three products, priced through the API; plenty of stock.
    const [store] = await sql<{ store_code: string; store_no: string }[]>`select store_code, store_no from stores where is_active and store_pickdel in ('PICKUP', 'BOTHPD') order by store_code limit 1`;
    const products: { code: string; priceSen: number }[] = [];
    for (const code of ['P0011', 'P0012', 'P0013']) {
      const r = await call(products.length, 'get', `product_detail/${code}?pickupstore=${store!.store_no}`, KEY);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      products.push({ code, priceSen: toSen(r.json.data.final_price) });
    }
    await sql`update store_stock set quantity = ${STOCK} where store_code = ${store!.store_code} and product_code in ${sql(products.map((p) => p.code))}`;
    const settings = (await call(0, 'get', 'self_pickup_min_time', KEY)).json.data as Settings;

    // Members register on one instance and log in on the other.
    const members: Member[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const mobile = `012${String(7_000_000 + Math.floor(Math.random() * 999_999) + i).slice(0, 7)}`;
      const reg = await call(i, 'post', 'insert_customer', KEY, { customer_firstname: `Shopper ${i}`, customer_mobile: mobile, password: 'secret12', confirm_password: 'secret12', customer_email: '', bill_platform: 'website' });
      expect(reg.status, JSON.stringify(reg.json)).toBe(200);
      // A new number is verified before its first order: the code is in the outbox (no SMS gateway here).
      const [sms] = await sql<{ message: string }[]>`select message from sms_outbox where to_number = ${'6' + mobile} order by id desc limit 1`;
      const code = /\b(\d{6})\b/.exec(sms?.message ?? '')?.[1];
      const verified = await call(i, 'post', 'verify_phone', KEY, { mobile, code });
      expect(verified.status, JSON.stringify(verified.json)).toBe(200);
      const login = await call(i + 1, 'post', 'customer_login', KEY, [{ mobile, password: 'secret12' }]);
      expect(login.status, JSON.stringify(login.json)).toBe(200);
      members.push({ member: login.json.member_code, token: login.json.token, mobile });
    }

    // The storefront's own login form on A: its sealed cookie is a live session on B too.
    const webLogin = await fetch(`${a.url}/login?_action=access.login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: a.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mobile: members[0]!.mobile, password: 'secret12', redirect: '' }),
    });
    expect(webLogin.status).toBe(303);
    const cookie = webLogin.headers.getSetCookie().find((c) => c.startsWith('xs_session='))!.split(';')[0]!;
    const meOn = async (url: string) => ((await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as { profile: { member_code: string } | null }).profile;
    expect((await meOn(b.url))?.member_code).toBe(members[0]!.member);
    // An API session issued by A, checked on B after A is gone.
    const loginOnA = await ctxA!.post(`${API}/customer_login`, { headers: KEY, data: [{ mobile: members[1]!.mobile, password: 'secret12' }] });
    expect(loginOnA.status()).toBe(200);
    const sessionFromA = (await loginOnA.json()) as { member_code: string; token: string };

    // The load: each shopper fills the cart and orders, alternating instances request by request.
    const confirmed = new Map<string, string>(); // idempotency key → order_refno
    const started = Date.now();
    let stopAt = Infinity;
    /** The add_order body for `lines` at the store, in the earliest pick-up slot, priced as a client prices it. */
    function orderBody(key: string, lines: Line[]) {
      const t = orderTotals({ subtotalSen: lines.reduce((s, l) => s + l.priceSen * l.quantity, 0), deliverySen: 0 });
      const now = new Date();
      const date = earliestPickupDate(settings, now)!;
      return {
        idempotency_key: key, order_del_type: 'PICKUP', store: store!.store_no,
        order_amount: formatAmount(t.totalSen), order_rounding: formatAmount(t.roundingSen), order_delivery_charges: '0.00', order_voucher_amount: '0.00',
        order_del_pickup_date: date, order_del_pickup_time: pickupTimeSlots(date, settings, now)[0],
        product: lines.map((l) => ({ product_code: l.code, product_quantity: l.quantity, product_price: formatAmount(l.priceSen), product_amount: formatAmount(l.priceSen * l.quantity) })),
      };
    }

    // One submit sent to both instances at once (a client retrying elsewhere): one order, the same answer on both.
    {
      const me = members[0]!;
      const auth = { ...KEY, authorization: `Bearer ${me.token}` };
      const key = `two-instances-both-${started}`;
      const body = orderBody(key, [{ ...products[0]!, quantity: 1 }]);
      const answers = await Promise.all([ctxA!, ctxB!].map((c) => c.post(`${API}/add_order/${me.member}`, { headers: auth, data: body })));
      requests += 2;
      expect(answers.map((r) => r.status())).toEqual([200, 200]);
      const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as { order_refno: string }[];
      expect(second!.order_refno).toBe(first!.order_refno);
      confirmed.set(key, first!.order_refno);
    }
    async function shopper(i: number) {
      const me = members[i]!;
      const auth = { ...KEY, authorization: `Bearer ${me.token}` };
      for (let n = 0; Date.now() < stopAt; n++) {
        const lines: Line[] = [products[n % 3]!, products[(n + i) % 3]!].filter((p, k, all) => all.indexOf(p) === k).map((p, k) => ({ ...p, quantity: 1 + ((n + k) % 2) }));
        const cleared = await call(i + n, 'post', `clear_cart/${me.member}`, auth, []);
        expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
        for (const l of lines) {
          const added = await call(i + n + 1, 'post', `add_cart/${me.member}?store=${store!.store_no}`, auth, [{ product_code: l.code, product_number: l.quantity }]);
          expect(added.status, JSON.stringify(added.json)).toBe(200);
        }
        const key = `two-instances-${i}-${n}-${started}`;
        const body = orderBody(key, lines);
        const placed = await call(i + n + 2, 'post', `add_order/${me.member}`, auth, body);
        expect(placed.status, JSON.stringify(placed.json)).toBe(200);
        confirmed.set(key, placed.json.order_refno);
      }
    }
    const load = Promise.all(members.map((_, i) => shopper(i)));
    await new Promise((r) => setTimeout(r, BEFORE_KILL_MS));
    const confirmedBeforeKill = confirmed.size;
    aDead = true;
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await a.exited).toBe('SIGKILL');
    stopAt = killedAt + AFTER_KILL_MS;
    await load;
    const duration = Date.now() - started;

    // Every confirmed order is in the database, once; nothing else was ordered by these shoppers.
    const refnos = [...confirmed.values()];
    const rows = await sql<{ order_refno: string; idempotency_key: string }[]>`select order_refno, idempotency_key from orders where member_code in ${sql(members.map((m) => m.member))}`;
    const inDb = new Map(rows.map((r) => [r.idempotency_key, r.order_refno]));
    const lost = [...confirmed].filter(([key, refno]) => inDb.get(key) !== refno);
    expect(lost).toEqual([]);
    expect(new Set(refnos).size).toBe(refnos.length);
    expect(rows.length).toBe(confirmed.size);

    // The stock taken at the store is exactly the units these orders hold.
    const [units] = await sql<{ n: number }[]>`select coalesce(sum(i.product_quantity), 0)::int as n from order_items i join orders o on o.order_refno = i.order_refno where o.member_code in ${sql(members.map((m) => m.member))}`;
    const [left] = await sql<{ n: number }[]>`select sum(quantity)::int as n from store_stock where store_code = ${store!.store_code} and product_code in ${sql(products.map((p) => p.code))}`;
    expect(left!.n).toBe(STOCK * products.length - units!.n);

    // Sessions made on A (the API token, the web cookie) still work on B after A died.
    const detail = await ctxB!.get(`${API}/customer_detail/${sessionFromA.member_code}`, { headers: { ...KEY, authorization: `Bearer ${sessionFromA.token}` } });
    expect(detail.status()).toBe(200);
    expect((await meOn(b.url))?.member_code).toBe(members[0]!.member);
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);

    const figures = {
      instances: 2,
      shoppers: SHOPPERS,
      requests,
      ordersConfirmed: confirmed.size,
      confirmedBeforeKill,
      confirmedAfterKill: confirmed.size - confirmedBeforeKill,
      requestsCutByKillAndRetried: retriedAfterCut,
      ordersInDatabase: rows.length,
      lost: lost.length,
      duplicated: rows.length - new Set(rows.map((r) => r.order_refno)).size,
      unitsOrdered: units!.n,
      durationMs: duration,
    };
    console.log(`Two-instance kill test: ${JSON.stringify(figures)}`);
    test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });
    expect(confirmedBeforeKill).toBeGreaterThan(0);
    expect(figures.confirmedAfterKill).toBeGreaterThan(0);
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    await sql.end();
    await database.drop();
  }
});
