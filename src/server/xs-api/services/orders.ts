/**
 * Orders (spec §3 Order, §4 Checkout, §7 add_order/order_listing/order_detail; DESIGN "The server
 * recomputes"). An order is priced from the database; a client amount that disagrees is refused.
 * Stock, voucher and cart change in the same transaction as the order, with row locks; the
 * idempotency key makes a retried submit return the first order.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderInput } from '../../../lib/xs-api/contract';
import type { z } from 'zod';
import type { orderInput } from '../../../lib/xs-api/contract';
import { toSen } from '../../../domain/money';
import { orderTotals, parseVoucherAmount } from '../../../domain/totals';
import { haversineKm, PICKUP_STORE_RADIUS_KM } from '../../../domain/delivery';
import { validatePickup } from '../../../domain/pickup';
import { shopDate } from '../../../domain/shop-time';
import { formatOrderRefno } from '../../../domain/orders';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { cartItems, customers, memberVouchers, orderItems, orders, pickupSettings, products, storeStock, vouchers, type Order, type OrderAddress } from '../db/schema';
import { ApiError } from '../errors';
import { localized } from './localized';
import { getStoreByNo } from './cart';
import { getAddress } from './addresses';
import { computeDeliveryChargeSen } from './stores';
import { toContractOrder } from './order-mapping';

type OrderRequest = z.output<typeof orderInput>;

async function loadOrder(db: Db, where: ReturnType<typeof eq>) {
  const [o] = await db.select().from(orders).where(where).limit(1);
  if (!o) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderRefno, o.orderRefno)).orderBy(orderItems.id);
  return toContractOrder(o, items);
}

/**
 * One order of a member.
 * @throws ApiError 404 when it does not exist or belongs to someone else.
 */
export async function getOrder(db: Db, memberCode: string, orderRefno: string) {
  const o = await loadOrder(db, and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode))!);
  if (!o) throw new ApiError(404, 'order_not_found');
  return o;
}

/** A member's orders, newest first; `statuses` filters. `limit` is "offset,count". */
export async function listOrders(db: Db, memberCode: string, statuses: string[], limit: string) {
  const [offset, count] = limit.split(',').map(Number) as [number, number];
  const where = and(eq(orders.memberCode, memberCode), statuses.length ? inArray(orders.status, statuses as Order['status'][]) : undefined);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(count).offset(offset);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(where)) as [{ total: number }];
  const items = rows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderRefno, rows.map((r) => r.orderRefno))).orderBy(orderItems.id) : [];
  return { data: rows.map((o) => toContractOrder(o, items.filter((i) => i.orderRefno === o.orderRefno))), total };
}

function sameAmount(clientRm: number | string | undefined, sen: number): boolean {
  if (clientRm === undefined) return true;
  try {
    return toSen(clientRm) === sen;
  } catch {
    return false;
  }
}

/**
 * Places an order.
 * @throws ApiError 400 invalid delivery/pick-up details; 409 'stale_price' (a line price differs from
 *   the database), 'amount_mismatch' (a total differs), 'out_of_stock' (with the available
 *   quantities), 'pickup_expired', 'voucher_invalid'.
 */
