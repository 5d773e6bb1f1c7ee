/**
 * A demo order of the demo member on its way (tables `orders`, `order_items`, `order_events`; spec
 * §2 order detail: tracking code copy; §4 To Receive): a home delivery to their default address,
 * Delivering, with the courier and its tracking code, and the status changes that led there. Fixed
 * reference number, line ids and event ids (after those of ./reviews.ts), so a second seed run
 * changes nothing.
 */
import type { orderEvents, orderItems, orders } from '../schema/orders';
import { BILL_PLATFORM } from '../../../../domain/constants';
import { roundingAdjustment, roundToFiveSen } from '../../../../domain/money';
import { PRODUCTS } from './catalogue.ts';
import { DEMO_ADDRESSES, DEMO_MEMBER } from './member.ts';
import { DEMO_ORDER_EVENTS, DEMO_ORDER_ITEMS } from './reviews.ts';
import { STORES } from './stores.ts';

/** The demo member's delivery order on its way, and its tracking code. */
export const DEMO_DELIVERING_ORDER = 'WEB2611200001';
export const DEMO_TRACKING_CODE = 'MY7001234567';
/** The courier of the demo delivery (src/domain/couriers.ts). */
export const DEMO_TRACKING_COURIER = 'JNT';

const BOUGHT: [code: string, quantity: number][] = [['P0004', 2], ['P0010', 1]];
const at = new Date('2026-11-20T09:40:00+08:00');
const store = STORES.find((s) => s.storeCode === 'S001')!;
const address = DEMO_ADDRESSES[0]!;
const lines = BOUGHT.map(([code, quantity]) => ({ p: PRODUCTS.find((p) => p.productCode === code)!, quantity }));
const subtotalSen = lines.reduce((s, l) => s + l.p.finalPriceSen * l.quantity, 0);
/** RM 5.00 base plus RM 0.50 per km for 4.3 km in Kuala Lumpur (the demo delivery rates), rounded to the sen. */
const DELIVERY_SEN = 715;
const orderAddress = {
  person: address.person, phone: address.phone, address1: address.address1, address2: address.address2,
  postcode: address.postcode, city: address.city, state: address.state, country: 'Malaysia',
};

export const DEMO_DELIVERY_ORDERS: (typeof orders.$inferInsert)[] = [
  {
    orderRefno: DEMO_DELIVERING_ORDER, memberCode: DEMO_MEMBER.memberCode, idempotencyKey: `seed-${DEMO_DELIVERING_ORDER}`,
    orderDate: '2026-11-20', status: 'Delivering', delType: 'DELIVERY', storeCode: store.storeCode,
    subtotalSen, deliveryChargesSen: DELIVERY_SEN, voucherAmountSen: 0,
    roundingSen: roundingAdjustment(subtotalSen + DELIVERY_SEN), amountSen: roundToFiveSen(subtotalSen + DELIVERY_SEN),
    remark: 'Please call on arrival', billPlatform: BILL_PLATFORM, billAddress: orderAddress, deliveryAddress: orderAddress,
    distanceKm: 4.3, trackingCode: DEMO_TRACKING_CODE, trackingCourier: DEMO_TRACKING_COURIER, createdAt: at, updatedAt: at,
  },
];

export const DEMO_DELIVERY_ORDER_ITEMS: (typeof orderItems.$inferInsert)[] = lines.map(({ p, quantity }, i) => ({
  id: DEMO_ORDER_ITEMS.length + i + 1, orderRefno: DEMO_DELIVERING_ORDER, productCode: p.productCode, productName: p.productName.en,
  productPicture: p.pictures[0] ?? '/images/placeholder.svg', quantity, priceSen: p.finalPriceSen, amountSen: p.finalPriceSen * quantity,
}));

export const DEMO_DELIVERY_ORDER_EVENTS: (typeof orderEvents.$inferInsert)[] = (
  [
    ['Pending', 'Paid', 'provider', '2026-11-20T09:44:00'],
    ['Paid', 'Delivering', 'operator', '2026-11-21T10:15:00'],
  ] as const
).map(([fromStatus, toStatus, actor, time], i) => ({
  id: DEMO_ORDER_EVENTS.length + i + 1, orderRefno: DEMO_DELIVERING_ORDER, fromStatus, toStatus, actor, reason: '', createdAt: new Date(`${time}+08:00`),
}));
