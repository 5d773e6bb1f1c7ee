/**
 * Maps between order rows and the contract (coverage.md §3 Order): the one place for order fields, both
 * ways — a member's address copied onto an order, and an order row shown as the contract's order.
 */
import type { Address, Order as ContractOrder } from '../../../lib/xs-api/contract';
import type { Customer, Order, OrderAddress, OrderItem } from '../db/schema';

/**
 * A member's address as copied onto an order (order_bill_* or order_del_*): name, phone, two lines,
 * postcode, city and state as saved; country always 'Malaysia' (coverage.md §3 Address add_country).
 */
export function toOrderAddress(a: Pick<Address, 'add_person' | 'add_phone' | 'add_address1' | 'add_address2' | 'add_postcode' | 'add_city' | 'add_state'>): OrderAddress {
  return {
    person: a.add_person,
    phone: a.add_phone,
    address1: a.add_address1,
    address2: a.add_address2,
    postcode: a.add_postcode,
    city: a.add_city,
    state: a.add_state,
    country: 'Malaysia',
  };
}

/** The bill block of a pick-up order placed without an address: the member's name and mobile only. */
export function memberBillAddress(c: Pick<Customer, 'firstName' | 'mobile'>): OrderAddress {
  return { person: c.firstName, phone: c.mobile, address1: '', address2: '', postcode: '', city: '', state: '', country: 'Malaysia' };
}

function addressFields<P extends 'order_bill' | 'order_del'>(prefix: P, a: OrderAddress | null) {
  const keys = ['person', 'phone', 'address1', 'address2', 'postcode', 'city', 'state', 'country'] as const;
  return Object.fromEntries(keys.map((k) => [`${prefix}_${k}`, a?.[k] ?? null])) as Record<`${P}_${(typeof keys)[number]}`, string | null>;
}

/** An order row and its lines as the contract's order: amounts in sen (the HTTP edge writes '16.90', ADR 37). */
export function toContractOrder(o: Order, items: OrderItem[]): ContractOrder {
  return {
    order_refno: o.orderRefno,
    order_date: o.orderDate,
    order_status: o.status,
    order_del_type: o.delType,
    order_subtotal: o.subtotalSen,
    order_delivery_charges: o.deliveryChargesSen,
    order_voucher_amount: o.voucherAmountSen,
    order_rounding: o.roundingSen,
    order_amount: o.amountSen,
    order_remark: o.remark,
    bill_platform: o.billPlatform,
    product: items.map((i) => ({
      product_code: i.productCode,
      product_name: i.productName,
      product_picture: i.productPicture,
      product_quantity: i.quantity,
      product_price: i.priceSen,
      product_amount: i.amountSen,
      product_short_quantity: i.shortQuantity,
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
    tracking_code: o.trackingCode,
    tracking_courier: o.trackingCourier,
    collection_code: o.status === 'Ready To Pickup' ? o.collectionCode : null,
    order_refunded: o.refundedSen,
    created_at: o.createdAt.toISOString(),
  };
}
