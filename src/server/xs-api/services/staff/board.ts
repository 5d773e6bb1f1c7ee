/**
 * What staff read (issue "The outlets run the shop" §2): the day's board of an outlet's orders and
 * one order's pick list. An outlet's staff read only their outlets; HQ reads every outlet. Names of
 * products are given in the reader's language; amounts in sen (the HTTP edge writes
 * ringgit strings, ADR 37).
 *
 * The board of a day D holds, for the outlets shown:
 * - pick-up orders whose slot is on D (every status, so the day's collected and cancelled ones show);
 * - delivery orders placed on D, and on the shop's today also older ones still to send or on the way;
 * with per outlet the places taken in each pick-up slot and on the delivery day, against capacity.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { boardColumn, visibleOutlets, type BoardColumn, type StaffIdentity } from '../../../../domain/staff';
import { shopDate } from '../../../../domain/shop-time';
import { unitLabel } from '../../../../domain/units';
import type { CapacityDefaults } from '../../../../domain/slot-capacity';
import type { Locale } from '../../../../domain/constants';
import type { Db } from '../../db/client';
import { capacityBookings, customers, orderEvents, orderItems, orders, payments, products, staff as staffTable, stores } from '../../db/schema';
import { ApiError } from '../../errors';
import { localized } from '../localized';
import { outletCapacityOf } from '../orders/capacity';
import { staffOrder } from './order-actions';
import { clock } from '../../../clock';
import { sandboxPagePath } from '../../adapters/payment/sandbox';

/** One order on the board. */
export type BoardOrder = {
  order_refno: string;
  order_status: string;
  column: BoardColumn;
  order_del_type: 'DELIVERY' | 'PICKUP';
  store_code: string;
  order_date: string;
  order_del_pickup_date: string | null;
  order_del_pickup_time: string | null;
  customer_firstname: string;
  units: number;
  /** Sen (the HTTP edge writes ringgit text, ADR 37). */
  order_amount: number;
  payment_flag: string | null;
  created_at: string;
};

/** Places taken against capacity: per pick-up slot, or for the delivery day (`time` null). */
export type BoardLoad = { store_code: string; kind: 'PICKUP' | 'DELIVERY'; time: string | null; taken: number; capacity: number };

export type Board = {
  date: string;
  outlets: { store_code: string; store_name: string }[];
  orders: BoardOrder[];
  loads: BoardLoad[];
};

/** The outlets `staff` may see, narrowed to `outlet`. @throws ApiError 403 'staff_forbidden' for another outlet's. */
async function outletsFor(db: Db, staff: StaffIdentity, outlet?: string) {
  const codes = visibleOutlets(staff, outlet);
  if (codes && codes.length === 0) throw new ApiError(403, 'staff_forbidden');
  const rows = await db
    .select({ store_code: stores.storeCode, store_name: stores.storeName })
    .from(stores)
    .where(codes ? inArray(stores.storeCode, codes) : undefined)
    .orderBy(asc(stores.storeCode));
  if (outlet && !rows.length) throw new ApiError(404, 'store_not_found', { store: outlet });
  return rows;
}

/**
 * The board of `date` (default: today in Malaysia) for `staff`'s outlets, or only `outlet`.
 * @throws ApiError 403 'staff_forbidden' (an outlet not theirs); 404 'store_not_found'.
 */
