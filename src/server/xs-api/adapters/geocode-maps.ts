/**
 * A maps geocoding service (coverage.md §4 Delivery method step 0: "A saved address is geocoded through a
 * maps service (latitude and longitude read from the first result)"; coverage.md §7: a GET with the address
 * as query, reading results[0].geometry.location lat and lng). ADR 15.
 *
 * The format is the Google Geocoding API's JSON answer, which other services offer too:
 *   GET {GEOCODER_URL}?address=<one-line address>&components=country:MY&region=my&key=<GEOCODER_KEY>
 *   → { "status": "OK" | "ZERO_RESULTS" | <an error status>, "results": [{ "geometry": { "location": { "lat", "lng" } } }] }
 * Coordinates are decimal degrees; a point outside Malaysia counts as no result. The call is given
 * `timeoutMs` milliseconds (default `GEOCODER_TIMEOUT_MS`).
 */
import { z } from 'zod';
import type { LatLng } from '../../../domain/delivery';
import { log } from '../../log';
import { currentEnv, setting, type Env } from '../../settings';

/** How long a maps lookup may take before the offline data answers: 3,000 ms. */
export const GEOCODER_TIMEOUT_MS = 3_000;

/** Malaysia's extent in decimal degrees (Peninsula to Sabah, with a margin): a point outside is not an answer. */
const MALAYSIA = { south: 0.5, north: 7.6, west: 99.4, east: 119.6 };

/** A geocoder that turns one line of address into a point. */
export type MapsGeocoder = {
  /**
   * The first result's point, or null when the service found nothing in Malaysia.
   * @throws GeocoderError when the service fails, times out or answers in a shape it should not.
   */
  lookup(address: string): Promise<LatLng | null>;
};

/** A maps lookup that failed (HTTP error, timeout, refused key, malformed answer). */
export class GeocoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

const answerSchema = z.object({
  status: z.string(),
  results: z
    .array(z.object({ geometry: z.object({ location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }) }) }))
    .optional(),
});

/**
 * A Google Geocoding API–compatible client.
 * @param url the service's endpoint (GEOCODER_URL), e.g. https://maps.googleapis.com/maps/api/geocode/json
 * @param key the API key (GEOCODER_KEY), sent as the `key` parameter
 * @param timeoutMs milliseconds before a lookup is abandoned
 * @throws Error when `url` is not an http(s) URL.
 */
export function mapsGeocoder({ url, key, timeoutMs = GEOCODER_TIMEOUT_MS, fetchFn = fetch }: { url: string; key: string; timeoutMs?: number; fetchFn?: typeof fetch }): MapsGeocoder {
  const endpoint = URL.canParse(url) ? new URL(url) : null;
  if (!endpoint || !/^https?:$/.test(endpoint.protocol)) throw new Error(`GEOCODER_URL must be an http(s) URL, not "${url}".`);
  return {
    async lookup(address) {
      const request = new URL(endpoint);
      request.searchParams.set('address', address);
      request.searchParams.set('components', 'country:MY');
      request.searchParams.set('region', 'my');
      if (key) request.searchParams.set('key', key);
      let body: unknown;
      try {
        const res = await fetchFn(request, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new GeocoderError(`geocoder answered HTTP ${res.status}`);
        body = await res.json();
      } catch (err) {
        if (err instanceof GeocoderError) throw err;
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new GeocoderError(timedOut ? `geocoder gave no answer within ${timeoutMs} ms` : 'geocoder could not be reached or answered no JSON', { cause: err });
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) throw new GeocoderError('geocoder answered in an unknown shape');
      const { status, results } = parsed.data;
      if (status === 'ZERO_RESULTS') return null;
      if (status !== 'OK') throw new GeocoderError(`geocoder answered status ${status}`);
      const first = results?.[0]?.geometry.location;
      if (!first) return null;
      const inMalaysia = first.lat >= MALAYSIA.south && first.lat <= MALAYSIA.north && first.lng >= MALAYSIA.west && first.lng <= MALAYSIA.east;
      return inMalaysia ? { latitude: first.lat, longitude: first.lng } : null;
    },
  };
}

/**
 * The maps geocoder of this environment: GEOCODER_URL (with GEOCODER_KEY) set, else null (offline
 * data only), both read from the settings' schema (src/server/settings.ts). A GEOCODER_URL that is
 * not an http(s) URL is logged as an error and left unused, so addresses are still placed (the
 * server refuses to start with it).
 */
export function geocoderFromEnv(env: Env = currentEnv()): MapsGeocoder | null {
  try {
    const url = setting('GEOCODER_URL', env);
    if (!url) return null;
    return mapsGeocoder({ url, key: setting('GEOCODER_KEY', env) ?? '' });
  } catch (err) {
    log.error({ event: 'geocoder_config', reason: err instanceof Error ? err.message : String(err) }, 'geocode: GEOCODER_URL is unusable; offline data only');
    return null;
  }
}
