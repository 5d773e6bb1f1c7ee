/**
 * The expiry bench of `npm run bench` (scripts/bench.mjs; issue "Safe to run in production" §7):
 * on PostgreSQL, 10,000 unpaid orders past their payment window, cancelled by two shop processes
 * on the same database at once, each asked through the ops operation `expire_unpaid` (the call the
 * every-minute job makes: services/payments/expiry.ts). Measures the time from the two calls to
 * zero orders due, then checks that every order was cancelled once (one `system` cancel event
 * each, and the two answers share no order), that the stock, the places in slots and days and the
 * vouchers are back exactly as before the orders were placed, and that each member got one notice
 * per order.
 *
 * The orders are written straight into the database as placing writes them (services/orders/
 * commit.ts): an `orders` row (pick-up, or delivery one in four; Pending, or Processing Payment one
 * in five), two lines each, the stock taken from the outlet, a place taken in the slot or day, and
 * one order in ten with a member voucher marked used by it.
 */
import postgres from 'postgres';
import { emptyPostgres } from './bench-server.mjs';
import { API_KEY, startShopProcess } from './shop-process.mjs';

/** Goal: seconds for two instances to cancel 10,000 due orders. */
export const EXPIRY_GOAL_S = 30;
/** Payment window the shops run with (minutes); the orders were placed twice as long ago. */
export const EXPIRY_WINDOW_MINUTES = 30;
/** The ops token the bench's shops take (OPS_TOKEN). */
export const EXPIRY_OPS_TOKEN = 'bench-expiry-ops-token-0123456789abcdef';

const API_BASE = '/api/mobile_ecom/xs_api.php';
const KEY_PREFIX = 'bench-expiry-';
const PICKUP_TIMES = ['10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30'];

/** 'YYYY-MM-DD' of a date in Malaysia (UTC+8, no daylight saving). */
const shopDate = (d) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Writes `count` unpaid orders placed `2 × EXPIRY_WINDOW_MINUTES` ago, with their stock, places and
 * vouchers taken, in one transaction.
 * @param {string} url the PostgreSQL database (migrated and seeded by a shop)
 * @param {number} count orders to write
 * @returns {Promise<{ before: { stock: Map<string, number>, places: Map<string, number> }, refnos: string[], vouchers: number, stores: number, products: number, members: number }>}
 *   before: stock per 'store/product' and places per 'store/kind/date/time' as they were before the orders took them
 */