export async function staffBoard(db: Db, staff: StaffIdentity, args: { date?: string; outlet?: string; capacity: CapacityDefaults }): Promise<Board> {
  const today = shopDate(clock.now());
  const date = args.date ?? today;
  const outlets = await outletsFor(db, staff, args.outlet);
  const codes = outlets.map((o) => o.store_code);
  const pickups = and(eq(orders.delType, 'PICKUP'), eq(orders.pickupDate, date));
  const deliveries = and(
    eq(orders.delType, 'DELIVERY'),
    date === today ? or(eq(orders.orderDate, date), and(lt(orders.orderDate, date), inArray(orders.status, ['Paid', 'Delivering']))) : eq(orders.orderDate, date),
  );
  const rows = codes.length
    ? await db
        .select({
          o: orders,
          firstName: customers.firstName,
          units: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderRefno} = ${orders.orderRefno})`,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.memberCode, orders.memberCode))
        .where(and(inArray(orders.storeCode, codes), or(pickups, deliveries)))
        .orderBy(asc(orders.pickupTime), asc(orders.createdAt))
        .limit(2000)
    : [];
  const boardOrders: BoardOrder[] = rows.map(({ o, firstName, units }) => ({
    order_refno: o.orderRefno,
    order_status: o.status,
    column: boardColumn(o.status),
    order_del_type: o.delType,
    store_code: o.storeCode,
    order_date: o.orderDate,
    order_del_pickup_date: o.pickupDate,
    order_del_pickup_time: o.pickupTime,
    customer_firstname: firstName,
    units: Number(units),
    order_amount: o.amountSen,
    payment_flag: o.paymentFlag,
    created_at: o.createdAt.toISOString(),
  }));
  return { date, outlets, orders: boardOrders, loads: await loadsOf(db, codes, date, args.capacity) };
}

/** Places taken per slot and delivery day on `date` at `codes`, with each outlet's capacity. */
async function loadsOf(db: Db, codes: string[], date: string, defaults: CapacityDefaults): Promise<BoardLoad[]> {
  if (!codes.length) return [];
  const taken = await db
    .select()
    .from(capacityBookings)
    .where(and(inArray(capacityBookings.storeCode, codes), eq(capacityBookings.date, date)))
    .orderBy(asc(capacityBookings.storeCode), asc(capacityBookings.time));
  const capacities = new Map<string, CapacityDefaults>();
  for (const code of new Set(taken.map((t) => t.storeCode))) capacities.set(code, await outletCapacityOf(db, code, defaults));
  return taken
    .filter((t) => t.taken > 0)
    .map((t) => ({
      store_code: t.storeCode,
      kind: t.kind,
      time: t.kind === 'PICKUP' ? t.time : null,
      taken: t.taken,
      capacity: t.kind === 'PICKUP' ? capacities.get(t.storeCode)!.pickupSlot : capacities.get(t.storeCode)!.deliveryDay,
    }));
}

/** A line of the pick list: what to take off the shelf. */
export type PickLine = {
  product_code: string;
  product_name: string;
  unit: string;
  product_quantity: number;
  product_short_quantity: number;
  /** Unit price and line amount in sen (the HTTP edge writes ringgit text, ADR 37). */
  product_price: number;
  product_amount: number;
};

/** One entry of the order's history as staff see it: with the staff member's name and the reason. */
export type StaffHistoryEntry = { from: string; to: string; kind: string; actor: string; staff_name: string | null; reason: string; at: string };

/**
 * One order as staff work it: the pick list in `locale`, the customer's first name and phone, the
 * remark, the slot or delivery address, the payment state and the whole history with names.
 * @throws ApiError 404 'order_not_found' (unknown, or another outlet's).
 */
export async function staffOrderDetail(db: Db, staff: StaffIdentity, orderRefno: string, locale: Locale) {
  const o = await staffOrder(db, staff, orderRefno);
  const [[member], lines, history, paid, [store]] = await Promise.all([
    db.select({ firstName: customers.firstName, mobile: customers.mobile }).from(customers).where(eq(customers.memberCode, o.memberCode)).limit(1),
    db
      .select({ i: orderItems, name: products.productName, unit: products.unit })
      .from(orderItems)
      .innerJoin(products, eq(products.productCode, orderItems.productCode))
      .where(eq(orderItems.orderRefno, orderRefno))
      .orderBy(asc(orderItems.id)),
    db
      .select({ e: orderEvents, staffName: staffTable.name })
      .from(orderEvents)
      .leftJoin(staffTable, eq(staffTable.id, orderEvents.staffId))
      .where(eq(orderEvents.orderRefno, orderRefno))
      .orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderRefno, orderRefno)).orderBy(desc(payments.createdAt)),
    db.select({ name: stores.storeName }).from(stores).where(eq(stores.storeCode, o.storeCode)).limit(1),
  ]);
  const paidRow = paid.find((p) => p.status === 'paid' || p.status === 'refunded');
  const pickLines: PickLine[] = lines.map(({ i, name, unit }) => ({
    product_code: i.productCode,
    product_name: localized(name, locale) || i.productName,
    unit: unitLabel(unit, locale),
    product_quantity: i.quantity,
    product_short_quantity: i.shortQuantity,
    product_price: i.priceSen,
    product_amount: i.amountSen,
  }));
  return {
    order_refno: o.orderRefno,
    order_status: o.status,
    column: boardColumn(o.status),
    order_del_type: o.delType,
    store_code: o.storeCode,
    store_name: store?.name ?? o.storeCode,
    order_date: o.orderDate,
    created_at: o.createdAt.toISOString(),
    customer_firstname: member?.firstName ?? '',
    customer_phone: member?.mobile ?? '',
    order_remark: o.remark,
    order_del_pickup_date: o.pickupDate,
    order_del_pickup_time: o.pickupTime,
    delivery_address: o.deliveryAddress,
    tracking_code: o.trackingCode,
    tracking_courier: o.trackingCourier,
    payment: {
      state: paidRow ? (paidRow.status === 'refunded' ? 'refunded' : 'paid') : o.amountSen === 0 && o.status !== 'Pending' ? 'paid' : 'unpaid',
      provider: paidRow?.provider ?? null,
      paid: paidRow ? (paidRow.paidAmountSen ?? paidRow.amountSen) : 0,
      refunded: paidRow?.refundedSen ?? 0,
      flag: o.paymentFlag,
      // The provider's own record: the sandbox's page (its status and refunds); none for Stripe (its dashboard).
      record_url: paidRow?.provider === 'sandbox' && paidRow.providerRef ? sandboxPagePath(paidRow.providerRef) : null,
    },
    product: pickLines,
    order_subtotal: o.subtotalSen,
    order_delivery_charges: o.deliveryChargesSen,
    order_voucher_amount: o.voucherAmountSen,
    order_rounding: o.roundingSen,
    order_amount: o.amountSen,
    order_refunded: o.refundedSen,
    history: history.map(({ e, staffName }): StaffHistoryEntry => ({
      from: e.fromStatus,
      to: e.toStatus,
      kind: e.kind,
      actor: e.actor,
      staff_name: staffName,
      reason: e.reason,
      at: e.createdAt.toISOString(),
    })),
  };
}
export type StaffOrderDetail = Awaited<ReturnType<typeof staffOrderDetail>>;
