/** Stores, pick-up and delivery charge operations (coverage.md §7 Stores and pickup, Checkout). */
import { z } from 'zod';
import { amount, amountInput, calendarDate, defineOperation, statusOk } from './operation';
import { placeQuerySchema } from '../../../domain/place-search';

export const store = z.object({
  store_code: z.string(),
  store_no: z.string(),
  store_name: z.string(),
  store_address: z.string(),
  store_phone: z.string(),
  store_state: z.string(),
  store_lat_long: z.string(),
  store_pickdel: z.enum(['DELIVERY', 'PICKUP', 'BOTHPD']),
  distance_km: z.number().nullable(),
});
export type Store = z.infer<typeof store>;

export const pickupSettingsShape = z.object({
  pickup_min_time: z.number().int(),
  pickup_min_time_range: z.string(),
  pickup_max_time_range: z.string(),
  pickup_days_range: z.string(),
  slot_minutes: z.number().int(),
});
export type PickupSettings = z.infer<typeof pickupSettingsShape>;

const latLng = z.object({ latitude: z.coerce.number().min(-90).max(90), longitude: z.coerce.number().min(-180).max(180) });

export const pickupStoreListing = defineOperation({
  name: 'pickup_store_listing',
  method: 'GET',
  path: 'pickup_store_listing',
  member: 'none',
  summary: 'Outlets; with latitude and longitude, only those within 30 km, nearest first, with distance_km.',
  query: z
    .object({
      latitude: z.coerce.number().min(-90).max(90).optional(),
      longitude: z.coerce.number().min(-180).max(180).optional(),
      store: z.string().max(20).optional(),
    })
    .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
      message: 'latitude and longitude must be given together',
      path: ['latitude'],
    }),
  response: z.object({ Status: statusOk, data: z.array(store) }),
});

export const selfPickupMinTime = defineOperation({
  name: 'self_pickup_min_time',
  method: 'GET',
  path: 'self_pickup_min_time',
  member: 'none',
  summary: 'Pick-up settings: minimum lead time in days and allowed weekdays.',
  response: z.object({ Status: statusOk, data: pickupSettingsShape }),
});

export const selfPickupTimeRange = defineOperation({
  name: 'self_pickup_time_range',
  method: 'GET',
  path: 'self_pickup_time_range',
  member: 'none',
  summary: 'Pick-up times (HH:mm) offered on a date (YYYY-MM-DD), in Malaysian time; with `store` (a store code), `full` lists the times that outlet has no place left in.',
  query: z.object({
    date: calendarDate('date must be YYYY-MM-DD'),
    store: z.string().trim().max(20).optional(),
  }),
  response: z.object({ Status: statusOk, data: z.object({ date: z.string(), times: z.array(z.string()), full: z.array(z.string()) }) }),
});

export const nearestStore = defineOperation({
  name: 'nearest_store',
  method: 'POST',
  path: 'nearest_store',
  member: 'none',
  summary: 'Distances from a customer location to outlets (spec §7 nearest stores; path not given there).',
  body: z.object({
    customer_address: z.array(latLng).length(1),
    outlet: z.array(z.object({ storecode: z.string(), latitude: z.coerce.number(), longitude: z.coerce.number() })).max(100).optional(),
  }),
  response: z.object({ Status: statusOk, data: z.array(z.object({ storecode: z.string(), distance_km: z.number() })) }),
});

/**
 * count_store_distance (coverage.md §7 Stores and pickup: POST, payload "locations"; no time-out): for
 * each location, how many active outlets lie within the pick-up radius (30 km, coverage.md §9) and which
 * is nearest. The shop decided the payload, since the spec names only "locations":
 * `{ locations: [{ latitude, longitude }] }`, 1 to 20 points in decimal degrees. The answer keeps
 * their order: `{ latitude, longitude, store_count, nearest_store_code, nearest_distance_km }`,
 * the last two null when no outlet is in range (the delivery modal's 'There are no stores
 * available 30KM within your location range'). The radius and distances are the ones
 * pickup_store_listing applies (one rule, src/domain/delivery.ts `storesWithinRadius`).
 * Errors: 400 for a missing or empty list, more than 20 points, or coordinates out of range.
 */
export const countStoreDistance = defineOperation({
  name: 'count_store_distance',
  method: 'POST',
  path: 'count_store_distance',
  member: 'none',
  summary: 'For each location (1–20 points), the number of outlets within 30 km and the nearest one (spec §7 count_store_distance, payload "locations").',
  body: z.object({ locations: z.array(latLng).min(1).max(20) }),
  response: z.object({
    Status: statusOk,
    data: z.array(
      z.object({
        latitude: z.number(),
        longitude: z.number(),
        store_count: z.number().int(),
        nearest_store_code: z.string().nullable(),
        nearest_distance_km: z.number().nullable(),
      }),
    ),
  }),
});

/** A place locate_place found: name, the postcode searched (null for a town), state, point in decimal degrees. */
export const placeShape = z.object({
  place_name: z.string(),
  postcode: z.string().nullable(),
  state_code: z.string(),
  state_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** True when the point is only near the place (a postcode placed by its neighbours). */
  approximate: z.boolean(),
});
export type Place = z.infer<typeof placeShape>;

/**
 * locate_place (ours; issue "A shopper trusts every step": finding outlets before any saved
 * address): where a Malaysian postcode or town is, so the delivery modal lists the outlets near it
 * with pickup_store_listing's latitude and longitude. `q` is 5 digits (a postcode) or a town of 2
 * to 60 characters, matched ignoring case, accents and punctuation (src/domain/place-search.ts).
 * Answers 1 to 5 places, best first; the same geocoder as addresses (ADR 15).
 * Errors: 400 for a bad `q` ('A postcode is 5 digits.'), 404 when no postcode or town matches,
 * both in the caller's language.
 */
export const locatePlaceOperation = defineOperation({
  name: 'locate_place',
  method: 'GET',
  path: 'locate_place',
  member: 'none',
  summary: 'Where a Malaysian postcode (5 digits) or town (2–60 characters, any case or accents) is: up to 5 places with state and latitude/longitude, for pickup_store_listing. 400 for a bad q, 404 when nothing matches.',
  query: z.object({ q: placeQuerySchema }),
  response: z.object({ Status: statusOk, data: z.array(placeShape).min(1).max(5) }),
});

export const deliveryCharges = defineOperation({
  name: 'delivery_charges',
  method: 'POST',
  path: 'delivery_charges/:member',
  member: 'required',
  summary: 'Delivery charge for products to an address state at a distance.',
  body: z.object({
    product: z.array(z.object({ product_code: z.string(), product_quantity: z.number().int().min(1), product_price: amountInput.optional() })).min(1).max(100),
    state: z.string().min(1).max(60),
    distance_km: z.coerce.number().min(0).max(1000),
  }),
  /** delivery_charges in RM on the wire (sen once parsed, ADR 37); product_subtotal is the subtotal it was computed from (DB prices). */
  response: z.object({ Status: statusOk, delivery_charges: amount, product_subtotal: amount }),
});
