/**
 * Geocoding of a saved address (docs/architecture.md Adapters: geocoding; coverage.md §4 Delivery method step 0, whose
 * point decides the outlets within 30 km, coverage.md §4 step 1 and §9, and the delivery charge by
 * distance, coverage.md §7 delivery_charges). ADR 15.
 *
 * Order: the `geocode_cache` table (keyed by the normalised query, so answers persist across
 * restarts and instances) → the maps service when one is configured (GEOCODER_URL and GEOCODER_KEY,
 * `geocode-maps.ts`, `GEOCODER_TIMEOUT_MS` ms) → the offline data (`geocode-offline.ts`: postcode
 * and post town from `malaysia-postcodes`, coordinates from GeoNames places, else the city name in
 * the state, else the state's centre).
 *
 * Units: decimal degrees (WGS84); distances in km; timeouts in ms. Only precise answers are cached:
 * an approximate one (nearby postcodes, state centre) is worked out again next time; an address the
 * offline data placed because the maps service failed asks the service again next time (maps
 * answers have their own keys).
 */
import { eq } from 'drizzle-orm';
import type { LatLng } from '../../../domain/delivery';
import { normalisePlace } from '../../../domain/place-name';
import type { Db } from '../db/client';
import { geocodeCache } from '../db/schema';
import { log } from '../../log';
import { resolveOffline, type OfflineSource } from './geocode-offline';
import type { MapsGeocoder } from './geocode-maps';

/** What to geocode: the address lines, postcode (five digits), city, and state (code and name). */
export type GeocodeQuery = {
  address1?: string;
  address2?: string;
  postcode: string;
  city: string;
  /** Code of `states` ('SGR'); null when the state is unknown (then nothing can be placed). */
  stateCode: string | null;
  /** The state as shoppers read it ('Selangor'), for the maps service's query. */
  stateName?: string;
};

/**
 * Where an answer came from: the cache, the maps service, or the offline data (`OfflineSource`:
 * the postcode's post town, the city name, nearby postcodes, the state's centre).
 */
export type GeocodeSource = 'cache' | 'maps' | OfflineSource;

/** A point in decimal degrees, how it was found, and whether it is only approximate (state centre, nearby postcodes). */
export type Geocoded = LatLng & { source: GeocodeSource; approximate: boolean };

/** Cache key of the offline answer: postcode, city and state, normalised ('46050|petaling jaya|SGR'). */
export function offlineCacheKey(query: GeocodeQuery): string {
  return `${query.postcode.trim()}|${normalisePlace(query.city)}|${(query.stateCode ?? '').toUpperCase()}`;
}

/** The one line of address sent to the maps service: 'lines, postcode city, state, Malaysia'. */
export function addressLine(query: GeocodeQuery): string {
  const lines = [query.address1, query.address2].map((l) => l?.trim()).filter(Boolean);
  return [...lines, `${query.postcode.trim()} ${query.city.trim()}`, query.stateName?.trim() || query.stateCode, 'Malaysia'].filter(Boolean).join(', ');
}

/** Cache key of the maps answer: 'maps|' and the normalised address line. */
export const mapsCacheKey = (query: GeocodeQuery) => `maps|${normalisePlace(addressLine(query))}`;

async function cached(db: Db, key: string): Promise<LatLng | null> {
  const [row] = await db.select().from(geocodeCache).where(eq(geocodeCache.query, key)).limit(1);
  return row ? { latitude: row.latitude, longitude: row.longitude } : null;
}

async function remember(db: Db, key: string, point: LatLng): Promise<void> {
  await db.insert(geocodeCache).values({ query: key, latitude: point.latitude, longitude: point.longitude }).onConflictDoNothing();
}

/**
 * The point of an address: cache, then the maps service (when given), then the offline data.
 * A maps failure (timeout, HTTP error, malformed answer) is logged without the address and the
 * offline data answers; so does a maps answer with no result.
 * @param maps the maps service, or null for the offline data only (`geocoderFromEnv`)
 * @returns null only when the state is unknown.
 * @throws only on database failure.
 */
export async function geocodeAddress(db: Db, query: GeocodeQuery, maps: MapsGeocoder | null = null): Promise<Geocoded | null> {
  if (!query.stateCode) return null;
  if (maps) {
    const key = mapsCacheKey(query);
    const hit = await cached(db, key);
    if (hit) return { ...hit, source: 'cache', approximate: false };
    try {
      const found = await maps.lookup(addressLine(query));
      if (found) {
        await remember(db, key, found);
        return { ...found, source: 'maps', approximate: false };
      }
      log.info({ event: 'geocode_maps_no_result' }, 'geocode: the maps service found nothing; offline data used');
    } catch (err) {
      log.warn({ event: 'geocode_maps_failed', reason: err instanceof Error ? err.message : String(err) }, 'geocode: the maps service failed; offline data used');
    }
  }
  const key = offlineCacheKey(query);
  const hit = await cached(db, key);
  if (hit) return { ...hit, source: 'cache', approximate: false };
  const found = resolveOffline({ postcode: query.postcode, city: query.city, stateCode: query.stateCode });
  if (!found) return null;
  if (found.approximate) log.info({ event: 'geocode_approximate', source: found.source, state: query.stateCode }, 'geocode: address placed approximately');
  else await remember(db, key, found);
  return { latitude: found.latitude, longitude: found.longitude, source: found.source, approximate: found.approximate };
}
