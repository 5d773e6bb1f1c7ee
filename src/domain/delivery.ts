/**
 * Delivery charges and store distances (coverage.md §3 Store, §4 Delivery method step 1 and Checkout,
 * §7 delivery_charges and nearest stores, §9 "Pickup store search radius 30 KM").
 *
 * Distances are great-circle kilometres (haversine on a sphere of mean Earth radius 6371 km).
 * Money is integer sen. Errors: `RangeError` on invalid coordinates, distances or amounts.
 */
import { PICKUP_STORE_RADIUS_KM } from './constants';
import { assertSen } from './money';

/** Mean Earth radius, km (the usual haversine constant). */
const EARTH_RADIUS_KM = 6371;

/** A point in decimal degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Delivery fee rule of a state (sen): base + per km, free from a product subtotal (null: never). */
export interface DeliveryRate {
  baseSen: number;
  perKmSen: number;
  freeAboveSen: number | null;
}

function assertLatLng(p: LatLng, what: string): void {
  const { latitude, longitude } = p ?? ({} as LatLng);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90 || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new RangeError(`${what} must have latitude −90..90 and longitude −180..180, got ${latitude},${longitude}`);
  }
}

/**
 * Delivery charge in sen (coverage.md §7 delivery_charges): 0 when `freeAboveSen` is set and
 * subtotal ≥ freeAboveSen; otherwise baseSen + perKmSen × distance rounded up to the whole km.
 * The distance is first rounded to the metre, so float noise (3.0000000001) does not add a km.
 * Example: base 500, 100/km, 3.2 km → 500 + 4 × 100 = 900.
 * @param distanceKm kilometres ≥ 0
 * @param subtotalSen product subtotal, integer sen ≥ 0
 * @throws RangeError on a negative or non-finite distance, or negative / fractional sen.
 */
export function deliveryCharge(rate: DeliveryRate, distanceKm: number, subtotalSen: number): number {
  for (const [what, sen] of [['baseSen', rate.baseSen], ['perKmSen', rate.perKmSen], ['Subtotal', subtotalSen]] as const) {
    assertSen(sen, what);
    if (sen < 0) throw new RangeError(`${what} must not be negative, got ${sen}`);
  }
  if (rate.freeAboveSen !== null) {
    assertSen(rate.freeAboveSen, 'freeAboveSen');
    if (subtotalSen >= rate.freeAboveSen) return 0;
  }
  if (!Number.isFinite(distanceKm) || distanceKm < 0) {
    throw new RangeError(`Distance must be a finite number of km ≥ 0, got ${distanceKm}`);
  }
  const wholeKm = Math.ceil(Math.round(distanceKm * 1000) / 1000);
  const charge = rate.baseSen + rate.perKmSen * wholeKm;
  if (!Number.isSafeInteger(charge)) throw new RangeError('Delivery charge is too large');
  return charge;
}

/**
 * Great-circle distance between two points, in km (haversine).
 * @throws RangeError when a latitude is outside −90..90 or a longitude outside −180..180.
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  assertLatLng(a, 'First point');
  assertLatLng(b, 'Second point');
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance as the contract shows it (`distance_km`): km rounded to 2 decimals, 12.3456 → 12.35.
 */
export function roundDistanceKm(km: number): number {
  // eslint-disable-next-line no-restricted-syntax -- kilometres to 2 decimals, not money
  return Math.round(km * 100) / 100;
}

/** A distance as shown beside a store, one decimal, Latin digits: 2.345 → '2.3', 12 → '12.0'. */
export function formatDistanceKm(km: number): string {
  // eslint-disable-next-line no-restricted-syntax -- kilometres, not money
  return km.toFixed(1);
}

/**
 * Parse a store's `store_lat_long` text, 'latitude,longitude' ('3.1390, 101.6869').
 * @throws RangeError unless it is two decimal numbers within range.
 */
export function parseLatLong(text: string): LatLng {
  const parts = String(text).split(',').map((p) => p.trim());
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
  if (parts.length !== 2 || !parts.every((p) => number.test(p))) {
    throw new RangeError(`store_lat_long must be "latitude,longitude", got "${text}"`);
  }
  const point = { latitude: Number(parts[0]), longitude: Number(parts[1]) };
  assertLatLng(point, 'store_lat_long');
  return point;
}

/**
 * Stores within `radiusKm` (inclusive) of `origin`, nearest first (ties keep input order), each
 * copied with `distance_km`, the distance rounded to 2 decimals (coverage.md §3 Store distance_km, §4
 * step 1 "stores within 30KM"). Filtering uses the unrounded distance.
 * @param stores anything with latitude and longitude in decimal degrees
 * @param radiusKm default 30 (`PICKUP_STORE_RADIUS_KM`)
 * @throws RangeError on invalid coordinates or a negative / non-finite radius.
 */
export function storesWithinRadius<T extends LatLng>(
  origin: LatLng,
  stores: readonly T[],
  radiusKm: number = PICKUP_STORE_RADIUS_KM,
): (T & { distance_km: number })[] {
  if (!Number.isFinite(radiusKm) || radiusKm < 0) throw new RangeError(`Radius must be a finite number of km ≥ 0, got ${radiusKm}`);
  return stores
    .map((store, index) => ({ store, index, km: haversineKm(origin, store) }))
    .filter(({ km }) => km <= radiusKm)
    .sort((x, y) => x.km - y.km || x.index - y.index)
    .map(({ store, km }) => ({ ...store, distance_km: roundDistanceKm(km) }));
}