export async function placeExpiredOrders(url, count) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      const stores = (await tx`select store_code from stores where is_active order by store_code limit 4`).map((r) => r.store_code);
      const products = await tx`select product_code, final_price_sen from products where is_active order by product_code limit 24`;
      const members = (await tx`select member_code from customers order by member_code limit 200`).map((r) => r.member_code);
      const [voucher] = await tx`select vc_code from vouchers order by vc_code limit 1`;
      if (stores.length === 0 || products.length < 2 || members.length === 0 || !voucher) throw new Error('the database has no seeded catalogue, members or vouchers');
      // Enough stock for every order, so none of it is taken to zero.
      for (const s of stores) {
        for (const p of products) {
          await tx`insert into store_stock (store_code, product_code, quantity) values (${s}, ${p.product_code}, 1000000)
                   on conflict (store_code, product_code) do update set quantity = 1000000`;
        }
      }
      const before = { stock: new Map(), places: new Map() };
      for (const r of await tx`select store_code, product_code, quantity from store_stock`) before.stock.set(`${r.store_code}/${r.product_code}`, r.quantity);
      for (const r of await tx`select store_code, kind, date::text as date, time, taken from capacity_bookings`) before.places.set(`${r.store_code}/${r.kind}/${r.date}/${r.time}`, r.taken);

      const now = Date.now();
      const placedAt = (i) => new Date(now - 2 * EXPIRY_WINDOW_MINUTES * 60_000 - (count - i) * 10);
      const orderDate = shopDate(new Date(now));
      const pickupDate = shopDate(new Date(now + 86_400_000));
      const [{ serial }] = await tx`select coalesce(max(substr(order_refno, 10)::bigint), 0) as serial from orders where order_refno ~ '^WEB[0-9]{14}$'`;
      const base = Number(serial) + 1;
      const address = { person: 'Bench', phone: '0123456789', address1: '1 Jalan Bench', address2: '', postcode: '50000', city: 'Kuala Lumpur', state: 'WP', country: 'Malaysia' };
      const orders = [];
      const items = [];
      const vouchers = [];
      const taken = new Map();
      const places = new Map();
      for (let i = 0; i < count; i++) {
        const refno = `WEB${orderDate.slice(2).replaceAll('-', '')}${String(base + i).padStart(8, '0')}`;
        const store = stores[i % stores.length];
        const delivery = i % 4 === 0;
        const a = products[i % products.length];
        const b = products[(i * 7 + 3) % products.length] === a ? products[(i + 1) % products.length] : products[(i * 7 + 3) % products.length];
        const lines = [
          { p: a, q: 1 + (i % 3) },
          { p: b, q: 1 },
        ];
        const subtotal = lines.reduce((s, l) => s + l.p.final_price_sen * l.q, 0);
        const time = PICKUP_TIMES[i % PICKUP_TIMES.length];
        const withVoucher = i % 10 === 0;
        const member = members[i % members.length];
        orders.push({
          order_refno: refno,
          member_code: member,
          idempotency_key: `${KEY_PREFIX}${base + i}`,
          order_date: orderDate,
          status: i % 5 === 0 ? 'Processing Payment' : 'Pending',
          order_del_type: delivery ? 'DELIVERY' : 'PICKUP',
          store_code: store,
          subtotal_sen: subtotal,
          order_delivery_charges_sen: delivery ? 500 : 0,
          order_voucher_amount_sen: 0,
          order_rounding_sen: 0,
          order_amount_sen: subtotal + (delivery ? 500 : 0),
          order_bill: address,
          order_del: delivery ? address : null,
          order_del_pickup_store_code: delivery ? null : store,
          order_del_pickup_date: delivery ? null : pickupDate,
          order_del_pickup_time: delivery ? null : time,
          order_voucher_no: withVoucher ? `VMBENCH${base + i}` : null,
          created_at: placedAt(i),
          updated_at: placedAt(i),
        });
        for (const l of lines) {
          items.push({ order_refno: refno, product_code: l.p.product_code, product_name: l.p.product_code, product_picture: '/images/placeholder.svg', product_quantity: l.q, product_price_sen: l.p.final_price_sen, product_amount_sen: l.p.final_price_sen * l.q });
          const key = `${store}/${l.p.product_code}`;
          taken.set(key, (taken.get(key) ?? 0) + l.q);
        }
        const place = delivery ? [store, 'DELIVERY', orderDate, ''] : [store, 'PICKUP', pickupDate, time];
        places.set(place.join('/'), { place, n: (places.get(place.join('/'))?.n ?? 0) + 1 });
        if (withVoucher) vouchers.push({ vm_voucher_no: `VMBENCH${base + i}`, member_code: member, vc_code: voucher.vc_code, vc_no: `B${base + i}`, vc_expire_date: pickupDate, used_at: placedAt(i), used_order_refno: refno });
      }
      for (let i = 0; i < orders.length; i += 1000) await tx`insert into orders ${tx(orders.slice(i, i + 1000))}`;
      for (let i = 0; i < items.length; i += 2000) await tx`insert into order_items ${tx(items.slice(i, i + 2000))}`;
      for (let i = 0; i < vouchers.length; i += 1000) await tx`insert into member_vouchers ${tx(vouchers.slice(i, i + 1000))}`;
      for (const [key, q] of taken) {
        const [store, product] = key.split('/');
        await tx`update store_stock set quantity = quantity - ${q} where store_code = ${store} and product_code = ${product}`;
      }
      for (const { place, n } of places.values()) {
        await tx`insert into capacity_bookings (store_code, kind, date, time, taken) values (${place[0]}, ${place[1]}, ${place[2]}, ${place[3]}, ${n})
                 on conflict (store_code, kind, date, time) do update set taken = capacity_bookings.taken + ${n}`;
      }
      return { before, refnos: orders.map((o) => o.order_refno), vouchers: vouchers.length, stores: stores.length, products: products.length, members: members.length };
    });
  } finally {
    await sql.end();
  }
}

/** Orders To Pay past the payment window (the expiry's own condition). */
async function dueCount(sql) {
  const [r] = await sql`select count(*)::int as n from orders where status in ('Pending', 'Processing Payment') and created_at < now() - make_interval(mins => ${EXPIRY_WINDOW_MINUTES})`;
  return r.n;
}

