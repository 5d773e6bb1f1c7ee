/**
 * The maps geocoding adapter (adapters/geocode-maps.ts; coverage.md §4 step 0 and §7: results[0].geometry.location)
 * against a small HTTP server started here that answers as a Google Geocoding API–compatible
 * service would: a result, no result, a refused key, a malformed answer, an error, and silence.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeocoderError, geocoderFromEnv, mapsGeocoder } from '../../src/server/xs-api/adapters/geocode-maps';

let server: Server;
let base: string;
const seen: URL[] = [];
const json = (body: unknown) => JSON.stringify(body);

/** Answers by path: /ok, /none, /denied, /malformed, /html, /error, /abroad, /slow. */
function answer(req: IncomingMessage): { status: number; body: string; delayMs?: number } {
  const url = new URL(req.url ?? '/', 'http://localhost');
  seen.push(url);
  switch (url.pathname) {
    case '/ok':
      return { status: 200, body: json({ status: 'OK', results: [{ geometry: { location: { lat: 3.1579, lng: 101.7116 } } }, { geometry: { location: { lat: 1, lng: 1 } } }] }) };
    case '/none':
      return { status: 200, body: json({ status: 'ZERO_RESULTS', results: [] }) };
    case '/denied':
      return { status: 200, body: json({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }) };
    case '/malformed':
      return { status: 200, body: json({ status: 'OK', results: [{ geometry: { location: { lat: '3.1', lng: null } } }] }) };
    case '/html':
      return { status: 200, body: '<html>maintenance</html>' };
    case '/error':
      return { status: 503, body: 'busy' };
    case '/abroad':
      return { status: 200, body: json({ status: 'OK', results: [{ geometry: { location: { lat: 51.5072, lng: -0.1276 } } }] }) };
    case '/slow':
      return { status: 200, body: json({ status: 'OK', results: [{ geometry: { location: { lat: 3, lng: 101 } } }] }), delayMs: 1_000 };
    default:
      return { status: 404, body: 'not found' };
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body, delayMs = 0 } = answer(req);
    setTimeout(() => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const at = (path: string, timeoutMs = 2_000) => mapsGeocoder({ url: `${base}${path}`, key: 'test-key', timeoutMs });

describe('a Google Geocoding API–compatible service', () => {
  it('reads the first result and sends the address, the key and Malaysia as the country', async () => {
    const point = await at('/ok').lookup('Jalan Pahang, 50586 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur, Malaysia');
    expect(point).toEqual({ latitude: 3.1579, longitude: 101.7116 });
    const sent = seen.at(-1)!;
    expect(sent.searchParams.get('address')).toBe('Jalan Pahang, 50586 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur, Malaysia');
    expect(sent.searchParams.get('key')).toBe('test-key');
    expect(sent.searchParams.get('components')).toBe('country:MY');
  });
  it('answers null when the service finds nothing, or only a point outside Malaysia', async () => {
    expect(await at('/none').lookup('nowhere')).toBeNull();
    expect(await at('/abroad').lookup('Jalan Pahang, London')).toBeNull();
  });
  it('fails with a GeocoderError on a refused key, a malformed answer, an answer that is not JSON, or an HTTP error', async () => {
    await expect(at('/denied').lookup('x')).rejects.toThrow(new GeocoderError('geocoder answered status REQUEST_DENIED'));
    await expect(at('/malformed').lookup('x')).rejects.toThrow(/unknown shape/);
    await expect(at('/html').lookup('x')).rejects.toThrow(/no JSON/);
    await expect(at('/error').lookup('x')).rejects.toThrow(/HTTP 503/);
  });
  it('gives up after its timeout (ms) with a GeocoderError', async () => {
    const lookup = at('/slow', 50).lookup('x');
    await expect(lookup).rejects.toBeInstanceOf(GeocoderError);
    await expect(lookup).rejects.toThrow(/within 50 ms/);
  });
  it('fails with a GeocoderError when nothing listens', async () => {
    await expect(mapsGeocoder({ url: 'http://127.0.0.1:9/geocode', key: '' }).lookup('x')).rejects.toBeInstanceOf(GeocoderError);
  });
});

describe('configuration', () => {
  it('is off without GEOCODER_URL and on with it; a URL that is not http(s) is refused and left unused', async () => {
    expect(geocoderFromEnv({})).toBeNull();
    expect(geocoderFromEnv({ GEOCODER_URL: '  ' })).toBeNull();
    expect(await geocoderFromEnv({ GEOCODER_URL: `${base}/ok`, GEOCODER_KEY: 'k' })!.lookup('x')).toEqual({ latitude: 3.1579, longitude: 101.7116 });
    expect(() => mapsGeocoder({ url: 'maps.example.com/geocode', key: '' })).toThrow(/GEOCODER_URL must be an http\(s\) URL/);
    expect(geocoderFromEnv({ GEOCODER_URL: 'maps.example.com/geocode' })).toBeNull();
    expect(geocoderFromEnv({ GEOCODER_URL: 'ftp://maps.example.com/geocode' })).toBeNull();
  });
});
