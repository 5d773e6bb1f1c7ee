/** Stores, pick-up and delivery charges (coverage.md §7 Stores and pickup, delivery_charges; §9 30 km). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers, pickupSettings, products } from '../../src/server/xs-api/db/schema';
import { addDays, shopDate, weekdayOf } from '../../src/domain/shop-time';
import { clock } from '../../src/server/clock';

let h: Harness;
let token: string;
const KL = { latitude: 3.139, longitude: 101.6869 };
const M: string = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
});
afterAll(() => h?.close());

describe('pickup_store_listing', () => {
  it('lists the 22 active outlets without a location', async () => {
    const r = await h.call('pickup_store_listing');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(22);
    expect(r.json.data[0]).toMatchObject({ store_code: 'S001', store_no: '001', store_lat_long: '3.2131,101.6453', store_pickdel: 'BOTHPD', distance_km: null });
    expect(r.json.data[0].store_state).toBe('Wilayah Persekutuan Kuala Lumpur');
  });
  it('lists only the outlets within 30 km of Kuala Lumpur, nearest first', async () => {
    const r = await h.call(`pickup_store_listing?latitude=${KL.latitude}&longitude=${KL.longitude}`);
    const d: { store_code: string; distance_km: number }[] = r.json.data;
    expect(d.length).toBeGreaterThanOrEqual(10);
    expect(d.length).toBeLessThan(22);
    for (let i = 1; i < d.length; i++) expect(d[i]!.distance_km).toBeGreaterThanOrEqual(d[i - 1]!.distance_km);
    for (const s of d) {
      expect(s.distance_km).toBeLessThanOrEqual(30);
      expect(Math.round(s.distance_km * 100) / 100).toBe(s.distance_km);
    }
    const codes = d.map((s) => s.store_code);
    expect(codes).toEqual(expect.arrayContaining(['S001', 'S002', 'S003', 'S005']));
    expect(codes).not.toContain('S013'); // Johor Bahru
    expect(codes).not.toContain('S016'); // George Town
  });
  it('answers an empty list far from every outlet, and narrows to one store', async () => {
    expect((await h.call('pickup_store_listing?latitude=5.98&longitude=116.07')).json.data).toEqual([]);
    const one = await h.call('pickup_store_listing?store=013');
    expect(one.json.data.map((s: { store_code: string }) => s.store_code)).toEqual(['S013']);
  });
  it('refuses half a location or coordinates out of range with 400', async () => {
    for (const q of ['latitude=3.1', 'longitude=101.6', 'latitude=91&longitude=101', 'latitude=abc&longitude=1']) {
      const r = await h.call(`pickup_store_listing?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.Error).toMatch(/^Invalid request: /);
    }
  });
});

describe('self pick-up', () => {
  it('answers the settings row', async () => {
    const r = await h.call('self_pickup_min_time');
    expect(r.json).toEqual({
      Status: 1,
      data: { pickup_min_time: 1, pickup_min_time_range: '08:00', pickup_max_time_range: '17:30', pickup_days_range: '0,1,1,1,1,1,0', slot_minutes: 30 },
    });
  });
  it('offers half-hourly times inside the opening hours 08:00–17:30 on weekdays, a day ahead (Malaysian date)', async () => {
    let day = addDays(shopDate(clock.now()), 2);
    while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
    const r = await h.call(`self_pickup_time_range?date=${day}`);
    expect(r.json.data.date).toBe(day);
    expect(r.json.data.times).toHaveLength(19);
    expect(r.json.data.times[0]).toBe('08:00');
    expect(r.json.data.times.at(-1)).toBe('17:00');
    for (const t of r.json.data.times) expect(t >= '08:00' && t <= '17:00').toBe(true);
    let weekend = addDays(shopDate(clock.now()), 2);
    while (weekdayOf(weekend) !== 6) weekend = addDays(weekend, 1);
    expect((await h.call(`self_pickup_time_range?date=${weekend}`)).json.data.times).toEqual([]);
  });
  it('offers nothing today, in the past, beyond 6 months or on a closed day', async () => {
    const today = shopDate(clock.now());
    for (const date of [today, '2020-01-01', addDays(today, 200)]) {
      expect((await h.call(`self_pickup_time_range?date=${date}`)).json.data.times, date).toEqual([]);
    }
    const day = addDays(today, 3);
    const flags = ['1', '1', '1', '1', '1', '1', '1'];
    flags[weekdayOf(day)] = '0';
    await h.db.update(pickupSettings).set({ pickupDaysRange: flags.join(',') }).where(eq(pickupSettings.id, 1));
    expect((await h.call(`self_pickup_time_range?date=${day}`)).json.data.times).toEqual([]);
    expect((await h.call(`self_pickup_time_range?date=${addDays(today, 4)}`)).json.data.times).toHaveLength(19);
    await h.db.update(pickupSettings).set({ pickupDaysRange: '0,1,1,1,1,1,0' }).where(eq(pickupSettings.id, 1));
  });
  it('refuses a malformed or impossible date with 400', async () => {
    for (const q of ['', 'date=tomorrow', 'date=2026-1-5', "date=2026-01-01' OR 1=1", 'date=2026-02-30', 'date=2026-13-01', 'date=0000-01-01']) {
      const r = await h.call(`self_pickup_time_range?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.Status).toBe(0);
    }
  });
});

describe('nearest_store', () => {
  it('measures the given outlets, nearest first', async () => {
    const r = await h.call('nearest_store', {
      body: { customer_address: [KL], outlet: [{ storecode: 'FAR', latitude: 1.49, longitude: 103.74 }, { storecode: 'NEAR', latitude: '3.14', longitude: '101.69' }] },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.map((d: { storecode: string }) => d.storecode)).toEqual(['NEAR', 'FAR']);
    expect(r.json.data[0].distance_km).toBeLessThan(1);
    expect(r.json.data[1].distance_km).toBeGreaterThan(280);
  });
  it('measures every outlet when none are given', async () => {
    const r = await h.call('nearest_store', { body: { customer_address: [KL] } });
    expect(r.json.data).toHaveLength(22);
    const listed = await h.call(`pickup_store_listing?latitude=${KL.latitude}&longitude=${KL.longitude}`);
    expect(r.json.data[0]).toEqual({ storecode: listed.json.data[0].store_code, distance_km: listed.json.data[0].distance_km });
    expect(r.json.data[0]).toEqual({ storecode: 'S005', distance_km: expect.closeTo(7.5, 0) }); // SS2 Petaling Jaya
    for (let i = 1; i < 22; i++) expect(r.json.data[i].distance_km).toBeGreaterThanOrEqual(r.json.data[i - 1].distance_km);
  });
  it('refuses a missing location or bad coordinates with 400', async () => {
    for (const body of [{}, { customer_address: [] }, { customer_address: [{ latitude: 100, longitude: 0 }] }, { customer_address: [KL], outlet: [{ storecode: 'X', latitude: 200, longitude: 0 }] }]) {
      const r = await h.call('nearest_store', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Error).toBeTruthy();
    }
  });
});

describe('delivery_charges', () => {
  const price = async (code: string) => (await h.db.select().from(products).where(eq(products.productCode, code)))[0]!.finalPriceSen;

  it('prices Klang Valley delivery from DB prices: RM 5 + RM 0.50 per started km', async () => {
    const r = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'P0001', product_quantity: 1, product_price: '0.01' }], state: 'SGR', distance_km: 3.2 } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, delivery_charges: '7.00' });
    expect(Number(r.json.product_subtotal) * 100).toBeCloseTo(await price('P0001'));
    const byName = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'P0001', product_quantity: 1 }], state: 'Kuala Lumpur', distance_km: '3.2' } });
    expect(byName.json.delivery_charges).toBe('7.00');
  });
  it('is free from RM 150 in the Klang Valley, never elsewhere', async () => {
    const qty = Math.ceil(15000 / (await price('P0001')));
    const free = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'P0001', product_quantity: qty }], state: 'Selangor', distance_km: 10 } });
    expect(free.json.delivery_charges).toBe('0.00');
    const johor = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'P0001', product_quantity: qty }], state: 'Johor', distance_km: 10 } });
    expect(johor.json.delivery_charges).toBe('16.00');
  });
  it('refuses an unknown state, an unknown product or a bad payload with 400', async () => {
    const state = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'P0001', product_quantity: 1 }], state: 'Atlantis', distance_km: 1 } });
    expect(state.status).toBe(400);
    expect(state.json.Error).toBe('State "Atlantis" is not a Malaysian state or federal territory.');
    const product = await h.call(`delivery_charges/${M}`, { token, body: { product: [{ product_code: 'NOPE', product_quantity: 1 }], state: 'SGR', distance_km: 1 } });
    expect(product.status).toBe(400);
    expect(product.json.Error).toContain('NOPE');
    for (const body of [{}, { product: [], state: 'SGR', distance_km: 1 }, { product: [{ product_code: 'P0001', product_quantity: 1 }], state: 'SGR', distance_km: -1 }, 'not json']) {
      const r = await h.call(`delivery_charges/${M}`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Error).toMatch(/^Invalid request: /);
    }
  });
  it('needs the member session: 401 without, 403 for another member', async () => {
    const body = { product: [{ product_code: 'P0001', product_quantity: 1 }], state: 'SGR', distance_km: 1 };
    const none = await h.call(`delivery_charges/${M}`, { body });
    expect(none.status).toBe(401);
    expect(none.json.Error).toBe('Sorry, your login session has expired. Please login again.');
    await h.db.insert(customers).values({ memberCode: 'M900002', firstName: 'Other', mobile: '0199990002', passwordHash: 'x' });
    expect((await h.call('delivery_charges/M900002', { token, body })).status).toBe(403);
  });
});

describe('count_store_distance', () => {
  const FAR_AWAY = { latitude: 5.98, longitude: 116.07 }; // Kota Kinabalu: no outlet within 30 km
  it('counts the outlets within 30 km of each location and names the nearest, as pickup_store_listing lists them', async () => {
    const r = await h.call('count_store_distance', { body: { locations: [KL, FAR_AWAY, { latitude: '3.139', longitude: '101.6869' }] } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const listed = (await h.call(`pickup_store_listing?latitude=${KL.latitude}&longitude=${KL.longitude}`)).json.data;
    expect(listed.length).toBeGreaterThan(0);
    expect(r.json.data[0]).toEqual({ ...KL, store_count: listed.length, nearest_store_code: listed[0].store_code, nearest_distance_km: listed[0].distance_km });
    expect(r.json.data[1]).toEqual({ ...FAR_AWAY, store_count: 0, nearest_store_code: null, nearest_distance_km: null });
    expect(r.json.data[2]).toEqual(r.json.data[0]);
  });
  it('refuses a missing or empty list, too many points and bad coordinates with 400', async () => {
    const many = Array.from({ length: 21 }, () => KL);
    for (const body of [{}, { locations: [] }, { locations: many }, { locations: [{ latitude: 91, longitude: 0 }] }, { locations: [{ latitude: 3 }] }, { locations: 'KL' }]) {
      const r = await h.call('count_store_distance', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toMatchObject({ Status: 0, Error: expect.any(String) });
    }
  });
});
