/**
 * Order statuses, the account area's order tabs and order reference numbers (spec §3 Order
 * statuses, §4 Order tab grouping).
 */
import { type Instant, isDateString, shopDate } from './shop-time';

/**
 * Order statuses: the six of spec §3, plus Completed (after the review step) and Cancelled
 * (the cancel call). Same list as the database schema's `ORDER_STATUSES`.
 */
export const ORDER_STATUSES = [
  'Pending',
  'Processing Payment',
  'Paid',
  'Delivering',
  'Ready To Pickup',
  'Waiting Comment',
  'Completed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The account area's order tabs in display order, with the statuses each one shows (spec §4). */
export const ORDER_TABS = [
  { key: 'to_pay', label: 'To Pay', statuses: ['Pending', 'Processing Payment'] },
  { key: 'to_receive', label: 'To Receive', statuses: ['Paid', 'Delivering', 'Ready To Pickup'] },
  { key: 'to_evaluate', label: 'To Evaluate', statuses: ['Waiting Comment'] },
] as const satisfies readonly { key: string; label: string; statuses: readonly OrderStatus[] }[];
export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

/** The tab named by a `?tab=` value ('to_pay' → 'to_pay'); anything else → null (all orders). */
export function parseOrderTab(value: string | null | undefined): OrderTabKey | null {
  return ORDER_TABS.find((tab) => tab.key === value)?.key ?? null;
}

/** Orders the account area lists at once, newest first (spec §7 order_listing `limit` "0,50"). */
export const ORDER_LIST_LIMIT = 50;

/** True when `value` is one of `ORDER_STATUSES` (exact spelling and case). */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The tab an order status belongs to (spec §4): To Pay = Pending + Processing Payment; To Receive =
 * Paid + Delivering + Ready To Pickup; To Evaluate = Waiting Comment. Completed, Cancelled and any
 * unknown text → null (shown in no tab). Matching is exact.
 */
export function orderTab(status: string): OrderTabKey | null {
  for (const tab of ORDER_TABS) {
    if ((tab.statuses as readonly string[]).includes(status)) return tab.key;
  }
  return null;
}

/**
 * Split orders into the three tabs, keeping their input order; orders in no tab are left out.
 * @param orders any records; their status is read by `statusOf` (default: the `status` field)
 * @returns { to_pay, to_receive, to_evaluate }, each an array (possibly empty)
 */
export function groupOrdersByTab<T extends { status: string }>(orders: readonly T[]): Record<OrderTabKey, T[]>;
export function groupOrdersByTab<T>(orders: readonly T[], statusOf: (order: T) => string): Record<OrderTabKey, T[]>;
export function groupOrdersByTab<T>(
  orders: readonly T[],
  statusOf: (order: T) => string = (order) => (order as { status: string }).status,
): Record<OrderTabKey, T[]> {
  const groups: Record<OrderTabKey, T[]> = { to_pay: [], to_receive: [], to_evaluate: [] };
  for (const order of orders) {
    const tab = orderTab(statusOf(order));
    if (tab) groups[tab].push(order);
  }
  return groups;
}

/** Prefix of web order reference numbers. */
export const ORDER_REFNO_PREFIX = 'WEB';
const REFNO_RE = /^WEB(\d{2})(\d{2})(\d{2})(\d{4,})$/;

/**
 * Build an order reference number (`order_refno`): 'WEB' + YYMMDD of the order date (Malaysian
 * time, UTC+8) + the day's sequence number, zero-padded to at least 4 digits:
 * (1, '2026-11-22') → 'WEB2611220001'. Past 9999 orders a day the sequence simply grows to 5+
 * digits ('WEB26112210000'), so numbers stay unique and sort by date first.
 * @param seq the order's number within its day, an integer ≥ 1
 * @param date the order date 'YYYY-MM-DD', or an instant whose UTC+8 date is used
 * @throws RangeError on a bad sequence number or date.
 */
export function formatOrderRefno(seq: number, date: string | Instant): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Order sequence must be an integer ≥ 1, got ${seq}`);
  const day = typeof date === 'string' ? date : shopDate(date);
  if (!isDateString(day)) throw new RangeError(`Invalid order date "${day}", expected YYYY-MM-DD`);
  const [y, m, d] = day.split('-') as [string, string, string];
  if (y < '2000' || y > '2099') throw new RangeError(`Order year must be 2000–2099, got ${y}`);
  return `${ORDER_REFNO_PREFIX}${y.slice(2)}${m}${d}${String(seq).padStart(4, '0')}`;
}

/**
 * Read an order reference number made by `formatOrderRefno`: 'WEB2611220001' →
 * { date: '2026-11-22', seq: 1 }; null when it is not one (another format or an impossible date).
 */
export function parseOrderRefno(refno: string): { date: string; seq: number } | null {
  const m = REFNO_RE.exec(refno);
  if (!m) return null;
  const date = `20${m[1]}-${m[2]}-${m[3]}`;
  const seq = Number(m[4]);
  if (!isDateString(date) || seq < 1 || (m[4]!.length > 4 && m[4]!.startsWith('0'))) return null;
  return { date, seq };
}

/** The message-catalogue key of a status's label: 'Ready To Pickup' → 'status_ready_to_pickup'. */
export function statusMessageKey(status: string): string {
  return `status_${status.toLowerCase().replace(/\s+/g, '_')}`;
}
