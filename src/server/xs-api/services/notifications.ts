/**
 * The member's notifications (coverage.md §2 /account/feeds; §3 User state "notification count"; §7
 * notification_listing). Every notice is written through `notify`, with its kind and parameters, so
 * it is shown in the reader's language when listed; the title and body stored beside them are the
 * EN text, for readers of the table and notices of unknown kinds.
 *
 * The same write queues the order's news for the member's devices (Web Push, ADR 32): a notice of
 * an order ready for collection, out for delivery, short-picked, cancelled or whose payment failed
 * (services/push/payload.ts `pushKindOf`) writes a `push_outbox` row in the same transaction, sent
 * once after the commit (services/push/outbox.ts). One status change, one notice, one push.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { orderStatusLabel } from '../../../i18n/order-status';
import { outletName } from '../../../i18n/outlet-name';
import { DEFAULT_LOCALE, translate, type Locale, type MessageKey } from '../../../i18n/messages';
import { formatPickupDate, formatPickupTime } from '../../../domain/pickup';
import { formatExactPrice } from '../../../domain/money';
import { isDateString, isTimeString } from '../../../domain/shop-time';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { clock } from '../../clock';
import { pushKindOf } from './push/payload';
import { queueMessages, type OutboxMessage } from './push/outbox';

/**
 * The kinds of notice and their message keys: an order's status changed; its pick-up slot moved;
 * and what staff did (issue "The outlets run the shop" §4): ready for pick-up (with the outlet and
 * the collection code), out for delivery (with the tracking code), lines taken off (with the amount
 * refunded), cancelled by the shop (with the reason and the refund).
 */
const TEXTS = {
  order_status: { title: 'notice_order_status_title', body: 'notice_order_status_body' },
  order_pickup: { title: 'notice_order_status_title', body: 'notice_pickup_changed_body' },
  order_ready: { title: 'notice_order_status_title', body: 'notice_order_ready_body' },
  order_delivering: { title: 'notice_order_status_title', body: 'notice_order_delivering_body' },
  order_short_pick: { title: 'notice_order_status_title', body: 'notice_order_short_pick_body' },
  order_cancelled_by_shop: { title: 'notice_order_status_title', body: 'notice_order_cancelled_by_shop_body' },
} as const satisfies Record<string, { title: MessageKey; body: MessageKey }>;
export type NotificationKind = keyof typeof TEXTS;

type Params = Record<string, string | number>;

/**
 * The parameters as shown in `locale`: an order status by its label ('Paid' → '已付款'), an
 * `outlet` by its name in the language ('XS Fresh Mart Kepong Baru' → 'XS 鲜市 Kepong Baru'), a `date`
 * 'YYYY-MM-DD' and a `time` 'HH:mm' in the language's format ('2026-11-24' → '24/11/2026',
 * '2026/11/24'; '14:30' → '02:30 pm', '下午02:30'), an `amount_sen` as `amount` in ringgit ('RM 12.30').
 * Values stored already formatted stay as they are.
 */
export function shown(params: Params, locale: Locale): Params {
  const out = { ...params };
  if (typeof params.status === 'string') {
    out.status = orderStatusLabel(params.status, locale);
  }
  if (typeof params.outlet === 'string') out.outlet = outletName(params.outlet, locale);
  if (isDateString(params.date)) out.date = formatPickupDate(params.date, locale);
  if (isTimeString(params.time)) out.time = formatPickupTime(params.time, locale);
  if (typeof params.amount_sen === 'number') out.amount = formatExactPrice(params.amount_sen);
  return out;
}

/**
 * A notice for a member: its kind and parameters, and when (default now). `push: false` keeps it
 * off the member's devices (the member's own cancel: they know).
 */
export type Notice = { memberCode: string; kind: NotificationKind; params: Params; now?: Date; push?: boolean };

/** Writes a notice for `memberCode` (inside the caller's transaction when `db` is one). */
export async function notify(db: Db, args: Notice): Promise<void> {
  await notifyAll(db, [args]);
}

/**
 * Writes several notices in one insert (inside the caller's transaction when `db` is one); the
 * expiry of a batch of unpaid orders notifies each member this way (issue "Safe to run in
 * production" §7). Nothing for an empty list.
 */
export async function notifyAll(db: Db, notices: readonly Notice[]): Promise<void> {
  if (!notices.length) return;
  await db.insert(notifications).values(
    notices.map((n) => {
      const texts = TEXTS[n.kind];
      const en = shown(n.params, DEFAULT_LOCALE);
      return {
        memberCode: n.memberCode,
        title: translate(DEFAULT_LOCALE, texts.title, en),
        body: translate(DEFAULT_LOCALE, texts.body, en),
        kind: n.kind,
        params: n.params,
        createdAt: n.now ?? clock.now(),
      };
    }),
  );
  const pushes: OutboxMessage[] = [];
  for (const n of notices) {
    const kind = n.push === false ? null : pushKindOf(n.kind, n.params);
    if (kind) pushes.push({ memberCode: n.memberCode, channel: 'push', kind, params: { ...n.params, notice: n.kind } });
  }
  await queueMessages(db, pushes);
}

/** A notice as listed: its text in the reader's language, when, and whether it was read. */
export type NotificationView = { id: number; kind: string | null; title: string; body: string; created_at: string; read: boolean; order_refno: string | null };

/**
 * The member's notices, newest first, `count` from `offset`, with how many there are and how many
 * are unread.
 */
export async function listNotifications(db: Db, memberCode: string, locale: Locale, page: { offset: number; count: number }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.memberCode, memberCode))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.count)
    .offset(page.offset);
  const [all] = await db.select({ n: count() }).from(notifications).where(eq(notifications.memberCode, memberCode));
  const data: NotificationView[] = rows.map((r) => {
    const texts = r.kind && r.kind in TEXTS ? TEXTS[r.kind as NotificationKind] : null;
    const params = r.params ? shown(r.params, locale) : {};
    return {
      id: r.id,
      kind: r.kind,
      title: texts ? translate(locale, texts.title, params) : r.title,
      body: texts ? translate(locale, texts.body, params) : r.body,
      created_at: r.createdAt.toISOString(),
      read: r.readAt !== null,
      order_refno: typeof r.params?.order_refno === 'string' ? r.params.order_refno : null,
    };
  });
  return { data, total: Number(all?.n ?? 0), unread: await unreadNotifications(db, memberCode) };
}

/** How many of the member's notices are unread. */
export async function unreadNotifications(db: Db, memberCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.memberCode, memberCode), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * Marks the member's notices read: those of `ids`, or all when `ids` is omitted. Others' ids are
 * ignored. @returns how many changed.
 */
export async function markNotificationsRead(db: Db, memberCode: string, ids?: number[], now = clock.now()): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.memberCode, memberCode), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined))
    .returning({ id: notifications.id });
  return changed.length;
}
