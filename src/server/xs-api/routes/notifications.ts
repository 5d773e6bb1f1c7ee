/** Routes of the member's notifications (coverage.md §7 notification_listing; the feeds page's read state). Thin. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { listNotifications, markNotificationsRead, unreadNotifications } from '../services/notifications';

/** Registers notification_listing/{member} and update_notification_read/{member}. */
export function notificationRoutes(app: Hono<ApiEnv>) {
  serve(app, op.notification_listing, async ({ db, member, query, locale }) => {
    const [offset, count] = query.limit.split(',').map(Number) as [number, number];
    return listNotifications(db, member!, locale, { offset, count });
  });
  serve(app, op.update_notification_read, async ({ db, member, body }) => ({
    changed: await markNotificationsRead(db, member!, body.id),
    unread: await unreadNotifications(db, member!),
  }));
}
