/**
 * The staff console's view models (issue "The outlets run the shop" §2; ADR 25): the contract's
 * operator answers (contract/ops.ts) reshaped once, money in sen, statuses and dates in the staff
 * member's language, and what may be done next (src/domain/order-status.ts for the operator).
 */
import { courierByCode } from '../../domain/couriers';
import type { ResultOf } from '../../lib/xs-api/client';
import { orderStatusLabel } from '../../i18n/order-status';
import { nextOrderStatuses } from '../../domain/order-status';
import { BOARD_COLUMNS, type BoardColumn } from '../../domain/staff';
import { formatPickupDate, formatPickupTime } from '../../domain/pickup';
import { isFull } from '../../domain/slot-capacity';
import { translate, type Locale } from '../../i18n/messages';
import type { OrderStatus } from '../../domain/orders';

type BoardAnswer = ResultOf<'ops_board'>;
type DetailAnswer = ResultOf<'ops_order_detail'>['data'];

/** An order status in `locale` ('Paid' → '已付款'). */
export function statusLabel(status: string, locale: Locale): string {
  return orderStatusLabel(status, locale);
}

/** One card of the board. */
export type BoardCardView = {
  orderRefno: string;
  status: string;
  statusLabel: string;
  column: BoardColumn;
  type: 'DELIVERY' | 'PICKUP';
  storeCode: string;
  /** 'HH:mm' of a pick-up ('' for a delivery), and as shown. */
  time: string;
  timeLabel: string;
  /** A delivery placed on an earlier day and still to send: its order date as shown. */
  carriedFrom: string | null;
  customer: string;
  units: number;
  amountSen: number;
  flagged: boolean;
};

/** Places taken in one pick-up slot (or the delivery day) of an outlet. */
export type LoadView = { storeCode: string; time: string | null; timeLabel: string; taken: number; capacity: number; full: boolean };

export type BoardView = {
  date: string;
  dateLabel: string;
  outlets: { code: string; name: string }[];
  /** Every column in board order, with its cards (pick-ups by time, then deliveries). */
  columns: { key: BoardColumn; cards: BoardCardView[] }[];
  slots: LoadView[];
  deliveries: LoadView[];
  /** Changes when any order of the board appears or changes status: what the poller compares. */
  signature: string;
};

/** The board answer as the console shows it. */
export function toBoardView(a: BoardAnswer, locale: Locale): BoardView {
  const cards: BoardCardView[] = a.orders.map((o) => ({
    orderRefno: o.order_refno,
    status: o.order_status,
    statusLabel: statusLabel(o.order_status, locale),
    column: o.column,
    type: o.order_del_type,
    storeCode: o.store_code,
    time: o.order_del_pickup_time ?? '',
    timeLabel: o.order_del_pickup_time ? formatPickupTime(o.order_del_pickup_time, locale) : '',
    carriedFrom: o.order_del_type === 'DELIVERY' && o.order_date !== a.date ? formatPickupDate(o.order_date, locale) : null,
    customer: o.customer_firstname,
    units: o.units,
    amountSen: o.order_amount,
    flagged: o.payment_flag !== null,
  }));
  const byTime = (x: BoardCardView, y: BoardCardView) => (x.type === y.type ? x.time.localeCompare(y.time) : x.type === 'PICKUP' ? -1 : 1);
  const load = (l: BoardAnswer['loads'][number]): LoadView => ({
    storeCode: l.store_code,
    time: l.time,
    timeLabel: l.time ? formatPickupTime(l.time, locale) : '',
    taken: l.taken,
    capacity: l.capacity,
    full: isFull(l.taken, l.capacity),
  });
  return {
    date: a.date,
    dateLabel: formatPickupDate(a.date, locale),
    outlets: a.outlets.map((o) => ({ code: o.store_code, name: o.store_name })),
    columns: BOARD_COLUMNS.map((key) => ({ key, cards: cards.filter((c) => c.column === key).sort(byTime) })),
    slots: a.loads.filter((l) => l.kind === 'PICKUP').map(load),
    deliveries: a.loads.filter((l) => l.kind === 'DELIVERY').map(load),
    signature: boardSignature(a.orders),
  };
}

/** A short text that changes when an order appears or changes status: '3:WEB…1=Paid|WEB…2=Ready To Pickup…'. */
export function boardSignature(orders: readonly { order_refno: string; order_status: string }[]): string {
  const parts = orders.map((o) => `${o.order_refno}=${o.order_status}`).sort();
  return `${parts.length}:${parts.join('|')}`;
}

/** The refnos of orders waiting to be picked (Paid). */
export function toPickRefnos(orders: readonly { order_refno: string; column: string }[]): string[] {
  return orders.filter((o) => o.column === 'to_pick').map((o) => o.order_refno);
}

