/**
 * Commits a priced order in one transaction (docs/architecture.md "Stock, vouchers and points change inside one
 * transaction with row locks"): locks the outlet's stock rows FOR UPDATE, takes the quantities,
 * takes a place in the pick-up slot or delivery day (./capacity.ts), numbers the order from the
 * `order_number_seq` sequence, writes the order and its lines, claims the voucher and removes the
 * ordered products from the cart. Any refusal rolls all of it back.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BILL_PLATFORM } from '../../../../domain/constants';
import { formatOrderRefno } from '../../../../domain/orders';
import { shopDate } from '../../../../domain/shop-time';
import type { OrderTotals } from '../../../../domain/totals';
import type { Locale } from '../../../../i18n/messages';
import { resultRows, type Db } from '../../db/client';
import { cartItems, orderItems, orders, storeStock } from '../../db/schema';
import { ApiError } from '../../errors';
import { localized } from '../localized';
import { outOfStockKey } from '../../../../domain/stock';
import type { Fulfilment } from './fulfilment';
import type { OrderLine } from './pricing';
import { claimVoucher, type OrderVoucher } from './voucher';
import { bookingOf, outletCapacityOf, reservePlace } from './capacity';
import { orderNumberKeys } from './number-key';
import type { CapacityDefaults } from '../../../../domain/slot-capacity';

/** Picture of an order line whose product has none. */
const PLACEHOLDER_PICTURE = '/images/placeholder.svg';

/** Everything the order's rows are made of, worked out before the transaction. Amounts in sen. */
export type OrderDraft = {
  memberCode: string;
  idempotencyKey: string;
  /** `orderRequestHash` of the request body. */
  requestHash: string;
  store: { storeCode: string; storeNo: string; storeName: string; storePhone: string };
  lines: OrderLine[];
  fulfilment: Fulfilment;
  voucher: OrderVoucher | null;
  totals: OrderTotals;
  remark: string;
  /** Language the product names are copied in. */
  locale: Locale;
  /** The shop's default capacities (an outlet's own, when HQ set them, take precedence). */
  capacity: CapacityDefaults;
};

/** A line the outlet cannot fill: product and the units it has. */
export type Shortage = { product_code: string; available_quantity: number };

/**
 * The lines asking for more than the outlet has (pure); a product without a stock row has 0.
 * ([{ P1 × 3 }], [{ P1: 2 }]) → [{ product_code: 'P1', available_quantity: 2 }].
 */
export function stockShortages(lines: readonly Pick<OrderLine, 'product' | 'quantity'>[], stock: readonly { code: string; quantity: number }[]): Shortage[] {
  const onHand = new Map(stock.map((s) => [s.code, s.quantity]));
  return lines
    .filter((l) => (onHand.get(l.product.productCode) ?? 0) < l.quantity)
    .map((l) => ({ product_code: l.product.productCode, available_quantity: onHand.get(l.product.productCode) ?? 0 }));
}

/**
 * The next value of `order_number_seq`, an integer ≥ 1. nextval() never blocks and never hands the
 * same value twice, even across instances; a rolled-back transaction leaves a gap.
 */
export async function nextOrderSerial(tx: Db): Promise<number> {
  const [row] = resultRows<{ serial: string | number }>(await tx.execute(sql`select nextval('order_number_seq') as serial`));
  const serial = Number(row?.serial);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new Error(`order_number_seq gave ${String(row?.serial)}`);
  return serial;
}

/**
 * Writes the order in one transaction and returns its order_refno ('WEB' + YYMMDD of `now` in
 * Malaysian time + 8 digits, `formatOrderRefno` with this database's keys, ./number-key.ts).
 * @throws ApiError 409 'out_of_stock' { name, available } of the first short line, with
 *   `product: Shortage[]` listing all of them; 409 'pickup_slot_full' / 'delivery_day_full' when the
 *   slot or day has no place left; 409 'voucher_invalid_used' when the voucher was used meanwhile. Database errors (e.g. a unique violation on the idempotency key when the same submit
 *   races itself) propagate; in every case nothing is written.
 */
export async function commitOrder(db: Db, draft: OrderDraft, now: Date): Promise<string> {
  const { memberCode, store, lines, fulfilment: f, voucher, totals } = draft;
  const codes = lines.map((l) => l.product.productCode);
  const numberKeys = await orderNumberKeys(db);
  return db.transaction(async (tx) => {
    // Lock the stock rows (in product order, so multi-line orders never deadlock), then take them.
    const stock = await tx
      .select({ code: storeStock.productCode, quantity: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.storeCode, store.storeCode), inArray(storeStock.productCode, codes)))
      .orderBy(storeStock.productCode)
      .for('update');
    const short = stockShortages(lines, stock);
    if (short.length) {
      const first = short[0]!;
      const name = localized(lines.find((l) => l.product.productCode === first.product_code)!.product.productName, draft.locale);
      throw new ApiError(409, outOfStockKey(first.available_quantity), { name, available: first.available_quantity }, { product: short });
    }
    for (const l of lines) {
      await tx
        .update(storeStock)
        .set({ quantity: sql`${storeStock.quantity} - ${l.quantity}` })
        .where(and(eq(storeStock.storeCode, store.storeCode), eq(storeStock.productCode, l.product.productCode)));
    }

    const orderDate = shopDate(now);
    const booking = bookingOf({ storeCode: store.storeCode, delType: f.type, orderDate, pickupDate: f.pickup?.date ?? null, pickupTime: f.pickup?.time ?? null });
    if (booking) await reservePlace(tx, booking, await outletCapacityOf(tx, store.storeCode, draft.capacity));
    const orderRefno = formatOrderRefno(await nextOrderSerial(tx), orderDate, numberKeys);
    await tx.insert(orders).values({
      orderRefno, memberCode, idempotencyKey: draft.idempotencyKey, requestHash: draft.requestHash, orderDate, status: 'Pending',
      delType: f.type, storeCode: store.storeCode, subtotalSen: totals.subtotalSen, deliveryChargesSen: totals.deliverySen,
      voucherAmountSen: totals.voucherSen, roundingSen: totals.roundingSen, amountSen: totals.totalSen,
      remark: draft.remark, billPlatform: BILL_PLATFORM, billAddress: f.billAddress, deliveryAddress: f.deliveryAddress,
      pickupStoreCode: f.pickup ? store.storeCode : null, pickupStoreName: f.pickup ? store.storeName : null,
      pickupStorePhone: f.pickup ? store.storePhone : null, pickupDate: f.pickup?.date ?? null, pickupTime: f.pickup?.time ?? null,
      distanceKm: f.distanceKm, voucherCode: voucher?.code ?? null, voucherNo: voucher?.no ?? null, voucherName: voucher?.name ?? null,
    });
    await tx.insert(orderItems).values(lines.map((l) => ({
      orderRefno, productCode: l.product.productCode, productName: localized(l.product.productName, draft.locale),
      productPicture: l.product.pictures[0] ?? PLACEHOLDER_PICTURE, quantity: l.quantity, priceSen: l.priceSen, amountSen: l.amountSen,
    })));
    if (voucher) await claimVoucher(tx, { memberCode, voucherNo: voucher.no, orderRefno, now });
    await tx.delete(cartItems).where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, store.storeNo), inArray(cartItems.productCode, codes)));
    return orderRefno;
  });
}
