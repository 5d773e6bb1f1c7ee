/** Maps order rows to the contract's order shape (spec §3 Order): the one place for order fields. */
import type { Order as ContractOrder } from '../../../lib/xs-api/contract';
import { formatAmount } from '../../../domain/money';
import type { Order, OrderAddress, OrderItem } from '../db/schema';

function addressFields<P extends 'order_bill' | 'order_del'>(prefix: P, a: OrderAddress | null) {
  const keys = ['person', 'phone', 'address1', 'address2', 'postcode', 'city', 'state', 'country'] as const;
  return Object.fromEntries(keys.map((k) => [`${prefix}_${k}`, a?.[k] ?? null])) as Record<`${P}_${(typeof keys)[number]}`, string | null>;
}

export function toContractOrder(o: Order, items: OrderItem[]): ContractOrder {
  return {
    order_refno: o.orderRefno,
    order_date: o.orderDate,
    order_status: o.status,
    order_del_type: o.delType,
    order_subtotal: formatAmount(o.subtotalSen),
    order_delivery_charges: formatAmount(o.deliveryChargesSen),
    order_voucher_amount: formatAmount(o.voucherAmountSen),
    order_rounding: formatAmount(o.roundingSen),
    order_amount: formatAmount(o.amountSen),
    order_remark: o.remark,
    bill_platform: o.billPlatform,
    product: items.map((i) => ({
      product_code: i.productCode,
      product_name: i.productName,
      product_picture: i.productPicture,
      product_quantity: i.quantity,
      product_price: formatAmount(i.priceSen),
      product_amount: formatAmount(i.amountSen),
    })),
    ...addressFields('order_bill', o.billAddress),
    ...addressFields('order_del', o.deliveryAddress),
    order_del_pickup_store_code: o.pickupStoreCode,
    order_del_pickup_store_name: o.pickupStoreName,
    order_del_pickup_store_phone: o.pickupStorePhone,
    order_del_pickup_date: o.pickupDate,
    order_del_pickup_time: o.pickupTime,
    distance_km: o.distanceKm,
    order_voucher_code: o.voucherCode,
    order_voucher_no: o.voucherNo,
    order_voucher_name: o.voucherName,
    created_at: o.createdAt.toISOString(),
  };
}
