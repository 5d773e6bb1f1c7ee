/**
 * The member's notifications (coverage.md §2 /account/feeds; §3 User state "notification count"; §7
 * notification_listing "query options"). Texts come in the caller's language.
 */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';

export const notification = z.object({
  id: z.number().int(),
  /** What it is about ('order_status', 'order_pickup'), or null for a plain message. */
  kind: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  read: z.boolean(),
  /** The order it is about, when it is about one. */
  order_refno: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListing = defineOperation({
  name: 'notification_listing',
  method: 'GET',
  path: 'notification_listing/:member',
  member: 'required',
  summary: "The member's notifications, newest first (limit \"offset,count\", at most 100), with the total and the unread count.",
  query: z.object({
    limit: z
      .string()
      .regex(/^\d{1,6},\d{1,3}$/, 'limit must be "offset,count"')
      .refine((v) => Number(v.split(',')[1]) >= 1 && Number(v.split(',')[1]) <= 100, 'count must be between 1 and 100')
      .default('0,50'),
  }),
  response: z.object({ Status: statusOk, data: z.array(notification), total: z.number().int(), unread: z.number().int() }),
});

export const updateNotificationRead = defineOperation({
  name: 'update_notification_read',
  method: 'POST',
  path: 'update_notification_read/:member',
  member: 'required',
  summary: "Marks the member's notifications read: those of `id`, or all when `id` is omitted (not in spec §7; the feeds page's read state). Others' ids are ignored.",
  body: z.object({ id: z.array(z.number().int().positive()).min(1).max(100).optional() }),
  response: z.object({ Status: statusOk, changed: z.number().int(), unread: z.number().int() }),
});
