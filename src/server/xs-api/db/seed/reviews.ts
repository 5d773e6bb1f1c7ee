/**
 * Demo reviews (tables `customers`, `orders`, `order_items`, `reviews`; coverage.md §3 Review): four demo
 * shoppers who cannot log in (their password hash is not a hash), one past pick-up order each and
 * one for the demo member, and reviews tied to those orders — a review needs a purchase (coverage.md §7
 * add_review). The demo member's order also holds a product they have not reviewed yet, and the demo
 * member has one more, recent order waiting for its review (Waiting Comment, coverage.md §4 To Evaluate),
 * with the status changes that led there (`DEMO_ORDER_EVENTS`).
 * Ids and reference numbers are fixed so a second seed run changes nothing.
 */
import type { customers } from '../schema/members';
import type { orderEvents, orderItems, orders, reviews } from '../schema/orders';
import type { OrderStatus } from '../../../../domain/orders';
import { BILL_PLATFORM } from '../../../../domain/constants';
import { roundingAdjustment, roundToFiveSen } from '../../../../domain/money';
import { GALLERY_PRODUCT, PRODUCTS } from './catalogue.ts';
import { DEMO_MEMBER } from './member.ts';
import { STORES } from './stores.ts';

export type ReviewerRow = typeof customers.$inferInsert;
export type OrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferInsert;
export type ReviewRow = typeof reviews.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferInsert;

/** Product every demo shopper bought and reviewed (the gallery product), and a second one. */
export const REVIEWED_PRODUCT = GALLERY_PRODUCT;
const SECOND_PRODUCT = 'P0011';

/** A password hash no password matches: these shoppers exist for their reviews only. */
const NO_LOGIN = '!demo-reviewer-no-login';

export const DEMO_REVIEWERS: ReviewerRow[] = [
  ['M000101', 'Jason', 'Lee', '0190000101'],
  ['M000102', 'Siew Ling', 'Wong', '0190000102'],
  ['M000103', 'Priya', 'Nair', '0190000103'],
  ['M000104', 'Daniel', 'Fernandez', '0190000104'],
].map(([memberCode, firstName, lastName, mobile]) => ({
  memberCode: memberCode!, firstName: firstName!, lastName: lastName!, mobile: mobile!, passwordHash: NO_LOGIN,
  points: 0, language: 'en' as const, verified: true, createdAt: new Date('2026-03-01T09:00:00+08:00'),
}));

const store = STORES.find((s) => s.storeCode === 'S001')!;
const product = (code: string) => PRODUCTS.find((p) => p.productCode === code)!;

type Bought = [code: string, quantity: number];
/** The demo member's order waiting for its review (the To Evaluate tab is not empty). */
export const DEMO_WAITING_COMMENT_ORDER = 'WEB2611150001';

/** [member, order_refno, date and time (UTC+8), products bought, status (default Completed)]. */
const ORDER_SPECS: [string, string, string, Bought[], OrderStatus?][] = [
  [DEMO_MEMBER.memberCode, 'WEB2610030001', '2026-10-03T10:12:00', [[REVIEWED_PRODUCT, 1], [SECOND_PRODUCT, 2]]],
  ['M000101', 'WEB2610050001', '2026-10-05T16:40:00', [[REVIEWED_PRODUCT, 2], [SECOND_PRODUCT, 1]]],
  ['M000102', 'WEB2610110001', '2026-10-11T09:05:00', [[REVIEWED_PRODUCT, 1]]],
  ['M000103', 'WEB2610240001', '2026-10-24T12:30:00', [[REVIEWED_PRODUCT, 1]]],
  ['M000104', 'WEB2611020001', '2026-11-02T18:15:00', [[REVIEWED_PRODUCT, 1], [SECOND_PRODUCT, 1]]],
  [DEMO_MEMBER.memberCode, DEMO_WAITING_COMMENT_ORDER, '2026-11-15T11:20:00', [['P0008', 1], ['P0009', 2]], 'Waiting Comment'],
];