/** Asks one shop to expire the due orders now (ops `expire_unpaid`, as HQ): the order numbers it cancelled. */
async function expireThrough(base, apiKey) {
  const res = await fetch(`${base}${API_BASE}/ops/expire_unpaid`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, authorization: `Bearer ${EXPIRY_OPS_TOKEN}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`expire_unpaid answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.expired;
}

/**
 * Runs the expiry on the shops of `bases` at once and checks the outcome.
 * @param {{ url: string, bases: string[], apiKey: string, placed: Awaited<ReturnType<typeof placeExpiredOrders>> }} run
 * @returns {Promise<{ orders: number, instances: number, seconds: number, dueAtStart: number, perInstance: number[], byJob: number, problems: string[] }>}
 *   seconds: from the calls to zero orders due (polled every 50 ms) and both calls answered;
 *   perInstance: orders in each call's answer; byJob: orders the shops' every-minute job took meanwhile
 */
export async function expireFromInstances({ url, bases, apiKey, placed }) {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const dueAtStart = await dueCount(sql);
    const t0 = performance.now();
    let zeroAt = null;
    let stop = false;
    const poll = (async () => {
      while (!stop) {
        if ((await dueCount(sql)) === 0) {
          zeroAt ??= performance.now();
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const answers = await Promise.all(bases.map((b) => expireThrough(b, apiKey)));
    const answeredAt = performance.now();
    stop = true;
    await poll;
    if ((await dueCount(sql)) === 0) zeroAt ??= answeredAt;
    const seconds = (Math.max(zeroAt ?? answeredAt, answeredAt) - t0) / 1000;

    const problems = [];
    const ours = new Set(placed.refnos);
    const seen = new Map();
    for (const list of answers) for (const r of list) seen.set(r, (seen.get(r) ?? 0) + 1);
    const twice = [...seen.values()].filter((n) => n > 1).length;
    if (twice) problems.push(`${twice} orders in both instances' answers`);
    // Orders in neither answer were taken by a shop's every-minute job that fell in the run (the same
    // two processes); the events below still show each was cancelled once.
    const byJob = placed.refnos.filter((r) => !seen.has(r)).length;
    if ([...seen.keys()].some((r) => !ours.has(r))) problems.push('an order the bench did not place was cancelled');
    const [events] = await sql`
      select count(*)::int as orders,
             count(*) filter (where o.status <> 'Cancelled')::int as not_cancelled,
             count(*) filter (where e.n <> 1)::int as not_once
      from orders o
      left join lateral (select count(*)::int as n from order_events e where e.order_refno = o.order_refno and e.to_status = 'Cancelled' and e.actor = 'system') e on true
      where o.idempotency_key like ${KEY_PREFIX + '%'}`;
    if (events.not_cancelled) problems.push(`${events.not_cancelled} orders not Cancelled`);
    if (events.not_once) problems.push(`${events.not_once} orders without exactly one system cancel event`);
    const stock = await sql`select store_code, product_code, quantity from store_stock`;
    const off = stock.filter((r) => placed.before.stock.get(`${r.store_code}/${r.product_code}`) !== r.quantity).length;
    if (off || stock.length !== placed.before.stock.size) problems.push(`${off} stock rows not back to what they were before the orders`);
    const places = await sql`select store_code, kind, date::text as date, time, taken from capacity_bookings`;
    const placesOff = places.filter((r) => (placed.before.places.get(`${r.store_code}/${r.kind}/${r.date}/${r.time}`) ?? 0) !== r.taken).length;
    if (placesOff) problems.push(`${placesOff} slots or days whose places are not back`);
    const [v] = await sql`select count(*)::int as n from member_vouchers where vm_voucher_no like 'VMBENCH%' and (used_order_refno is not null or used_at is not null)`;
    if (v.n) problems.push(`${v.n} vouchers still used`);
    const [n] = await sql`select count(*)::int as n, count(distinct params->>'order_refno')::int as distinct_orders from notifications n
      join orders o on o.order_refno = n.params->>'order_refno' where o.idempotency_key like ${KEY_PREFIX + '%'}`;
    if (n.n !== placed.refnos.length || n.distinct_orders !== placed.refnos.length) problems.push(`${n.n} notices for ${placed.refnos.length} orders`);
    return { orders: placed.refnos.length, instances: bases.length, seconds, dueAtStart, perInstance: answers.map((a) => a.length), byJob, problems };
  } finally {
    await sql.end();
  }
}

/**
 * The whole expiry bench: empties the PostgreSQL database, starts two shop processes on it (the
 * first migrates and seeds it), writes `count` expired orders, asks both shops to expire them at
 * once and checks the outcome. The shops are stopped at the end.
 * @param {{ url: string, ports: [number, number], count?: number, step?: (text: string) => void }} options
 *   url: a PostgreSQL database the bench may empty (BENCH_DATABASE_URL)
 * @returns {Promise<Awaited<ReturnType<typeof expireFromInstances>> & { placeSeconds: number, vouchers: number, stores: number, products: number, members: number }>}
 */
export async function benchExpiry({ url, ports, count = 10_000, step = () => {} }) {
  await emptyPostgres(url);
  const env = { OPS_TOKEN: EXPIRY_OPS_TOKEN, PAYMENT_WINDOW_MINUTES: String(EXPIRY_WINDOW_MINUTES), LOG_LEVEL: 'warn' };
  const shops = [];
  try {
    for (const port of ports) shops.push(await startShopProcess({ port, databaseUrl: url, env }));
    step(`two shops on one PostgreSQL database (pids ${shops.map((s) => s.pid).join(', ')})`);
    const t0 = performance.now();
    const placed = await placeExpiredOrders(url, count);
    const placeSeconds = (performance.now() - t0) / 1000;
    step(`${placed.refnos.length} expired unpaid orders written in ${placeSeconds.toFixed(1)} s`);
    const result = await expireFromInstances({ url, bases: shops.map((s) => s.base), apiKey: API_KEY, placed });
    step(`expired in ${result.seconds.toFixed(1)} s (${result.perInstance.join(' + ')}${result.byJob ? ` + ${result.byJob} by the every-minute job` : ''}); ${result.problems.length ? result.problems.join('; ') : 'each once, stock, places and vouchers back exactly'}`);
    return { ...result, placeSeconds, vouchers: placed.vouchers, stores: placed.stores, products: placed.products, members: placed.members };
  } finally {
    for (const s of shops) await s.stop();
  }
}
