/**
 * The staff console's Actions (issue "The outlets run the shop" §1, §2, §3; ADR 25): plain HTML
 * forms (`accept: 'form'`) posted to the console page they are on, so they carry the console's
 * cookie (path /staff) and work without JavaScript. Each calls one operator or staff operation as
 * the logged-in staff member (`staffApi`), whose rules decide (the order state machine, the
 * outlet's scope, HQ's rights); a refusal renders the page in place with the API's text in the
 * staff member's language. Success answers `{ redirect }` with a `done` marker the page shows.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { LOCALES } from '../../domain/constants';
import { paths, safeRedirectPath } from '../../domain/paths';
import { MAX_CAPACITY } from '../../domain/slot-capacity';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES } from '../../domain/staff';
import { courierCodeSchema, trackingCodeSchema } from '../../domain/couriers';
import { clearStaffSession, writeStaffSession } from '../../server/staff-session';
import { publicApi, staffApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';
import { translate } from '../../i18n/messages';

const refno = z.string().trim().min(1).max(30);
/** What the console's pages show after a change (`?done=`). */
export const STAFF_DONE = ['ready', 'delivering', 'delivered', 'handed_over', 'short_picked', 'cancelled', 'capacity_saved', 'staff_added', 'staff_disabled', 'password_reset'] as const;
export type StaffDone = (typeof STAFF_DONE)[number];

/** The staff session of the request. @throws ActionError UNAUTHORIZED without one. */
function requireStaff(ctx: ActionAPIContext) {
  if (!ctx.locals.staff) throw new ActionError({ code: 'UNAUTHORIZED', message: 'staff session missing' });
}

/** Calls the API as the staff member; the API's refusals keep their text (staff_session_expired included). */
function asStaff<T>(ctx: ActionAPIContext, fn: (api: ReturnType<typeof staffApi>) => Promise<T>): Promise<T> {
  requireStaff(ctx);
  return viaApi(ctx, () => fn(staffApi(ctx)), { credentials: true });
}

const back = (orderRefno: string, done: StaffDone): FormRedirect => ({ redirect: `${paths.staff.order(orderRefno)}?done=${done}` });

/** A capacity field: empty (null from the form) follows the default, else a whole number 0–MAX_CAPACITY. */
const capacityField = z
  .string()
  .trim()
  .max(6)
  .nullable()
  .transform((v, c) => {
    if (v === null || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > MAX_CAPACITY) c.addIssue({ code: 'custom', message: 'staff_capacity_invalid' });
    return n;
  });

