/**
 * Outlets, self pick-up and delivery charges (coverage.md §3 Store, Pickup settings; §4 Delivery method
 * steps 1–3; §7 Stores and pickup, delivery_charges; §9 30 km radius). Distances are km
 * (haversine, src/domain/delivery.ts); money is integer sen, in the answers too (the HTTP edge writes ringgit strings, ADR 37).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { PickupSettings, Store } from '../../../lib/xs-api/contract';
import { deliveryCharge, haversineKm, roundDistanceKm, storesWithinRadius, type LatLng } from '../../../domain/delivery';
import { pickupTimeSlots } from '../../../domain/pickup';
import type { Db } from '../db/client';
import { deliveryRates, pickupSettings, products, states, stores } from '../db/schema';
import { ApiError } from '../errors';
import { resolveState } from './addresses';
import { clock } from '../../clock';
import type { CapacityDefaults } from '../../../domain/slot-capacity';
import { fullPickupTimes } from './orders/capacity';

type StoreRow = typeof stores.$inferSelect & { stateName: string };

/** Maps an outlet row to the contract's `store`; `distance_km` null when no location was given. */
function toStore(s: StoreRow, distanceKm: number | null): Store {
  return {
    store_code: s.storeCode,
    store_no: s.storeNo,
    store_name: s.storeName,
    store_address: s.storeAddress,
    store_phone: s.storePhone,
    store_state: s.stateName,
    store_lat_long: `${s.latitude},${s.longitude}`,
    store_pickdel: s.pickDel,
    distance_km: distanceKm,
  };
}

/** Active outlets with their state name, in store_no order; optionally one outlet (store_no or store_code). */
async function activeStores(db: Db, only?: string): Promise<StoreRow[]> {
  const rows = await db
    .select({ store: stores, stateName: states.stateName })
    .from(stores)
    .innerJoin(states, eq(states.stateCode, stores.stateCode))
    .where(and(eq(stores.isActive, true), only ? or(eq(stores.storeNo, only), eq(stores.storeCode, only)) : undefined))
    .orderBy(asc(stores.storeNo));
  return rows.map(({ store, stateName }) => ({ ...store, stateName }));
}

/**
 * pickup_store_listing: every active outlet in store_no order, each with distance_km null; with a
 * location, only the outlets within 30 km of it, nearest first, distance_km rounded to 2 decimals.
 * `store` (a store_no or store_code) narrows the list to that outlet.
 */
export async function listPickupStores(db: Db, opts: { location?: LatLng; store?: string }): Promise<Store[]> {
  const rows = await activeStores(db, opts.store);
  if (!opts.location) return rows.map((s) => toStore(s, null));
  return storesWithinRadius(opts.location, rows).map((s) => toStore(s, s.distance_km));
}

/**
 * The self pick-up rules (table `pickup_settings`, coverage.md §3): lead days, time window HH:mm,
 * weekday flags Sunday..Saturday, minutes between offered times.
 * @throws ApiError 404 'pickup_settings_missing' when the row is absent.
 */
export async function getPickupSettings(db: Db): Promise<PickupSettings> {
  const [row] = await db.select().from(pickupSettings).orderBy(asc(pickupSettings.id)).limit(1);
  if (!row) throw new ApiError(404, 'pickup_settings_missing');
  return {
    pickup_min_time: row.pickupMinTime,
    pickup_min_time_range: row.pickupMinTimeRange,
    pickup_max_time_range: row.pickupMaxTimeRange,
    pickup_days_range: row.pickupDaysRange,
    slot_minutes: row.slotMinutes,
  };
}

/**
 * self_pickup_time_range: the pick-up times (HH:mm, Malaysian time) offered on `date` (YYYY-MM-DD)
 * at `now`, by `pickupTimeSlots` of src/domain/pickup.ts: empty for a past, too-soon, too-far
 * (beyond 6 months) or closed date; on the first allowed day, times already past are dropped.
 * With `storeCode`, `full` lists the times that outlet has no place left in (src/domain/
 * slot-capacity.ts; `capacity` the shop's defaults): still listed, shown as Full, refused by
 * add_order. Without it, `full` is empty.
 */
export async function pickupTimes(
  db: Db,
  args: { date: string; storeCode?: string; capacity: CapacityDefaults },
  now = clock.now(),
): Promise<{ date: string; times: string[]; full: string[] }> {
  const times = pickupTimeSlots(args.date, await getPickupSettings(db), now);
  const full = args.storeCode && times.length ? await fullPickupTimes(db, args.storeCode, args.date, times, args.capacity) : [];
  return { date: args.date, times, full };
}

/**
 * nearest_store (coverage.md §7 nearest stores): distance in km (2 decimals) from `from` to each of the
 * given outlets (their own coordinates), or to every active outlet when `outlets` is omitted;
 * nearest first.
 * @throws ApiError 400 when an outlet's coordinates are out of range.
 */