export async function placeOrder(db: Db, memberCode: string, input: OrderRequest, locale: Locale, now = new Date()) {
  const previous = await db.select({ refno: orders.orderRefno, member: orders.memberCode }).from(orders).where(eq(orders.idempotencyKey, input.idempotency_key)).limit(1);
  if (previous[0]) {
    if (previous[0].member !== memberCode) throw new ApiError(409, 'api_invalid_payload', { detail: 'idempotency_key already used' });
    return getOrder(db, memberCode, previous[0].refno);
  }
  const store = await getStoreByNo(db, input.store);
  const [customer] = await db.select().from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!customer) throw new ApiError(404, 'api_not_found');

  // Lines priced from the database.
  const codes = input.product.map((p) => p.product_code);
  if (new Set(codes).size !== codes.length) throw new ApiError(400, 'api_invalid_payload', { detail: 'product: each product once' });
  const dbProducts = await db.select().from(products).where(and(inArray(products.productCode, codes), eq(products.isActive, true)));
  const lines = input.product.map((p) => {
    const row = dbProducts.find((d) => d.productCode === p.product_code);
    if (!row) throw new ApiError(404, 'product_not_found', { code: p.product_code });
    return { row, quantity: p.product_quantity, clientPrice: p.product_price, clientAmount: p.product_amount };
  });
  const stale = lines.filter((l) => !sameAmount(l.clientPrice, l.row.finalPriceSen) || !sameAmount(l.clientAmount, l.row.finalPriceSen * l.quantity));
  if (stale.length) {
    throw new ApiError(409, 'stale_price', {}, {
      product: stale.map((l) => ({ product_code: l.row.productCode, product_price: (l.row.finalPriceSen / 100).toFixed(2) })),
    });
  }
  const subtotalSen = lines.reduce((s, l) => s + l.row.finalPriceSen * l.quantity, 0);

  // Delivery or pick-up.
  let deliverySen = 0;
  let distanceKm: number | null = null;
  let deliveryAddress: OrderAddress | null = null;
  let billAddress: OrderAddress;
  let pickup: { date: string; time: string } | null = null;
  const allows = (t: 'DELIVERY' | 'PICKUP') => store.pickDel === 'BOTHPD' || store.pickDel === t;
  if (!allows(input.order_del_type)) throw new ApiError(400, 'store_method_unavailable');
  if (input.order_del_type === 'DELIVERY') {
    if (input.add_id === undefined) throw new ApiError(400, 'no_default_address');
    const a = await getAddress(db, memberCode, input.add_id);
    if (a.latitude === null || a.longitude === null) throw new ApiError(400, 'address_not_located');
    distanceKm = Math.round(haversineKm({ latitude: a.latitude, longitude: a.longitude }, store) * 100) / 100;
    if (distanceKm > PICKUP_STORE_RADIUS_KM) throw new ApiError(400, 'no_store_in_range');
    deliverySen = await computeDeliveryChargeSen(db, { productSubtotalSen: subtotalSen, state: a.add_state, distanceKm });
    deliveryAddress = {
      person: a.add_person, phone: a.add_phone, address1: a.add_address1, address2: a.add_address2,
      postcode: a.add_postcode, city: a.add_city, state: a.add_state, country: 'Malaysia',
    };
    billAddress = deliveryAddress;
  } else {
    if (!input.order_del_pickup_date || !input.order_del_pickup_time) throw new ApiError(400, 'pickup_required');
    const [settings] = await db.select().from(pickupSettings).limit(1);
    pickup = { date: input.order_del_pickup_date, time: input.order_del_pickup_time };
    const check = validatePickup(pickup, {
      pickup_min_time: settings!.pickupMinTime, pickup_min_time_range: settings!.pickupMinTimeRange,
      pickup_max_time_range: settings!.pickupMaxTimeRange, pickup_days_range: settings!.pickupDaysRange, slot_minutes: settings!.slotMinutes,
    }, now);
    if (!check.ok) throw new ApiError(409, 'pickup_expired', {}, { reason: check.reason });
    billAddress = input.add_id !== undefined ? await getAddress(db, memberCode, input.add_id).then((a) => ({
      person: a.add_person, phone: a.add_phone, address1: a.add_address1, address2: a.add_address2,
      postcode: a.add_postcode, city: a.add_city, state: a.add_state, country: 'Malaysia',
    })) : { person: customer.firstName, phone: customer.mobile, address1: '', address2: '', postcode: '', city: '', state: '', country: 'Malaysia' };
  }
  if (!sameAmount(input.order_delivery_charges, deliverySen)) throw new ApiError(409, 'amount_mismatch', { field: 'order_delivery_charges' });

  // Voucher.
  let voucher: { no: string; code: string; name: string; amount: string } | null = null;
  if (input.order_voucher_no) {
    const [v] = await db
      .select({ no: memberVouchers.vmVoucherNo, code: vouchers.vcCode, name: vouchers.vcName, amount: vouchers.vcAmount, minSpend: vouchers.minSpendSen, expire: memberVouchers.expireDate, usedAt: memberVouchers.usedAt })
      .from(memberVouchers)
      .innerJoin(vouchers, eq(vouchers.vcCode, memberVouchers.vcCode))
      .where(and(eq(memberVouchers.vmVoucherNo, input.order_voucher_no), eq(memberVouchers.memberCode, memberCode)))
      .limit(1);
    if (!v || v.usedAt || v.expire < shopDate(now) || subtotalSen < v.minSpend) throw new ApiError(409, 'voucher_invalid');
    voucher = { no: v.no, code: v.code, name: localized(v.name, locale), amount: v.amount };
  }
  const totals = orderTotals({ subtotalSen, deliverySen, voucher: voucher ? parseVoucherAmount(voucher.amount) : undefined });
  if (!sameAmount(input.order_voucher_amount, totals.voucherSen)) throw new ApiError(409, 'amount_mismatch', { field: 'order_voucher_amount' });
  if (!sameAmount(input.order_amount, totals.totalSen)) throw new ApiError(409, 'amount_mismatch', { field: 'order_amount' });

  const orderDate = shopDate(now);
  for (let attempt = 0; ; attempt++) {
    try {
      const refno = await db.transaction(async (tx) => {
        // Lock the stock rows, then check and take the quantities.
        const stock = await tx
          .select({ code: storeStock.productCode, quantity: storeStock.quantity })
          .from(storeStock)
          .where(and(eq(storeStock.storeCode, store.storeCode), inArray(storeStock.productCode, codes)))
          .for('update');
        const short = lines.filter((l) => (stock.find((s) => s.code === l.row.productCode)?.quantity ?? 0) < l.quantity);
        if (short.length) {
          const first = short[0]!;
          throw new ApiError(409, 'out_of_stock', { name: localized(first.row.productName, locale), available: stock.find((s) => s.code === first.row.productCode)?.quantity ?? 0 }, {
            product: short.map((l) => ({ product_code: l.row.productCode, available_quantity: stock.find((s) => s.code === l.row.productCode)?.quantity ?? 0 })),
          });
        }
        for (const l of lines) {
          await tx.update(storeStock).set({ quantity: sql`${storeStock.quantity} - ${l.quantity}` })
            .where(and(eq(storeStock.storeCode, store.storeCode), eq(storeStock.productCode, l.row.productCode)));
        }
        if (voucher) {
          const used = await tx.update(memberVouchers).set({ usedAt: now })
            .where(and(eq(memberVouchers.vmVoucherNo, voucher.no), sql`${memberVouchers.usedAt} is null`)).returning({ no: memberVouchers.vmVoucherNo });
          if (!used.length) throw new ApiError(409, 'voucher_invalid');
        }
        const [{ n }] = (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(eq(orders.orderDate, orderDate))) as [{ n: number }];
        const orderRefno = formatOrderRefno(n + 1 + attempt, orderDate);
        await tx.insert(orders).values({
          orderRefno, memberCode, idempotencyKey: input.idempotency_key, orderDate, status: 'Pending',
          delType: input.order_del_type, storeCode: store.storeCode, subtotalSen, deliveryChargesSen: deliverySen,
          voucherAmountSen: totals.voucherSen, roundingSen: totals.roundingSen, amountSen: totals.totalSen,
          remark: input.order_remark, billPlatform: 'website', billAddress, deliveryAddress,
          pickupStoreCode: pickup ? store.storeCode : null, pickupStoreName: pickup ? store.storeName : null,
          pickupStorePhone: pickup ? store.storePhone : null, pickupDate: pickup?.date ?? null, pickupTime: pickup?.time ?? null,
          distanceKm, voucherCode: voucher?.code ?? null, voucherNo: voucher?.no ?? null, voucherName: voucher?.name ?? null,
        });
        if (voucher) await tx.update(memberVouchers).set({ usedOrderRefno: orderRefno }).where(eq(memberVouchers.vmVoucherNo, voucher.no));
        await tx.insert(orderItems).values(lines.map((l) => ({
          orderRefno, productCode: l.row.productCode, productName: localized(l.row.productName, locale),
          productPicture: l.row.pictures[0] ?? '/images/placeholder.svg', quantity: l.quantity,
          priceSen: l.row.finalPriceSen, amountSen: l.row.finalPriceSen * l.quantity,
        })));
        await tx.delete(cartItems).where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, store.storeNo), inArray(cartItems.productCode, codes)));
        return orderRefno;
      });
      return getOrder(db, memberCode, refno);
    } catch (err) {
      // A concurrent submit with the same key won the race: answer with its order.
      const again = await db.select({ refno: orders.orderRefno }).from(orders).where(and(eq(orders.idempotencyKey, input.idempotency_key), eq(orders.memberCode, memberCode))).limit(1);
      if (again[0]) return getOrder(db, memberCode, again[0].refno);
      if (err instanceof ApiError || attempt >= 4 || !isUniqueViolation(err)) throw err;
    }
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export type { OrderInput };