export const staff = {
  /**
   * Console login: `login`, `password`, the page to return to, and `language` when the login page
   * was opened in a chosen language (`?lang=`), which then becomes the member's console language.
   * Success seals the console's cookie (its own name and path) with the session token and the
   * language. Failure: 401 with the API's text, 429 after repeated failures.
   */
  login: defineAction({
    accept: 'form',
    input: z.object({
      login: z.string().trim().min(1, 'field_required').max(60),
      password: z.string().min(1, 'password_required').max(200),
      redirect: z.string().max(2000).optional().catch(undefined),
      language: z.enum(LOCALES).optional().catch(undefined),
    }),
    handler: async ({ login, password, redirect, language }, ctx): Promise<FormRedirect> => {
      const r = await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('staff_login', { body: { login, password, client: 'console' } }), { credentials: true });
      const chosen = language ?? r.staff.language;
      await writeStaffSession(ctx.cookies, { token: r.token, language: chosen });
      if (chosen !== r.staff.language) {
        ctx.locals.staff = { token: r.token, language: chosen };
        await staffApi(ctx).call('staff_language', { body: { language: chosen } }).catch(() => {});
      }
      const target = safeRedirectPath(redirect, paths.staff.board());
      return { redirect: target.startsWith('/staff') ? target : paths.staff.board() };
    },
  }),

  /** Ends the console session (also on the server) and returns to the login page. */
  logout: defineAction({
    accept: 'form',
    handler: async (_input, ctx): Promise<FormRedirect> => {
      if (ctx.locals.staff) await staffApi(ctx).call('staff_logout', { body: undefined }).catch(() => {});
      clearStaffSession(ctx.cookies);
      return { redirect: paths.staff.login() };
    },
  }),

  /** The console's language for this staff member (kept on their account and in the cookie). */
  language: defineAction({
    accept: 'form',
    input: z.object({ language: z.enum(LOCALES), redirect: z.string().max(2000).optional().catch(undefined) }),
    handler: async ({ language, redirect }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('staff_language', { body: { language } }));
      await writeStaffSession(ctx.cookies, { token: ctx.locals.staff!.token, language });
      const target = safeRedirectPath(redirect, paths.staff.board());
      return { redirect: target.startsWith('/staff') ? target : paths.staff.board() };
    },
  }),

  /** Paid → Ready To Pickup: the shopper gets the collection code by SMS and in the feed. */
  ready: defineAction({
    accept: 'form',
    input: z.object({ order_refno: refno }),
    handler: async ({ order_refno }, ctx) => {
      await asStaff(ctx, (api) => api.call('ops_order_status', { body: { order_refno, to: 'Ready To Pickup' } }));
      return back(order_refno, 'ready');
    },
  }),

  /** Paid → Delivering with the courier and its tracking code (both required; src/domain/couriers.ts). */
  deliver: defineAction({
    accept: 'form',
    input: z.object({
      order_refno: refno,
      tracking_courier: z.string().trim().min(1, 'tracking_courier_required').pipe(courierCodeSchema),
      tracking_code: trackingCodeSchema,
    }),
    handler: async ({ order_refno, tracking_code, tracking_courier }, ctx) => {
      await asStaff(ctx, (api) => api.call('ops_order_status', { body: { order_refno, to: 'Delivering', tracking_code, tracking_courier } }));
      return back(order_refno, 'delivering');
    },
  }),

  /** Delivering → Waiting Comment: the delivery arrived. */
  delivered: defineAction({
    accept: 'form',
    input: z.object({ order_refno: refno }),
    handler: async ({ order_refno }, ctx) => {
      await asStaff(ctx, (api) => api.call('ops_order_status', { body: { order_refno, to: 'Waiting Comment' } }));
      return back(order_refno, 'delivered');
    },
  }),

  /** Ready To Pickup → Waiting Comment at the counter, with the shopper's collection code. */
  handover: defineAction({
    accept: 'form',
    input: z.object({ order_refno: refno, collection_code: z.string().trim().min(1, 'staff_code_required').max(20) }),
    handler: async ({ order_refno, collection_code }, ctx) => {
      await asStaff(ctx, (api) => api.call('ops_order_handover', { body: { order_refno, collection_code } }));
      return back(order_refno, 'handed_over');
    },
  }),

  /** Cancels with a reason; what was paid is refunded through the payment provider. */
  cancel: defineAction({
    accept: 'form',
    input: z.object({ order_refno: refno, reason: z.string().trim().min(1, 'staff_reason_required').max(200) }),
    handler: async ({ order_refno, reason }, ctx) => {
      const r = await asStaff(ctx, (api) => api.call('ops_order_cancel', { body: { order_refno, reason } }));
      if (r.refund_failed.length) throw new ActionError({ code: 'BAD_GATEWAY', message: r.refund_failed.map((f) => f.error).join('; ') });
      return back(order_refno, 'cancelled');
    },
  }),

  /**
   * Short pick: `product_code[]` with `quantity[]` (the new, lower quantity of each line, 0 removes
   * it) and a reason; the difference is refunded.
   */
  shortPick: defineAction({
    accept: 'form',
    // A plain object (no refine): Astro reads repeated form fields as arrays only from an object's shape.
    input: z.object({
      order_refno: refno,
      product_code: z.array(z.string().trim().min(1).max(40)).min(1).max(100),
      quantity: z.array(z.coerce.number().int('staff_quantity_invalid').min(0, 'staff_quantity_invalid').max(9999, 'staff_quantity_invalid')).min(1).max(100),
      // An empty field arrives as null (Astro's form reading): optional, '' when absent.
      reason: z.string().trim().max(200).optional(),
    }),
    handler: async ({ order_refno, product_code, quantity, reason }, ctx) => {
      if (product_code.length !== quantity.length) throw new ActionError({ code: 'BAD_REQUEST', message: translate(ctx.locals.locale, 'staff_quantity_invalid') });
      const product = product_code.map((code, i) => ({ product_code: code, quantity: quantity[i]! }));
      const r = await asStaff(ctx, (api) => api.call('ops_order_short_pick', { body: { order_refno, product, reason: reason ?? '' } }));
      if (r.refund_failed.length) throw new ActionError({ code: 'BAD_GATEWAY', message: r.refund_failed.map((f) => f.error).join('; ') });
      return back(order_refno, 'short_picked');
    },
  }),

  /** HQ sets an outlet's capacity (empty: the default). */
  capacity: defineAction({
    accept: 'form',
    input: z.object({ store_code: z.string().trim().max(10), pickup_slot_capacity: capacityField, delivery_day_capacity: capacityField }),
    handler: async (input, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_capacity_set', { body: input }));
      return { redirect: `${paths.staff.capacity}?done=capacity_saved&outlet=${encodeURIComponent(input.store_code)}` };
    },
  }),

  /** HQ adds a staff member: login, name, password, role and (for an outlet member) outlets. */
  addStaff: defineAction({
    accept: 'form',
    input: z.object({
      login: z.string().trim().min(1, 'field_required').max(60),
      name: z.string().trim().min(1, 'field_required').max(80),
      password: z.string().min(STAFF_PASSWORD_MIN_LENGTH, 'staff_password_min').max(200),
      role: z.enum(STAFF_ROLES),
      outlets: z.array(z.string().trim().max(10)).max(50),
    }),
    handler: async (input, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('staff_add', { body: input }));
      return { redirect: `${paths.staff.team}?done=staff_added` };
    },
  }),

  /** HQ disables a staff member; their sessions end at once. */
  disableStaff: defineAction({
    accept: 'form',
    input: z.object({ login: z.string().trim().min(1).max(60) }),
    handler: async ({ login }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('staff_disable', { body: { login } }));
      return { redirect: `${paths.staff.team}?done=staff_disabled` };
    },
  }),

  /** HQ sets a new password for a staff member (active again; their sessions end). */
  resetPassword: defineAction({
    accept: 'form',
    input: z.object({ login: z.string().trim().min(1).max(60), password: z.string().min(STAFF_PASSWORD_MIN_LENGTH, 'staff_password_min').max(200) }),
    handler: async (input, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('staff_reset_password', { body: input }));
      return { redirect: `${paths.staff.team}?done=password_reset` };
    },
  }),
};
