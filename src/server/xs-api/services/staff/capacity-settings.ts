/**
 * The outlets' capacity as HQ sets it in the console (src/domain/slot-capacity.ts; issue "The
 * outlets run the shop" §3): orders per pick-up slot and delivery orders per day, per outlet, or
 * null to follow the shop's defaults (PICKUP_SLOT_CAPACITY, DELIVERY_DAY_CAPACITY). Lowering a
 * capacity never cancels an order: places already taken stay, new orders wait for room.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { effectiveCapacity, type CapacityDefaults } from '../../../../domain/slot-capacity';
import { visibleOutlets, type StaffIdentity } from '../../../../domain/staff';
import type { Db } from '../../db/client';
import { outletCapacity, stores } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordStaffEvent } from './accounts';
import { clock } from '../../../clock';

/** An outlet's capacity: its own numbers (null: the default) and what applies. */
export type OutletCapacityView = {
  store_code: string;
  store_name: string;
  pickup_slot_capacity: number | null;
  delivery_day_capacity: number | null;
  effective_pickup_slot_capacity: number;
  effective_delivery_day_capacity: number;
};

/** The capacity of every outlet `staff` may see (HQ: all), by store code. */
export async function listOutletCapacity(db: Db, staff: StaffIdentity | null, defaults: CapacityDefaults): Promise<OutletCapacityView[]> {
  const codes = staff ? visibleOutlets(staff) : null;
  const rows = await db
    .select({ code: stores.storeCode, name: stores.storeName, pickupSlot: outletCapacity.pickupSlotCapacity, deliveryDay: outletCapacity.deliveryDayCapacity })
    .from(stores)
    .leftJoin(outletCapacity, eq(outletCapacity.storeCode, stores.storeCode))
    .where(codes ? inArray(stores.storeCode, codes.length ? codes : ['']) : undefined)
    .orderBy(asc(stores.storeCode));
  return rows.map((r) => {
    const applies = effectiveCapacity(r, defaults);
    return {
      store_code: r.code,
      store_name: r.name,
      pickup_slot_capacity: r.pickupSlot,
      delivery_day_capacity: r.deliveryDay,
      effective_pickup_slot_capacity: applies.pickupSlot,
      effective_delivery_day_capacity: applies.deliveryDay,
    };
  });
}

/**
 * Sets an outlet's own capacity (null: back to the default), naming who did it (null: the bootstrap token).
 * @throws ApiError 404 'store_not_found'.
 */
export async function setOutletCapacity(
  db: Db,
  actor: StaffIdentity | null,
  input: { store_code: string; pickup_slot_capacity: number | null; delivery_day_capacity: number | null },
  defaults: CapacityDefaults,
): Promise<OutletCapacityView> {
  const [store] = await db.select({ code: stores.storeCode }).from(stores).where(eq(stores.storeCode, input.store_code)).limit(1);
  if (!store) throw new ApiError(404, 'store_not_found', { store: input.store_code });
  const values = { pickupSlotCapacity: input.pickup_slot_capacity, deliveryDayCapacity: input.delivery_day_capacity, updatedBy: actor?.id ?? null, updatedAt: clock.now() };
  await db.transaction(async (tx) => {
    await tx.insert(outletCapacity).values({ storeCode: input.store_code, ...values }).onConflictDoUpdate({ target: outletCapacity.storeCode, set: values });
    const show = (n: number | null) => (n === null ? 'default' : String(n));
    await recordStaffEvent(tx, { actor, action: 'capacity_set', subject: input.store_code, detail: `pickup slot ${show(input.pickup_slot_capacity)}, delivery day ${show(input.delivery_day_capacity)}` });
  });
  return (await listOutletCapacity(db, null, defaults)).find((o) => o.store_code === input.store_code)!;
}
