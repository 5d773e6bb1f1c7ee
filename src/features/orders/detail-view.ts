/**
 * The order detail page's view model (coverage.md §2 Account: Orders, order detail; §3 Order; §4 Order
 * changes): the order as the success page shows it (`OrderView`), plus its status history (a
 * short pick reads as items not available and refunded, by the store: never a staff member), its
 * tracking code with its courier's name and tracking page, its collection code while Ready To Pickup, the pick-up slot as stored (for the
 * change modal), what the member may do now, and the company block printed at the top of the bill
 * (coverage.md §7 print_customer_bill). Pure.
 */
import type { OrderWithHistory, billCompany } from '../../lib/xs-api/contract';
import type { z } from 'zod';
import { memberOrderActions, type MemberOrderActions } from '../../domain/order-status';
import { orderStatusLabel } from '../../i18n/order-status';
import { formatShopDateTime } from '../../domain/pickup';
import { courierByCode, trackingUrl } from '../../domain/couriers';
import { translate, type Locale, type MessageKey } from '../../i18n/messages';
import { toOrderView, type OrderView } from './view';

/** One history entry as shown: the status reached (or a short pick) and its label key, who, and when (UTC+8). */
export type OrderHistoryView = {
  /** 'status': a status change; 'short_pick': units taken off and refunded (the status stays). */
  kind: 'status' | 'short_pick';
  to: string;
  /** What the step reads: the status reached in the shopper's language, or 'Items not available · refunded' for a short pick. */
  label: string;
  /** 'order_actor_member', 'order_actor_provider', 'order_actor_operator' or 'order_actor_system'. */
  actorKey: MessageKey;
  /** The instant, ISO 8601, for <time datetime>. */
  at: string;
  /** 'DD/MM/YYYY hh:mm a' in Malaysian time (coverage.md §9). */
  atLabel: string;
};

/** The company block of a printed bill. */
export type BillCompanyView = { name: string; address: string[]; email: string; tel: string };

export type OrderDetailView = OrderView & {
  /** When the order was placed as shown ('DD/MM/YYYY hh:mm a', UTC+8); `placedAt` is the instant. */
  placedAtLabel: string;
  /** Status changes, oldest first. */
  history: OrderHistoryView[];
  /** The carrier's code of a delivery order once shipped; null otherwise. */
  trackingCode: string | null;
  /**
   * The courier of the tracking code, by src/domain/couriers.ts: its name ('Pos Laju') and its
   * tracking page for the code; null without a code or for a courier the shop does not list.
   */
  courier: { name: string; trackingUrl: string } | null;
  /**
   * Whether the page has a tracking block: a delivery order with a code, or one still to be
   * shipped ("a tracking code appears here once shipped"). A cancelled delivery without a code
   * promises none.
   */
  showsTracking: boolean;
  /** The 6-digit code to show at the counter, while a pick-up order is Ready To Pickup; null otherwise. */
  collectionCode: string | null;
  /** The pick-up slot as stored, 'YYYY-MM-DD' and 'HH:mm', and its outlet's store code ('' when unknown); null for delivery. */
  pickupSlot: { date: string; time: string; storeCode: string } | null;
  /** What the member may do now. */
  can: MemberOrderActions;
};

/** An instant in shop time ('DD/MM/YYYY hh:mm a' in EN, `locale`'s format otherwise); the text as given when it is not a date. */
function instantLabel(iso: string, locale: Locale): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatShopDateTime(at, locale);
}

/** The courier of a delivery's tracking code with the link to its tracking page; null when either is missing or unknown. */
function courierOf(courier: string | null, code: string | null): OrderDetailView['courier'] {
  const found = courierByCode(courier);
  const url = trackingUrl(courier, code);
  return found && url ? { name: found.name, trackingUrl: url } : null;
}

/** Reshapes order_detail's (or print_customer_bill's) order into the detail view; dates and times in `locale`'s format. */
export function toOrderDetailView(o: OrderWithHistory, locale: Locale = 'en'): OrderDetailView {
  const base = toOrderView(o, locale);
  const trackingCode = o.order_del_type === 'DELIVERY' ? o.tracking_code || null : null;
  return {
    ...base,
    placedAtLabel: instantLabel(o.created_at, locale),
    history: o.history.map((e): OrderHistoryView => {
      const at = { at: e.at, atLabel: instantLabel(e.at, locale) };
      // A short pick is the store's: it reads the same whoever of the staff made it.
      if (e.kind === 'short_pick') return { kind: 'short_pick', to: e.to, label: translate(locale, 'order_history_short_pick'), actorKey: 'order_actor_operator', ...at };
      return { kind: 'status', to: e.to, label: orderStatusLabel(e.to, locale), actorKey: `order_actor_${e.actor}` as MessageKey, ...at };
    }),
    trackingCode,
    courier: courierOf(o.tracking_courier, trackingCode),
    showsTracking: o.order_del_type === 'DELIVERY' && (Boolean(o.tracking_code) || o.order_status !== 'Cancelled'),
    collectionCode: o.order_del_type === 'PICKUP' && o.order_status === 'Ready To Pickup' ? o.collection_code || null : null,
    pickupSlot:
      o.order_del_type === 'PICKUP' && o.order_del_pickup_date && o.order_del_pickup_time
        ? { date: o.order_del_pickup_date, time: o.order_del_pickup_time, storeCode: o.order_del_pickup_store_code ?? '' }
        : null,
    can: memberOrderActions(o.order_status, o.order_del_type),
  };
}

/** The company block from print_customer_bill: address lines without the empty ones. */
export function toBillCompanyView(c: z.infer<typeof billCompany>): BillCompanyView {
  return { name: c.company_name, address: [c.company_address1, c.company_address2].filter(Boolean), email: c.company_email, tel: c.company_tel };
}
