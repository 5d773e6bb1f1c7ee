/**
 * The order's view model (coverage.md §2 Order success page and Account: Orders, §3 Order), reshaped once
 * from the contract's order. Pure: no I/O, so it is unit-tested. Money is integer sen (RM 1 = 100
 * sen), taken from the order as it was charged (the server computed it; nothing is recomputed
 * here). Dates are shown as DD/MM/YYYY and pick-up times as hh:mm a (coverage.md §9). After a short pick
 * (the outlet could not supply some units and took them off), a line's quantity and amount are
 * what is left, `shortQuantity` what was taken off, and `refundedSen` what was refunded.
 */
import type { Order } from '../../lib/xs-api/contract';
import { lineAmount } from '../../domain/totals';
import { orderStatusLabel } from '../../i18n/order-status';
import { outletName } from '../../i18n/outlet-name';
import { formatPickupDate, formatPickupTime } from '../../domain/pickup';
import type { Locale } from '../../i18n/messages';
import { addressView, type AddressView } from '../shared/address-view';

/** A product row of an order. */
export type OrderLineView = {
  code: string;
  name: string;
  picture: string;
  quantity: number;
  /** Unit price charged, sen. */
  priceSen: number;
  /** Line amount charged, sen (of the units left). */
  amountSen: number;
  /** Units the outlet could not supply and took off (0 when none); `quantity` is what is left, 0 for a line removed. */
  shortQuantity: number;
  /** Line amount as ordered, before units were taken off, sen (`amountSen` when none were). */
  orderedAmountSen: number;
};

/** Pick-up info (pick-up orders only). */
export type PickupView = { storeName: string; storePhone: string; dateLabel: string; timeLabel: string };

/** An order as the order success page, the order list and the order detail show it. */
export type OrderView = {
  refno: string;
  /** Order date 'YYYY-MM-DD' and as shown, 'DD/MM/YYYY'. */
  date: string;
  dateLabel: string;
  /** When it was placed (ISO 8601): the payment window counts from here. */
  placedAt: string;
  /** The status as the API names it ('Ready To Pickup'), and its message key when there is one. */
  status: string;
  statusLabel: string;
  type: 'DELIVERY' | 'PICKUP';
  lines: OrderLineView[];
  /** Units over all lines. */
  itemCount: number;
  /** The bill, sen: product subtotal, shipping fee, voucher discount (≥ 0), rounding (−2…2), total. */
  subtotalSen: number;
  deliverySen: number;
  voucherSen: number;
  roundingSen: number;
  totalSen: number;
  /** Refunded of a paid order that goes on (units taken off), sen; 0 when nothing was. */
  refundedSen: number;
  /** The voucher's name when one was used. */
  voucherName: string | null;
  remark: string;
  billing: AddressView;
  /** Delivery orders: the shipping address; null for a pick-up. */
  shipping: AddressView | null;
  /** Pick-up orders: store, date and time; null for a delivery. */
  pickup: PickupView | null;
};

/** A date or time shown by `format`, or the stored text when it is malformed. */
function shown(value: string | null, format: (v: string) => string): string {
  if (!value) return '';
  try {
    return format(value);
  } catch {
    return value;
  }
}

/** Reshapes a contract order (amounts in sen) into the view model; dates and times in `locale`'s format. */
export function toOrderView(o: Order, locale: Locale = 'en'): OrderView {
  const isDelivery = o.order_del_type === 'DELIVERY';
  const lines = o.product.map((p): OrderLineView => {
    const priceSen = p.product_price;
    const amountSen = p.product_amount;
    const shortQuantity = Math.max(0, p.product_short_quantity);
    return {
      code: p.product_code,
      name: p.product_name,
      picture: p.product_picture,
      quantity: p.product_quantity,
      priceSen,
      amountSen,
      shortQuantity,
      orderedAmountSen: shortQuantity ? lineAmount(priceSen, p.product_quantity + shortQuantity) : amountSen,
    };
  });
  return {
    refno: o.order_refno,
    date: o.order_date,
    dateLabel: shown(o.order_date, (v) => formatPickupDate(v, locale)),
    placedAt: o.created_at,
    status: o.order_status,
    statusLabel: orderStatusLabel(o.order_status, locale),
    type: o.order_del_type,
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalSen: o.order_subtotal,
    deliverySen: o.order_delivery_charges,
    voucherSen: o.order_voucher_amount,
    roundingSen: o.order_rounding,
    totalSen: o.order_amount,
    refundedSen: o.order_refunded,
    voucherName: o.order_voucher_name || null,
    remark: o.order_remark,
    billing: addressView({
      person: o.order_bill_person, phone: o.order_bill_phone, address1: o.order_bill_address1, address2: o.order_bill_address2,
      postcode: o.order_bill_postcode, city: o.order_bill_city, state: o.order_bill_state,
    }),
    shipping: isDelivery
      ? addressView({
          person: o.order_del_person, phone: o.order_del_phone, address1: o.order_del_address1, address2: o.order_del_address2,
          postcode: o.order_del_postcode, city: o.order_del_city, state: o.order_del_state,
        })
      : null,
    pickup: isDelivery
      ? null
      : {
          storeName: outletName(o.order_del_pickup_store_name ?? '', locale),
          storePhone: o.order_del_pickup_store_phone ?? '',
          dateLabel: shown(o.order_del_pickup_date, (v) => formatPickupDate(v, locale)),
          timeLabel: shown(o.order_del_pickup_time, (v) => formatPickupTime(v, locale)),
        },
  };
}
