/** Routes of coverage.md §7 Stores and pickup, and delivery_charges (Checkout). */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { locatePlace } from '../services/places';
import { countStoresWithinRadius, deliveryChargesFor, getPickupSettings, listPickupStores, nearestStores, pickupTimes } from '../services/stores';

/** Registers pickup_store_listing, self_pickup_min_time, self_pickup_time_range, nearest_store, count_store_distance and delivery_charges (coverage.md §7), and locate_place (ours: outlets near a postcode or town). */
export function storeRoutes(app: Hono<ApiEnv>) {
  serve(app, op.pickup_store_listing, async ({ db, query }) => {
    const location = query.latitude !== undefined && query.longitude !== undefined ? { latitude: query.latitude, longitude: query.longitude } : undefined;
    return { data: await listPickupStores(db, { location, store: query.store }) };
  });
  serve(app, op.self_pickup_min_time, async ({ db }) => ({ data: await getPickupSettings(db) }));
  serve(app, op.self_pickup_time_range, async ({ db, query, services }) => ({ data: await pickupTimes(db, { date: query.date, storeCode: query.store, capacity: services.capacity }) }));
  serve(app, op.nearest_store, async ({ db, body }) => ({ data: await nearestStores(db, body.customer_address[0]!, body.outlet) }));
  serve(app, op.count_store_distance, async ({ db, body }) => ({ data: await countStoresWithinRadius(db, body.locations) }));
  serve(app, op.locate_place, async ({ db, query, services }) => ({ data: await locatePlace(db, query.q, services.geocoder) }));
  serve(app, op.delivery_charges, async ({ db, body }) => deliveryChargesFor(db, body));
}
