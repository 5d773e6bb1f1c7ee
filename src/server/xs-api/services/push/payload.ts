/**
 * What a member's device shows (ADR 32): the one function that words a push message, per kind, in
 * the member's language. The payload is the service worker's contract: JSON `{ title, body, url,
 * tag }` (strings; `url` a path of this shop in the member's language, opened when the notice is
 * tapped; `tag` one per order or product, so a newer notice replaces the older one on the device).
 *
 * The kinds: an order ready for collection, out for delivery, short-picked, cancelled, or whose
 * payment failed (the feed notice's kind and parameters, services/notifications.ts, read by
 * `pushKindOf`), and a product back in stock at the member's outlet.
 */
import { DEFAULT_LOCALE, translate, type Locale, type MessageKey } from '../../../../i18n/messages';
import { href, paths } from '../../../../domain/paths';
import { shown } from '../notifications';

/** The push message's JSON as the service worker reads it. */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

/** The kinds of push message. */
export const PUSH_KINDS = ['order_ready', 'order_delivering', 'order_short_pick', 'order_cancelled', 'order_payment_failed', 'back_in_stock'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

type Params = Record<string, string | number>;

/**
 * The push kind of a feed notice (its kind and parameters), or null when the notice is not sent to
 * devices (a moved pick-up time, Paid, Completed…): ready for collection ('order_ready', or a plain
 * status change to Ready To Pickup), out for delivery ('order_delivering' or Delivering), short
 * pick, cancelled ('order_cancelled_by_shop' or Cancelled), payment failed (a change to Pending,
 * which only a declined or abandoned payment makes: src/domain/order-status.ts).
 */
export function pushKindOf(kind: string, params: Params): PushKind | null {
  if (kind === 'order_ready') return 'order_ready';
  if (kind === 'order_delivering') return 'order_delivering';
  if (kind === 'order_short_pick') return 'order_short_pick';
  if (kind === 'order_cancelled_by_shop') return 'order_cancelled';
  if (kind !== 'order_status') return null;
  switch (params.status) {
    case 'Ready To Pickup':
      return 'order_ready';
    case 'Delivering':
      return 'order_delivering';
    case 'Cancelled':
      return 'order_cancelled';
    case 'Pending':
      return 'order_payment_failed';
    default:
      return null;
  }
}

const TITLES: Record<PushKind, MessageKey> = {
  order_ready: 'push_order_ready_title',
  order_delivering: 'push_order_delivering_title',
  order_short_pick: 'push_order_short_pick_title',
  order_cancelled: 'push_order_cancelled_title',
  order_payment_failed: 'push_order_payment_failed_title',
  back_in_stock: 'push_back_in_stock_title',
};

/** The body's message: the feed notice's own text where it says it well, else the push's. */
function bodyKey(kind: PushKind, notice: string | undefined): MessageKey {
  switch (kind) {
    case 'order_ready':
      return notice === 'order_ready' ? 'notice_order_ready_body' : 'notice_order_status_body';
    case 'order_delivering':
      return notice === 'order_delivering' ? 'notice_order_delivering_body' : 'notice_order_status_body';
    case 'order_short_pick':
      return 'notice_order_short_pick_body';
    case 'order_cancelled':
      return notice === 'order_cancelled_by_shop' ? 'notice_order_cancelled_by_shop_body' : 'notice_order_status_body';
    case 'order_payment_failed':
      return 'push_order_payment_failed_body';
    case 'back_in_stock':
      return 'push_back_in_stock_body';
  }
}

/** A product's name in `locale` from parameters `name_en`, `name_zh`, `name_ar` (EN when the language has none). */
export function productNameIn(params: Params, locale: Locale): string {
  return String(params[`name_${locale}`] || params[`name_${DEFAULT_LOCALE}`] || params.product_code || '');
}

/**
 * The push message of `kind` in `locale`. `params` are the feed notice's (`order_refno`, `status`,
 * `outlet`, `code`, `tracking_code`, `amount_sen`…, with `notice` its kind) or, for back in stock,
 * `product_code`, `name_en|zh|ar` and `outlet`.
 * Example: ('order_ready', { notice: 'order_ready', order_refno: 'XS1', outlet: 'S001', code: '048213' }, 'zh')
 * → { title: '订单可取货', body: '您的订单 XS1 已可在 … 取货。…', url: '/zh/account/orders/XS1', tag: 'order-XS1' }.
 */
export function pushPayload(kind: PushKind, params: Params, locale: Locale): PushPayload {
  const p = shown(params, locale);
  if (kind === 'back_in_stock') {
    const code = String(params.product_code ?? '');
    const words = { ...p, product: productNameIn(params, locale) };
    return { title: translate(locale, TITLES[kind], words), body: translate(locale, bodyKey(kind, undefined), words), url: href(locale, paths.product(code)), tag: `back-in-stock-${code}` };
  }
  const refno = String(params.order_refno ?? '');
  return {
    title: translate(locale, TITLES[kind], p),
    body: translate(locale, bodyKey(kind, typeof params.notice === 'string' ? params.notice : undefined), p),
    url: href(locale, paths.account.order(refno)),
    tag: `order-${refno}`,
  };
}