const ordered = ORDER_SPECS.map(([memberCode, orderRefno, at, bought, status = 'Completed']) => {
  const lines = bought.map(([code, quantity]) => ({ p: product(code), quantity }));
  const subtotalSen = lines.reduce((s, l) => s + l.p.finalPriceSen * l.quantity, 0);
  const amountSen = roundToFiveSen(subtotalSen);
  const reviewer = DEMO_REVIEWERS.find((r) => r.memberCode === memberCode);
  const person = reviewer ? `${reviewer.firstName} ${reviewer.lastName}` : 'Tan Mei Ling';
  const createdAt = new Date(`${at}+08:00`);
  const order: OrderRow = {
    orderRefno, memberCode, idempotencyKey: `seed-${orderRefno}`, orderDate: at.slice(0, 10), status,
    delType: 'PICKUP', storeCode: store.storeCode, subtotalSen, deliveryChargesSen: 0, voucherAmountSen: 0,
    roundingSen: roundingAdjustment(subtotalSen), amountSen, remark: '', billPlatform: BILL_PLATFORM,
    billAddress: { person, phone: reviewer?.mobile ?? DEMO_MEMBER.mobile, address1: '', address2: '', postcode: '', city: '', state: '', country: 'Malaysia' },
    deliveryAddress: null, pickupStoreCode: store.storeCode, pickupStoreName: store.storeName, pickupStorePhone: store.storePhone,
    pickupDate: at.slice(0, 10), pickupTime: '17:00', createdAt, updatedAt: createdAt,
  };
  return { order, lines };
});

export const DEMO_ORDERS: OrderRow[] = ordered.map((o) => o.order);

/** Order lines with fixed ids 1…n (the sequence is moved past them after seeding). */
export const DEMO_ORDER_ITEMS: OrderItemRow[] = ordered
  .flatMap(({ order, lines }) => lines.map((l) => ({ order, ...l })))
  .map(({ order, p, quantity }, i) => ({
    id: i + 1, orderRefno: order.orderRefno, productCode: p.productCode, productName: p.productName.en,
    productPicture: p.pictures[0] ?? '/images/placeholder.svg', quantity, priceSen: p.finalPriceSen, amountSen: p.finalPriceSen * quantity,
  }));

/**
 * The status changes of the waiting order, fixed ids 1…3 (the sequence is moved past them): paid at
 * the provider, ready at the store, collected. Reasons stay empty: members never see them anyway.
 */
export const DEMO_ORDER_EVENTS: OrderEventRow[] = (
  [
    ['Pending', 'Paid', 'provider', '2026-11-15T11:24:00'],
    ['Paid', 'Ready To Pickup', 'operator', '2026-11-16T09:10:00'],
    ['Ready To Pickup', 'Waiting Comment', 'operator', '2026-11-16T17:05:00'],
  ] as const
).map(([fromStatus, toStatus, actor, at], i) => ({
  id: i + 1, orderRefno: DEMO_WAITING_COMMENT_ORDER, fromStatus, toStatus, actor, reason: '', createdAt: new Date(`${at}+08:00`),
}));

/** [id, member, order_refno, product, stars, comment, written at (UTC+8)]. */
const REVIEW_SPECS: [number, string, string, string, number, string, string][] = [
  [1, DEMO_MEMBER.memberCode, 'WEB2610030001', REVIEWED_PRODUCT, 5, 'Lovely layers of fat and lean, perfect for siu yuk. Will buy again.', '2026-10-06T20:14:00'],
  [2, 'M000101', 'WEB2610050001', REVIEWED_PRODUCT, 5, 'Very fresh and nicely trimmed. The skin crackled beautifully.', '2026-10-07T08:30:00'],
  [3, 'M000101', 'WEB2610050001', SECOND_PRODUCT, 4, 'Good for dumplings, not too fatty.', '2026-10-07T08:33:00'],
  [4, 'M000102', 'WEB2610110001', REVIEWED_PRODUCT, 4, 'Good quality, a little more fat than I like for braising.', '2026-10-13T19:02:00'],
  [5, 'M000103', 'WEB2610240001', REVIEWED_PRODUCT, 3, 'Tasty, but the pack felt smaller than 500 g.', '2026-10-27T13:45:00'],
  [6, 'M000104', 'WEB2611020001', REVIEWED_PRODUCT, 1, 'Pick-up was quick but this pack was close to its use-by date.', '2026-11-04T21:10:00'],
  [7, 'M000104', 'WEB2611020001', SECOND_PRODUCT, 5, 'Freshly minced, great value.', '2026-11-04T21:12:00'],
];

export const DEMO_REVIEWS: ReviewRow[] = REVIEW_SPECS.map(([id, memberCode, orderRefno, productCode, rate, comment, at]) => ({
  id, memberCode, orderRefno, productCode, rate, comment, createdAt: new Date(`${at}+08:00`),
}));