/** What staff may do with an order now. */
export type StaffOrderActions = {
  ready: boolean;
  deliver: boolean;
  delivered: boolean;
  handover: boolean;
  shortPick: boolean;
  cancel: boolean;
};

/** The moves of the order rules for staff, as buttons: ('Paid', 'PICKUP') → ready, short pick, cancel. */
export function staffOrderActions(status: string, type: 'DELIVERY' | 'PICKUP'): StaffOrderActions {
  const next = nextOrderStatuses(status as OrderStatus, 'operator', type);
  return {
    ready: next.includes('Ready To Pickup'),
    deliver: next.includes('Delivering'),
    delivered: type === 'DELIVERY' && next.includes('Waiting Comment'),
    handover: type === 'PICKUP' && next.includes('Waiting Comment'),
    shortPick: status === 'Paid',
    cancel: next.includes('Cancelled'),
  };
}

export type PickLineView = {
  code: string;
  name: string;
  unit: string;
  quantity: number;
  shortQuantity: number;
  priceSen: number;
  amountSen: number;
};

export type StaffOrderView = {
  orderRefno: string;
  status: string;
  statusLabel: string;
  type: 'DELIVERY' | 'PICKUP';
  storeCode: string;
  storeName: string;
  orderDate: string;
  customer: string;
  phone: string;
  remark: string;
  pickup: { date: string; time: string; label: string } | null;
  address: string[] | null;
  trackingCode: string | null;
  /** The courier's name ('Pos Laju', src/domain/couriers.ts); null without one (or an unknown code: shown as given). */
  courierName: string | null;
  payment: { state: 'paid' | 'refunded' | 'unpaid'; paidSen: number; refundedSen: number; flag: string | null; recordUrl: string | null };
  lines: PickLineView[];
  units: number;
  subtotalSen: number;
  deliverySen: number;
  voucherSen: number;
  roundingSen: number;
  totalSen: number;
  refundedSen: number;
  history: { at: string; statusLabel: string; kind: string; who: string; reason: string }[];
  actions: StaffOrderActions;
};

/** The order detail answer as the console shows it; `who` of a history entry is the staff member's name, else the actor. */
export function toStaffOrderView(d: DetailAnswer, locale: Locale): StaffOrderView {
  const actor = (a: string) => translate(locale, `staff_actor_${a}`);
  return {
    orderRefno: d.order_refno,
    status: d.order_status,
    statusLabel: statusLabel(d.order_status, locale),
    type: d.order_del_type,
    storeCode: d.store_code,
    storeName: d.store_name,
    orderDate: formatPickupDate(d.order_date, locale),
    customer: d.customer_firstname,
    phone: d.customer_phone,
    remark: d.order_remark,
    pickup:
      d.order_del_pickup_date && d.order_del_pickup_time
        ? { date: d.order_del_pickup_date, time: d.order_del_pickup_time, label: `${formatPickupDate(d.order_del_pickup_date, locale)} ${formatPickupTime(d.order_del_pickup_time, locale)}` }
        : null,
    address: d.delivery_address
      ? [d.delivery_address.person, d.delivery_address.phone, d.delivery_address.address1, d.delivery_address.address2, `${d.delivery_address.postcode} ${d.delivery_address.city}`, d.delivery_address.state].filter((s) => s.trim())
      : null,
    trackingCode: d.tracking_code,
    courierName: d.tracking_courier ? (courierByCode(d.tracking_courier)?.name ?? d.tracking_courier) : null,
    payment: { state: d.payment.state, paidSen: d.payment.paid, refundedSen: d.payment.refunded, flag: d.payment.flag, recordUrl: d.payment.record_url },
    lines: d.product.map((l) => ({
      code: l.product_code,
      name: l.product_name,
      unit: l.unit,
      quantity: l.product_quantity,
      shortQuantity: l.product_short_quantity,
      priceSen: l.product_price,
      amountSen: l.product_amount,
    })),
    units: d.product.reduce((n, l) => n + l.product_quantity, 0),
    subtotalSen: d.order_subtotal,
    deliverySen: d.order_delivery_charges,
    voucherSen: d.order_voucher_amount,
    roundingSen: d.order_rounding,
    totalSen: d.order_amount,
    refundedSen: d.order_refunded,
    history: d.history.map((e) => ({
      at: e.at,
      statusLabel: e.kind === 'short_pick' ? translate(locale, 'staff_history_short_pick') : statusLabel(e.to, locale),
      kind: e.kind,
      who: e.staff_name ?? actor(e.actor),
      reason: e.reason,
    })),
    actions: staffOrderActions(d.order_status, d.order_del_type),
  };
}

/** The column names in `locale`, in board order. */
export function columnLabels(locale: Locale): Record<BoardColumn, string> {
  return Object.fromEntries(BOARD_COLUMNS.map((c) => [c, translate(locale, `staff_column_${c}`)])) as Record<BoardColumn, string>;
}
