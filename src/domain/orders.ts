/**
 * Order statuses, the account area's order tabs and order reference numbers (coverage.md §3 Order
 * statuses, §4 Order tab grouping).
 */
import { type Instant, isDateString, shopDate } from './shop-time';

/**
 * Order statuses: the six of coverage.md §3, plus Completed (after the review step) and Cancelled
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

/** The account area's order tabs in display order, with the statuses each one shows (coverage.md §4). */
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

/** Orders the account area lists at once, newest first (coverage.md §7 order_listing `limit` "0,50"). */
export const ORDER_LIST_LIMIT = 50;

/** True when `value` is one of `ORDER_STATUSES` (exact spelling and case). */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The tab an order status belongs to (coverage.md §4): To Pay = Pending + Processing Payment; To Receive =
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
const ORDER_REFNO_PREFIX = 'WEB';
/** Digits of an order number's suffix (for the first 10^8 orders; see `formatOrderRefno`). */
const ORDER_NUMBER_DIGITS = 8;
const SUFFIX_SPACE = 100_000_000; // 10^ORDER_NUMBER_DIGITS
const HALF_SPACE = 10_000; // each Feistel half holds 4 decimal digits
/** Four 32-bit round keys of the suffix scramble. */
export type OrderNumberKeys = readonly [number, number, number, number];
/**
 * The round keys every shop used before each deployment had its own (services/orders/number-key.ts
 * keeps them for a database that already had orders then). FIXED FOREVER: changing them would let a
 * new order number equal one already issued.
 */
export const LEGACY_ORDER_NUMBER_KEYS: OrderNumberKeys = [0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c];
const REFNO_RE = /^WEB(\d{2})(\d{2})(\d{2})([1-9]\d*)?(\d{8})$/;

/** The Feistel round function: 0–9999 → 0–9999, a 32-bit integer hash of the half and the key. */
function roundFn(half: number, key: number): number {
  let x = Math.imul(half ^ key, 0x9e3779b1);
  x ^= x >>> 15;
  x = Math.imul(x, 0x85ebca77);
  x ^= x >>> 13;
  return (x >>> 0) % HALF_SPACE;
}

/**
 * The order-number scramble: a bijection of 0 … 10^8 − 1 onto itself, a 4-round Feistel network
 * over two 4-digit halves (left = n div 10^4, right = n mod 10^4; each round: left, right ←
 * right, (left + F(right, key)) mod 10^4). Consecutive inputs give unrelated outputs
 * (0 → 58322089, 1 → 6856920, 2 → 30272999 with the legacy keys), so a suffix does not tell how
 * many orders came before it. The keys are the deployment's own secret (issue "Safe to run in
 * production" §4), so reading this code does not tell the count either.
 * @param n an integer 0 … 99 999 999
 * @param keys the deployment's round keys (a shop keeps them forever)
 * @returns an integer 0 … 99 999 999; `unscrambleOrderNumber` undoes it
 * @throws RangeError outside that range.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function scrambleOrderNumber(n: number, keys: OrderNumberKeys = LEGACY_ORDER_NUMBER_KEYS): number {
  if (!Number.isSafeInteger(n) || n < 0 || n >= SUFFIX_SPACE) throw new RangeError(`Order number to scramble must be 0–99999999, got ${n}`);
  let left = Math.floor(n / HALF_SPACE);
  let right = n % HALF_SPACE;
  for (const key of keys) [left, right] = [right, (left + roundFn(right, key)) % HALF_SPACE];
  return left * HALF_SPACE + right;
}

/**
 * The inverse of `scrambleOrderNumber` with the same keys (same range; RangeError outside it).
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function unscrambleOrderNumber(m: number, keys: OrderNumberKeys = LEGACY_ORDER_NUMBER_KEYS): number {
  if (!Number.isSafeInteger(m) || m < 0 || m >= SUFFIX_SPACE) throw new RangeError(`Order number to unscramble must be 0–99999999, got ${m}`);
  let left = Math.floor(m / HALF_SPACE);
  let right = m % HALF_SPACE;
  for (const key of [...keys].reverse()) [left, right] = [(right - roundFn(left, key) + HALF_SPACE) % HALF_SPACE, left];
  return left * HALF_SPACE + right;
}

/**
 * Build an order reference number (`order_refno`): 'WEB' + YYMMDD of the order date (Malaysian
 * time, UTC+8) + an 8-digit suffix derived from `serial`, the value of the database sequence
 * `order_number_seq` (one per order, shop-wide, never reused):
 * suffix = `scrambleOrderNumber(serial − 1, keys)`, zero-padded to 8 digits.
 * With the legacy keys: (1, '2026-11-22') → 'WEB26112258322089'; (2, '2026-11-22') → 'WEB26112206856920'.
 * Unique because the sequence is and the scramble is a bijection; the date only sorts and reads
 * well. Past 10^8 orders, serial − 1 = block × 10^8 + rest gives the suffix block (no leading
 * zero) + the 8 scrambled digits of rest, so numbers stay unique.
 * @param serial the order's sequence value, an integer ≥ 1
 * @param date the order date 'YYYY-MM-DD', or an instant whose UTC+8 date is used
 * @param keys the deployment's round keys
 * @throws RangeError on a bad serial or date.
 */
export function formatOrderRefno(serial: number, date: string | Instant, keys: OrderNumberKeys = LEGACY_ORDER_NUMBER_KEYS): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`Order serial must be an integer ≥ 1, got ${serial}`);
  const day = typeof date === 'string' ? date : shopDate(date);
  if (!isDateString(day)) throw new RangeError(`Invalid order date "${day}", expected YYYY-MM-DD`);
  const [y, m, d] = day.split('-') as [string, string, string];
  if (y < '2000' || y > '2099') throw new RangeError(`Order year must be 2000–2099, got ${y}`);
  const index = serial - 1;
  const block = Math.floor(index / SUFFIX_SPACE);
  const suffix = String(scrambleOrderNumber(index % SUFFIX_SPACE, keys)).padStart(ORDER_NUMBER_DIGITS, '0');
  return `${ORDER_REFNO_PREFIX}${y.slice(2)}${m}${d}${block > 0 ? block : ''}${suffix}`;
}

/**
 * Read an order reference number made by `formatOrderRefno`: 'WEB26112258322089' →
 * { date: '2026-11-22', serial: 1 }; null when it is not one (another format such as the older
 * 'WEB' + YYMMDD + 4-digit numbers, or an impossible date).
 */
export function parseOrderRefno(refno: string, keys: OrderNumberKeys = LEGACY_ORDER_NUMBER_KEYS): { date: string; serial: number } | null {
  const m = REFNO_RE.exec(refno);
  if (!m) return null;
  const date = `20${m[1]}-${m[2]}-${m[3]}`;
  if (!isDateString(date)) return null;
  const block = m[4] ? Number(m[4]) : 0;
  const serial = block * SUFFIX_SPACE + unscrambleOrderNumber(Number(m[5]), keys) + 1;
  return Number.isSafeInteger(serial) ? { date, serial } : null;
}
