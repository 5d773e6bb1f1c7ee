/**
 * Geocoding of saved addresses behind the `geocode_cache` table (adapters/geocode.ts; coverage.md §4
 * Delivery method step 0): the offline data, and a maps service (a small HTTP server started here,
 * answering as a Google Geocoding API–compatible service) asked first when configured, whose
 * failures leave the address placed by the offline data.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createHarness, type Harness } from './harness';
import { geocodeCache } from '../../src/server/xs-api/db/schema';
import { geocodeAddress, mapsCacheKey, offlineCacheKey, type GeocodeQuery } from '../../src/server/xs-api/adapters/geocode';
import { mapsGeocoder } from '../../src/server/xs-api/adapters/geocode-maps';

/** What the maps service does next: answer a point, find nothing, answer garbage, or stay silent. */
let mode: 'ok' | 'none' | 'malformed' | 'silent' = 'ok';
let calls = 0;
let server: Server;
let h: Harness;
let token: string;

const MAPS_POINT = { latitude: 3.1488, longitude: 101.7135 };

beforeAll(async () => {
  server = createServer((_req, res) => {
    calls += 1;
    if (mode === 'silent') return; // never answers: the adapter's timeout decides
    const body =
      mode === 'ok'
        ? { status: 'OK', results: [{ geometry: { location: { lat: MAPS_POINT.latitude, lng: MAPS_POINT.longitude } } }] }
        : mode === 'none'
          ? { status: 'ZERO_RESULTS', results: [] }
          : { results: 'not a list' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
  // Long enough that a service that answers is always waited for, even on a busy machine (200 ms
  // lost answers beside a CPU hog); the silent service costs its one test this long.
  h = await createHarness({ geocoder: mapsGeocoder({ url, key: 'test-key', timeoutMs: 3_000 }) });
  token = (await h.login()).token;
});
afterAll(async () => {
  await h?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
});

const address = (over: Record<string, unknown> = {}) => ({
  add_person: 'Tan Mei Ling',
  add_phone: '012-345 6789',
  add_address1: '1 Jalan Ampang',
  add_address2: 'Kuala Lumpur City Centre',
  add_city: 'Kuala Lumpur',
  add_postcode: '50450',
  add_state: 'KUL',
  ...over,
});

const query = (over: Partial<GeocodeQuery> = {}): GeocodeQuery => ({ postcode: '30450', city: 'Ipoh', stateCode: 'PRK', ...over });

describe('the cache in front of the offline data', () => {
  it('keeps a precise answer under the normalised query and serves it from there next time', async () => {
    const q = query({ city: '  IPOH. ' });
    expect(offlineCacheKey(q)).toBe('30450|ipoh|PRK');
    const first = await geocodeAddress(h.db, q);
    // GeoNames 1734634 Ipoh: 4.5841, 101.0829.
    expect(first).toMatchObject({ source: 'postcode', approximate: false, latitude: 4.5841, longitude: 101.0829 });
    const [row] = await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, '30450|ipoh|PRK'));
    expect(row).toMatchObject({ latitude: expect.closeTo(4.5841, 4), longitude: expect.closeTo(101.0829, 4) });
    // A cached answer wins over the data: change the row and read it back.
    await h.db.update(geocodeCache).set({ latitude: 4.6 }).where(eq(geocodeCache.query, '30450|ipoh|PRK'));
    expect(await geocodeAddress(h.db, query())).toMatchObject({ source: 'cache', latitude: expect.closeTo(4.6, 4) });
  });
  it('does not keep an approximate answer (the state centre)', async () => {
    const q = query({ postcode: '69000', city: 'Genting Highlands', stateCode: 'PHG' });
    expect(await geocodeAddress(h.db, q)).toMatchObject({ source: 'state', approximate: true });
    expect(await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, offlineCacheKey(q)))).toHaveLength(0);
  });
  it('gives twenty simultaneous lookups of one new query the same answer and one cache row', async () => {
    const q = query({ postcode: '93050', city: 'Kuching', stateCode: 'SWK' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => geocodeAddress(h.db, q)));
    for (const a of answers) expect(a).toMatchObject({ latitude: expect.closeTo(1.55, 4), longitude: expect.closeTo(110.33333, 4), approximate: false });
    expect(await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, '93050|kuching|SWK'))).toHaveLength(1);
  });
  it('answers null without a state', async () => {
    expect(await geocodeAddress(h.db, query({ stateCode: null }))).toBeNull();
  });
});

describe('a maps service asked first', () => {
  it('places a new address at the first result and caches it under the address line', async () => {
    const before = calls;
    const r = await h.call(`add_address/${(await h.login()).member}`, { token, body: address() });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ latitude: expect.closeTo(MAPS_POINT.latitude, 4), longitude: expect.closeTo(MAPS_POINT.longitude, 4) });
    expect(calls).toBe(before + 1);
    const keys = (await h.db.select().from(geocodeCache).where(like(geocodeCache.query, 'maps|%'))).map((row) => row.query);
    expect(keys).toContain('maps|1 jalan ampang kuala lumpur city centre 50450 kuala lumpur wilayah persekutuan kuala lumpur malaysia');
  });
  it('serves the same address from the cache without asking the service again', async () => {
    const q = query({ address1: '2 Jalan Sultan Idris Shah', postcode: '30000', stateName: 'Perak' });
    expect(await geocodeAddress(h.db, q, mapsGeocoder({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, key: 'k' }))).toMatchObject({ source: 'maps' });
    const before = calls;
    const again = await geocodeAddress(h.db, q, mapsGeocoder({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, key: 'k' }));
    expect(again).toMatchObject({ source: 'cache', ...MAPS_POINT });
    expect(calls).toBe(before);
    expect(await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, mapsCacheKey(q)))).toHaveLength(1);
  });
  it.each(['silent', 'none', 'malformed'] as const)('places the address from the offline data when the service is %s, and asks it again next time', async (m) => {
    mode = m;
    const body = address({ add_address1: `3 Jalan ${m}`, add_city: 'Kota Bharu', add_postcode: '15000', add_state: 'KTN' });
    const member = (await h.login()).member;
    const r = await h.call(`add_address/${member}`, { token, body });
    expect(r.status).toBe(200);
    // GeoNames 1736376 Kota Bharu: 6.12361, 102.24333.
    expect(r.json.data).toMatchObject({ latitude: expect.closeTo(6.12361, 4), longitude: expect.closeTo(102.24333, 4) });
    const before = calls;
    mode = 'ok';
    const again = await h.call(`update_address/${member}`, { token, body: { ...body, add_id: r.json.data.add_id } });
    expect(calls).toBe(before + 1);
    expect(again.json.data).toMatchObject({ latitude: expect.closeTo(MAPS_POINT.latitude, 4), longitude: expect.closeTo(MAPS_POINT.longitude, 4) });
  });
});
