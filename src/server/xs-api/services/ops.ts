/**
 * What staff read and do through `npm run ops` (issue "Money in" §6; contract/ops.ts): order lists
 * by status, outlet and date, a day's pick-ups per outlet, and moving an order on by its target
 * status (./staff/order-actions.ts does each move). Only the caller's outlets are read (HQ: all).
 */
import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders';
import { shopDate } from '../../../domain/shop-time';
import type { OpsOrder } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { orderItems, orders, stores } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { visibleOutlets, type StaffIdentity } from '../../../domain/staff';
import type { SmsSender } from '../adapters/sms';
import { markDelivered, markDelivering, markReady, staffOrder, type StaffMove } from './staff/order-actions';
import { clock } from '../../clock';

const LIST_MAX = 500;

/** Parses 'Paid,Ready To Pickup' into statuses. @throws ApiError 400 naming an unknown status. */
function parseStatuses(list: string | undefined): OrderStatus[] {
  const wanted = (list ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.find((s) => !ORDER_STATUSES.includes(s as OrderStatus));
  if (unknown) throw invalidPayload(`status: unknown status "${unknown}" (one of ${ORDER_STATUSES.join(', ')})`);
  return wanted as OrderStatus[];
}

/** The outlets `staff` reads, narrowed to `wanted`; null: all. @throws ApiError 403 for an outlet not theirs. */
function outletsOf(staff: StaffIdentity, wanted?: string): string[] | null {
  const outlets = visibleOutlets(staff, wanted);
  if (outlets && !outlets.length) throw new ApiError(403, 'staff_forbidden');
  return outlets;
}

async function listWhere(db: Db, where: SQL | undefined): Promise<OpsOrder[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(LIST_MAX);
  const counts = rows.length
    ? await db.select({ refno: orderItems.orderRefno, n: count() }).from(orderItems).where(inArray(orderItems.orderRefno, rows.map((r) => r.orderRefno))).groupBy(orderItems.orderRefno)
    : [];
  const items = new Map(counts.map((c) => [c.refno, Number(c.n)]));
  return rows.map((o) => ({
    order_refno: o.orderRefno,
    order_date: o.orderDate,
    created_at: o.createdAt.toISOString(),
    order_status: o.status,
    order_del_type: o.delType,
    store_code: o.storeCode,
    member_code: o.memberCode,
    order_amount: o.amountSen,
    order_del_pickup_date: o.pickupDate,
    order_del_pickup_time: o.pickupTime,
    payment_flag: o.paymentFlag,
    items: items.get(o.orderRefno) ?? 0,
  }));
}

/**
 * Orders filtered by statuses ('Paid,Delivering'), outlet (store code), order date (YYYY-MM-DD)
 * and, with `flagged`, only those an operator must look at; newest first, at most 500; only
 * `staff`'s outlets.
 * @throws ApiError 400 for an unknown status; 403 'staff_forbidden' for an outlet not theirs.
 */
export async function listOrdersForStaff(db: Db, staff: StaffIdentity, filter: { status?: string; outlet?: string; date?: string; flagged?: boolean }): Promise<OpsOrder[]> {
  const statuses = parseStatuses(filter.status);
  const outlets = outletsOf(staff, filter.outlet);
  const where = and(
    statuses.length ? inArray(orders.status, statuses) : undefined,
    outlets ? inArray(orders.storeCode, outlets) : undefined,
    filter.date ? eq(orders.orderDate, filter.date) : undefined,
    filter.flagged ? isNotNull(orders.paymentFlag) : undefined,
  );
  return listWhere(db, where);
}

/**
 * The pick-ups due on `date` (default: today in Malaysia), per outlet of `staff`'s, earliest time
 * first: pick-up orders Paid or Ready To Pickup (not collected, not cancelled).
 * @throws ApiError 403 'staff_forbidden' for an outlet not theirs.
 */
export async function pickupsOfDay(db: Db, staff: StaffIdentity, args: { date?: string; outlet?: string; now?: Date }) {
  const date = args.date ?? shopDate(args.now ?? clock.now());
  const outlets = outletsOf(staff, args.outlet);
  const due = await listWhere(
    db,
    and(eq(orders.delType, 'PICKUP'), eq(orders.pickupDate, date), inArray(orders.status, ['Paid', 'Ready To Pickup']), outlets ? inArray(orders.storeCode, outlets) : undefined),
  );
  const names = new Map((await db.select({ code: stores.storeCode, name: stores.storeName }).from(stores)).map((s) => [s.code, s.name]));
  const byStore = new Map<string, OpsOrder[]>();
  for (const o of due) byStore.set(o.store_code, [...(byStore.get(o.store_code) ?? []), o]);
  const data = [...byStore.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, list]) => ({
      store_code: code,
      store_name: names.get(code) ?? code,
      orders: list.sort((a, b) => (a.order_del_pickup_time ?? '').localeCompare(b.order_del_pickup_time ?? '')),
    }));
  return { date, data };
}

/**
 * Moves an order to `to` as staff, by the move that leads there: Ready To Pickup (`markReady`),
 * Delivering (`markDelivering`, with `trackingCode` and `trackingCourier`), Waiting Comment for a delivery
 * (`markDelivered`). A pick-up order is handed over with its collection code (ops_order_handover);
 * a cancel refunds (ops_order_cancel).
 * @throws ApiError 400 for any other target; 404 'order_not_found' (unknown, or another outlet's);
 *   409 'order_status_refused' / 'order_status_moved' / 'handover_needs_code'; 400 'tracking_code_required' and the courier's refusals of `markDelivering`.
 */
export async function moveOrderAsStaff(
  db: Db,
  sms: SmsSender,
  staff: StaffIdentity,
  args: { orderRefno: string; to: OrderStatus; trackingCode?: string; trackingCourier?: string },
): Promise<StaffMove> {
  await staffOrder(db, staff, args.orderRefno);
  if (args.to === 'Ready To Pickup') return markReady(db, sms, staff, args.orderRefno);
  if (args.to === 'Delivering') return markDelivering(db, sms, staff, args.orderRefno, { trackingCode: args.trackingCode, courier: args.trackingCourier });
  if (args.to === 'Waiting Comment') return markDelivered(db, staff, args.orderRefno);
  if (args.to === 'Cancelled') throw invalidPayload('to: use ops_order_cancel to cancel (it refunds what was paid)');
  throw invalidPayload(`to: staff move orders to Ready To Pickup, Delivering or Waiting Comment, not ${args.to}`);
}