export async function nearestStores(
  db: Db,
  from: LatLng,
  outlets?: { storecode: string; latitude: number; longitude: number }[],
): Promise<{ storecode: string; distance_km: number }[]> {
  const points = outlets ?? (await activeStores(db)).map((s) => ({ storecode: s.storeCode, latitude: s.latitude, longitude: s.longitude }));
  let measured;
  try {
    measured = points.map((p, i) => ({ storecode: p.storecode, km: haversineKm(from, p), i }));
  } catch (err) {
    throw new ApiError(400, 'api_invalid_payload', { detail: `outlet: ${(err as Error).message}` });
  }
  return measured.sort((a, b) => a.km - b.km || a.i - b.i).map(({ storecode, km }) => ({ storecode, distance_km: roundDistanceKm(km) }));
}

/**
 * count_store_distance (coverage.md §7): for each location, the active outlets within the 30 km of spec
 * §9 (`storesWithinRadius`, the rule pickup_store_listing applies), counted, and the nearest one
 * (store_code, km to 2 decimals), null when none is in range. Answers in the locations' order.
 * @throws ApiError 400 'api_invalid_payload' for coordinates out of range.
 */
export async function countStoresWithinRadius(
  db: Db,
  locations: LatLng[],
): Promise<{ latitude: number; longitude: number; store_count: number; nearest_store_code: string | null; nearest_distance_km: number | null }[]> {
  const rows = await activeStores(db);
  return locations.map((at) => {
    let inRange;
    try {
      inRange = storesWithinRadius(at, rows);
    } catch (err) {
      throw new ApiError(400, 'api_invalid_payload', { detail: `locations: ${(err as Error).message}` });
    }
    const nearest = inRange[0];
    return { latitude: at.latitude, longitude: at.longitude, store_count: inRange.length, nearest_store_code: nearest?.storeCode ?? null, nearest_distance_km: nearest?.distance_km ?? null };
  });
}

/**
 * Delivery charge in sen for a product subtotal (sen) to a state (a state code such as 'SGR' or a
 * state name such as 'Selangor') at `distanceKm` km, from the state's `delivery_rates` row and
 * `deliveryCharge` of src/domain/delivery.ts (coverage.md §7 delivery_charges). Used by the order service.
 * @throws ApiError 400 'state_unknown' for an unknown state, 400 'delivery_unavailable_state' when
 *   the state has no delivery rate, 400 'api_invalid_payload' for a negative distance or subtotal.
 */
export async function computeDeliveryChargeSen(
  db: Db,
  { productSubtotalSen, state, distanceKm }: { productSubtotalSen: number; state: string; distanceKm: number },
): Promise<number> {
  const found = await resolveState(db, state);
  if (!found) throw new ApiError(400, 'state_unknown', { state });
  const [rate] = await db.select().from(deliveryRates).where(eq(deliveryRates.stateCode, found.stateCode)).limit(1);
  if (!rate) throw new ApiError(400, 'delivery_unavailable_state', { state: found.stateName });
  try {
    return deliveryCharge(rate, distanceKm, productSubtotalSen);
  } catch (err) {
    throw new ApiError(400, 'api_invalid_payload', { detail: (err as Error).message });
  }
}

/**
 * delivery_charges: the charge for a list of products to a state at a distance, recomputed from
 * the database: subtotal = Σ final price (sen) × quantity; prices a client sends are ignored.
 * Returns sen (750; the HTTP edge writes '7.50', ADR 37).
 * @throws ApiError 400 'product_unknown' for an unknown or inactive product, and the errors of
 *   `computeDeliveryChargeSen`.
 */
export async function deliveryChargesFor(
  db: Db,
  body: { product: { product_code: string; product_quantity: number }[]; state: string; distance_km: number },
): Promise<{ delivery_charges: number; product_subtotal: number }> {
  const codes = [...new Set(body.product.map((p) => p.product_code))];
  const rows = await db
    .select({ code: products.productCode, finalPriceSen: products.finalPriceSen })
    .from(products)
    .where(and(inArray(products.productCode, codes), eq(products.isActive, true)));
  const price = new Map(rows.map((r) => [r.code, r.finalPriceSen]));
  let subtotalSen = 0;
  for (const line of body.product) {
    const unit = price.get(line.product_code);
    if (unit === undefined) throw new ApiError(400, 'product_unknown', { code: line.product_code });
    subtotalSen += unit * line.product_quantity;
  }
  const chargeSen = await computeDeliveryChargeSen(db, { productSubtotalSen: subtotalSen, state: body.state, distanceKm: body.distance_km });
  return { delivery_charges: chargeSen, product_subtotal: subtotalSen };
}
