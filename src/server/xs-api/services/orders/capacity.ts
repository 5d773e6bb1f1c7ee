/**
 * Places in an outlet's pick-up slots and delivery days (src/domain/slot-capacity.ts; issue "The
 * outlets run the shop" §3; ADR 25). A place is taken inside the order's own transaction, after its
 * stock rows are locked, so an order and its place are one change:
 *
 *   INSERT … (taken = 1) ON CONFLICT (outlet, kind, date, time)
 *     DO UPDATE SET taken = taken + 1 WHERE taken < capacity RETURNING taken
 *
 * On PostgreSQL the conflicting row is locked by the first writer; the next one waits for it and
 * then sees its count, so 50 orders racing for a slot of 10 give exactly 10 (tests/api/
 * slot-capacity.test.ts runs that on PostgreSQL). A cancelled or expired order gives its place back
 * (`givePlaceBack`, called by releaseOrders), as does a pick-up moved to another slot.
 */
import { and, eq, sql } from 'drizzle-orm';
import { effectiveCapacity, isFull, type CapacityDefaults, type CapacityKey } from '../../../../domain/slot-capacity';
import type { Db } from '../../db/client';
import { capacityBookings, outletCapacity } from '../../db/schema';
import { ApiError } from '../../errors';

/** The capacity that applies to outlet `storeCode`: its own numbers, else `defaults`. */
export async function outletCapacityOf(db: Db, storeCode: string, defaults: CapacityDefaults): Promise<CapacityDefaults> {
  const [own] = await db
    .select({ pickupSlot: outletCapacity.pickupSlotCapacity, deliveryDay: outletCapacity.deliveryDayCapacity })
    .from(outletCapacity)
    .where(eq(outletCapacity.storeCode, storeCode))
    .limit(1);
  return effectiveCapacity(own, defaults);
}

const keyWhere = (key: CapacityKey) =>
  and(eq(capacityBookings.storeCode, key.storeCode), eq(capacityBookings.kind, key.kind), eq(capacityBookings.date, key.date), eq(capacityBookings.time, key.time));

/**
 * Takes one place of `key` inside the caller's transaction `tx`, if fewer than `capacity` are taken.
 * @returns true when a place was taken; false when the slot (or day) is full
 */
export async function takePlace(tx: Db, key: CapacityKey, capacity: number): Promise<boolean> {
  if (capacity <= 0) return false;
  const rows = await tx
    .insert(capacityBookings)
    .values({ ...key, taken: 1 })
    .onConflictDoUpdate({
      target: [capacityBookings.storeCode, capacityBookings.kind, capacityBookings.date, capacityBookings.time],
      set: { taken: sql`${capacityBookings.taken} + 1` },
      setWhere: sql`${capacityBookings.taken} < ${capacity}`,
    })
    .returning({ taken: capacityBookings.taken });
  return rows.length > 0;
}

/** Gives `count` places of `key` back (default one; never below 0), inside the caller's transaction. */
export async function givePlaceBack(tx: Db, key: CapacityKey, count = 1): Promise<void> {
  await tx
    .update(capacityBookings)
    .set({ taken: sql`greatest(${capacityBookings.taken} - ${count}::int, 0)` })
    .where(keyWhere(key));
}

/** What an order books: its pick-up slot, or its delivery day; null for a pick-up without a slot. */
export function bookingOf(order: { storeCode: string; delType: 'DELIVERY' | 'PICKUP'; orderDate: string; pickupDate: string | null; pickupTime: string | null }): CapacityKey | null {
  if (order.delType === 'DELIVERY') return { storeCode: order.storeCode, kind: 'DELIVERY', date: order.orderDate, time: '' };
  if (!order.pickupDate || !order.pickupTime) return null;
  return { storeCode: order.storeCode, kind: 'PICKUP', date: order.pickupDate, time: order.pickupTime };
}

/**
 * Takes the place an order needs, inside its transaction.
 * @throws ApiError 409 'pickup_slot_full' or 'delivery_day_full' when there is none left, with
 *   `full` ('pickup_slot' | 'delivery_day'), `store_code`, `date` and `time` (null for a day)
 */
export async function reservePlace(tx: Db, key: CapacityKey, capacity: CapacityDefaults): Promise<void> {
  const limit = key.kind === 'PICKUP' ? capacity.pickupSlot : capacity.deliveryDay;
  if (await takePlace(tx, key, limit)) return;
  const full = key.kind === 'PICKUP' ? 'pickup_slot' : 'delivery_day';
  throw new ApiError(409, `${full}_full`, {}, { full, store_code: key.storeCode, date: key.date, time: key.time || null });
}

/** Places taken per pick-up time on `date` at outlet `storeCode`: 'HH:mm' → count. */
export async function takenPickupPlaces(db: Db, storeCode: string, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ time: capacityBookings.time, taken: capacityBookings.taken })
    .from(capacityBookings)
    .where(and(eq(capacityBookings.storeCode, storeCode), eq(capacityBookings.kind, 'PICKUP'), eq(capacityBookings.date, date)));
  return new Map(rows.map((r) => [r.time, r.taken]));
}

/** The pick-up times of `times` that are full at `storeCode` on `date`. */
export async function fullPickupTimes(db: Db, storeCode: string, date: string, times: readonly string[], defaults: CapacityDefaults): Promise<string[]> {
  const [capacity, taken] = await Promise.all([outletCapacityOf(db, storeCode, defaults), takenPickupPlaces(db, storeCode, date)]);
  return times.filter((t) => isFull(taken.get(t) ?? 0, capacity.pickupSlot));
}

/** Delivery places taken and left at `storeCode` on `date`. */
export async function deliveryDayLoad(db: Db, storeCode: string, date: string, defaults: CapacityDefaults): Promise<{ taken: number; capacity: number }> {
  const [capacity, [row]] = await Promise.all([
    outletCapacityOf(db, storeCode, defaults),
    db.select({ taken: capacityBookings.taken }).from(capacityBookings).where(keyWhere({ storeCode, kind: 'DELIVERY', date, time: '' })).limit(1),
  ]);
  return { taken: row?.taken ?? 0, capacity: capacity.deliveryDay };
}
