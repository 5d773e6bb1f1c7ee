/**
 * Orders (coverage.md §3 Order, §4 Checkout, §7 add_order / order_listing / order_detail; docs/architecture.md "The
 * server recomputes"). `placeOrder` runs the steps, each its own module: idempotency (a replayed
 * submit), pricing (lines from the database), fulfilment (delivery or pick-up), voucher, totals
 * checked against the client's, and commit (one transaction with row locks).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orderInput, type Order as ContractOrder } from '../../../../lib/xs-api/contract';
import { toWire } from '../../../../lib/xs-api/contract/wire';
import { orderTotals } from '../../../../domain/totals';
import type { Locale } from '../../../../i18n/messages';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { ApiError } from '../../errors';
import { getStoreByNo } from '../cart';
import { commitOrder } from './commit';
import { resolveFulfilment } from './fulfilment';
import { findPlacedOrder, orderRequestHash } from './idempotency';
import { checkClientAmount, checkClientTotals, priceOrder } from './pricing';
import { getOrder } from './read';
import { findOrderVoucher } from './voucher';
import { clock } from '../../../clock';
import { metrics } from '../../../metrics';
import type { CapacityDefaults } from '../../../../domain/slot-capacity';

export { getOrder, listOrders } from './read';
export { checkOrderVoucher, type VoucherCheck } from './validate-voucher';
export { changeOrderStatus, orderHistory, type StatusChange } from './status';
export { cancelOwnOrder, changeOwnBillAddress, changeOwnPickupSlot, completeOwnOrderReview, getOrderWithHistory } from './member-changes';

/** The add_order body as parsed by the contract (`orderInput`): amounts in RM, defaults filled in. */
export type OrderRequest = z.output<typeof orderInput>;

/**
 * Places an order for a member and returns it (contract `order`, amounts in RM strings).
 * Every amount is recomputed from the database: line prices (sen), delivery charge from the
 * address's state and distance (km), voucher discount, rounding to 0.05 and total; a client amount
 * that differs is refused. Stock is taken, the voucher used and the cart cleared in the order's
 * transaction. The same `idempotency_key` with the same body returns the first order, also when
 * the submits race; with another body it is refused.
 * @param now the moment of the order (order date and pick-up checks in Malaysian time)
 * @throws ApiError 400 'api_invalid_payload' (a product twice), 'store_method_unavailable',
 *   'no_default_address', 'address_not_located', 'no_store_in_range', 'pickup_required',
 *   'state_unknown', 'delivery_unavailable_state'; 403 'phone_not_verified' (a member who has not
 *   verified the mobile number yet); 404 'store_not_found', 'api_not_found' (member),
 *   'product_not_found', 'address_not_found', 'pickup_settings_missing'; 409 'idempotency_key_reused',
 *   'stale_price' (with current prices), 'amount_mismatch' { field }, 'pickup_expired',
 *   'voucher_invalid_…' (unknown, used, expired, min_spend: with `reason`), 'out_of_stock' (with
 *   `product: [{ product_code, available_quantity }]`), 'pickup_slot_full', 'delivery_day_full'
 *   (the outlet's capacity, `capacity` its defaults).
 */
export async function placeOrder(db: Db, memberCode: string, input: OrderRequest, locale: Locale, capacity: CapacityDefaults, now = clock.now()): Promise<ContractOrder> {
  // Hashed in the wire form (amounts as ringgit text, '16.90'), as the hashes of orders placed before
  // amounts were sen inside (ADR 37) were: a retry across that change still finds its order.
  const requestHash = orderRequestHash(toWire(orderInput, input));
  const placed = await findPlacedOrder(db, memberCode, input.idempotency_key, requestHash);
  if (placed) return getOrder(db, memberCode, placed);
  try {
    const store = await getStoreByNo(db, input.store);
    const [customer] = await db.select().from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
    if (!customer) throw new ApiError(404, 'api_not_found');
    // A new registration orders only after proving its number (issue "account area" item 12).
    if (!customer.verified) throw new ApiError(403, 'phone_not_verified');

    const { lines, subtotalSen } = await priceOrder(db, input.product);
    const fulfilment = await resolveFulfilment(db, { memberCode, customer, store, request: input, subtotalSen, now });
    checkClientAmount('order_delivery_charges', input.order_delivery_charges, fulfilment.deliverySen);
    const voucher = input.order_voucher_no
      ? await findOrderVoucher(db, { memberCode, voucherNo: input.order_voucher_no, subtotalSen, now, locale })
      : null;
    const totals = orderTotals({ subtotalSen, deliverySen: fulfilment.deliverySen, voucher: voucher?.amount });
    checkClientTotals(input, totals);

    const refno = await commitOrder(
      db,
      { memberCode, idempotencyKey: input.idempotency_key, requestHash, store, lines, fulfilment, voucher, totals, remark: input.order_remark, locale, capacity },
      now,
    );
    metrics.ordersPlaced.inc({ fulfilment: fulfilment.type });
    return await getOrder(db, memberCode, refno);
  } catch (err) {
    // The same submit may have raced this one and won (its order holds the key): answer as a replay.
    const winner = await findPlacedOrder(db, memberCode, input.idempotency_key, requestHash);
    if (winner) return getOrder(db, memberCode, winner);
    throw err;
  }
}
