/**
 * How many orders an outlet takes (issue "The outlets run the shop" §3; ADR 25): pick-up orders
 * per pick-up slot, and delivery orders per day. Each outlet's numbers are set by HQ in the console
 * (`outlet_capacity`), else the shop's defaults (PICKUP_SLOT_CAPACITY, DELIVERY_DAY_CAPACITY).
 *
 * A place is taken by every order that is not Cancelled, from the moment it is placed (an unpaid
 * order holds its place until it is paid or its payment window ends), and given back when it is
 * cancelled or expires, or when its pick-up moves to another slot. A collected order keeps its
 * place: the slot happened.
 *
 * A delivery order counts on the day it was placed (Malaysian date): deliveries leave the outlet
 * the day they are ordered.
 */

/** Orders one pick-up slot of one outlet takes, unless configured otherwise. */
export const DEFAULT_PICKUP_SLOT_CAPACITY = 10;
/** Delivery orders one outlet takes per day, unless configured otherwise. */
export const DEFAULT_DELIVERY_DAY_CAPACITY = 60;
/** The largest capacity that can be set (per slot or per day). */
export const MAX_CAPACITY = 10_000;

/** The shop-wide defaults, from configuration. */
export type CapacityDefaults = { pickupSlot: number; deliveryDay: number };

/** An outlet's own numbers; null where it follows the default. */
export type OutletCapacity = { pickupSlot: number | null; deliveryDay: number | null };

/**
 * The capacity that applies: the outlet's own when set, else the default.
 * ({ pickupSlot: 4, deliveryDay: null }, { pickupSlot: 10, deliveryDay: 60 }) → { pickupSlot: 4, deliveryDay: 60 }.
 */
export function effectiveCapacity(own: OutletCapacity | null | undefined, defaults: CapacityDefaults): CapacityDefaults {
  return { pickupSlot: own?.pickupSlot ?? defaults.pickupSlot, deliveryDay: own?.deliveryDay ?? defaults.deliveryDay };
}

/** What a place is booked against: a pick-up slot ('YYYY-MM-DD', 'HH:mm') or a delivery day (time ''). */
export type CapacityKey = { storeCode: string; kind: 'PICKUP' | 'DELIVERY'; date: string; time: string };

/** True when `taken` places leave none of `capacity`. */
export function isFull(taken: number, capacity: number): boolean {
  return taken >= capacity;
}

/**
 * Reads a capacity setting: a whole number from 0 (the outlet takes none) to `MAX_CAPACITY`.
 * @throws Error naming `name` for anything else.
 */
export function parseCapacity(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > MAX_CAPACITY) throw new Error(`${name} must be a whole number of orders from 0 to ${MAX_CAPACITY}, not "${raw}".`);
  return n;
}
