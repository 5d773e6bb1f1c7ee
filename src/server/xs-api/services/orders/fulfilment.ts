/**
 * Fulfilment of an order: home delivery or store pick-up (coverage.md §3 Order order_del_*, §4 Checkout
 * and Delivery method, §5 Pick-up date, §9 30 km radius). Decides the delivery charge (sen), the
 * distance (km), the delivery and bill addresses, and the pick-up slot.
 */
import type { DeliveryType } from '../../../../domain/constants';
import { storesWithinRadius, type LatLng } from '../../../../domain/delivery';
import { validatePickup, type PickupSettings } from '../../../../domain/pickup';
import type { Db } from '../../db/client';
import type { Customer, OrderAddress } from '../../db/schema';
import { ApiError } from '../../errors';
import { getAddress } from '../addresses';
import { memberBillAddress, toOrderAddress } from '../order-mapping';
import { computeDeliveryChargeSen, getPickupSettings } from '../stores';


/** The outlet fields fulfilment reads: how it serves (coverage.md §3 store_pickdel) and where it is. */
export type FulfilmentStore = LatLng & { pickDel: 'DELIVERY' | 'PICKUP' | 'BOTHPD' };

/** How an order reaches the member. Delivery: charge > 0 possible, distance, delivery address. */
export type Fulfilment = {
  type: DeliveryType;
  /** Delivery charge in sen; 0 for pick-up. */
  deliverySen: number;
  /** Road-free distance outlet → address in km, 2 decimals; null for pick-up. */
  distanceKm: number | null;
  /** order_del_*: the delivery address; null for pick-up. */
  deliveryAddress: OrderAddress | null;
  /** order_bill_*: the delivery address, or for pick-up the chosen address or the member. */
  billAddress: OrderAddress;
  /** Pick-up slot: date 'YYYY-MM-DD' and time 'HH:mm' (Malaysian time); null for delivery. */
  pickup: { date: string; time: string } | null;
};

/** The request fields fulfilment reads (contract `orderInput`). */
export type FulfilmentRequest = {
  order_del_type: DeliveryType;
  add_id?: number | undefined;
  order_del_pickup_date?: string | undefined;
  order_del_pickup_time?: string | undefined;
};

/**
 * Refuses a method the outlet does not offer (pure): BOTHPD allows both, otherwise only its own.
 * @throws ApiError 400 'store_method_unavailable'.
 */
export function checkStoreMethod(store: Pick<FulfilmentStore, 'pickDel'>, type: DeliveryType): void {
  if (store.pickDel !== 'BOTHPD' && store.pickDel !== type) throw new ApiError(400, 'store_method_unavailable');
}

/**
 * Distance in km (2 decimals) from a delivery address to the outlet, which must be within the
 * 30 km of coverage.md §9 (the same rule as the delivery modal's store list: `storesWithinRadius`). Pure.
 * @param address latitude/longitude in degrees, null when the address could not be geocoded
 * @throws ApiError 400 'address_not_located' without coordinates; 400 'no_store_in_range' beyond 30 km.
 */
export function deliveryDistanceKm(address: { latitude: number | null; longitude: number | null }, store: LatLng): number {
  if (address.latitude === null || address.longitude === null) throw new ApiError(400, 'address_not_located');
  const [near] = storesWithinRadius({ latitude: address.latitude, longitude: address.longitude }, [{ latitude: store.latitude, longitude: store.longitude }]);
  if (!near) throw new ApiError(400, 'no_store_in_range');
  return near.distance_km;
}

/**
 * Checks a pick-up slot against the pick-up settings at `now` (pure; `validatePickup` of
 * src/domain/pickup.ts: lead days, 6 months ahead, open weekdays, time window).
 * @returns the slot { date 'YYYY-MM-DD', time 'HH:mm' }
 * @throws ApiError 400 'pickup_required' when date or time is missing; 409 'pickup_expired'
 *   { reason } when the slot is not allowed (past, too soon, too far, closed, outside hours).
 */
export function checkPickupSlot(request: Pick<FulfilmentRequest, 'order_del_pickup_date' | 'order_del_pickup_time'>, settings: PickupSettings, now: Date) {
  const { order_del_pickup_date: date, order_del_pickup_time: time } = request;
  if (!date || !time) throw new ApiError(400, 'pickup_required');
  const check = validatePickup({ date, time }, settings, now);
  if (!check.ok) throw new ApiError(409, 'pickup_expired', {}, { reason: check.reason });
  return { date, time };
}

/**
 * Works out delivery or pick-up for an order. Delivery: the member's address `add_id` (required),
 * its distance to the outlet, the charge for `subtotalSen` (sen) to its state from the delivery
 * rates; the bill address is the delivery address. Pick-up: the slot is checked; the bill address is
 * `add_id` when given, else the member's name and mobile.
 * @throws ApiError 400 'store_method_unavailable', 'no_default_address' (delivery without add_id),
 *   'address_not_located', 'no_store_in_range', 'pickup_required', 'state_unknown',
 *   'delivery_unavailable_state'; 404 'address_not_found', 'pickup_settings_missing';
 *   409 'pickup_expired'.
 */
export async function resolveFulfilment(
  db: Db,
  args: { memberCode: string; customer: Pick<Customer, 'firstName' | 'mobile'>; store: FulfilmentStore; request: FulfilmentRequest; subtotalSen: number; now: Date },
): Promise<Fulfilment> {
  const { memberCode, customer, store, request, subtotalSen, now } = args;
  checkStoreMethod(store, request.order_del_type);
  if (request.order_del_type === 'DELIVERY') {
    if (request.add_id === undefined) throw new ApiError(400, 'no_default_address');
    const address = await getAddress(db, memberCode, request.add_id);
    const distanceKm = deliveryDistanceKm(address, store);
    const deliverySen = await computeDeliveryChargeSen(db, { productSubtotalSen: subtotalSen, state: address.add_state, distanceKm });
    const deliveryAddress = toOrderAddress(address);
    return { type: 'DELIVERY', deliverySen, distanceKm, deliveryAddress, billAddress: deliveryAddress, pickup: null };
  }
  const pickup = checkPickupSlot(request, await getPickupSettings(db), now);
  const billAddress = request.add_id !== undefined ? toOrderAddress(await getAddress(db, memberCode, request.add_id)) : memberBillAddress(customer);
  return { type: 'PICKUP', deliverySen: 0, distanceKm: null, deliveryAddress: null, billAddress, pickup };
}
