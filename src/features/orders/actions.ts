/**
 * Actions of the order detail page (coverage.md §2 order detail, §4 Order changes, §7
 * update_order_status_cancelled, update_pickup_datetime, add_review, update_order_status_comment,
 * §8 success toasts for order cancel and update). The member comes from the session, never from the
 * browser; the API checks the order is theirs (404 otherwise) and that the change is allowed now.
 *
 * Each success sets a flash (src/server/flash.ts) that the order detail page turns into a toast, so
 * the island (which reloads the page) and the plain form post (cancel, without JavaScript; redirect
 * after POST to the order) end the same way. Failures carry the API's message in the shopper's
 * language (src/features/shared/errors.ts): 404 unknown order, 409 no longer possible, 400 bad input.
 */
import { defineAction } from 'astro:actions';
import { calendarDate } from '../../lib/xs-api/contract';
import { z } from 'zod';
import { XsApiError } from '../../lib/xs-api/client';
import { orderRefInput, reviewInput } from '../../lib/xs-api/contract';
import { href, paths } from '../../domain/paths';
import { setFlash } from '../../server/flash';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

/** One product's review from the review modal: product, stars 0–5, comment (optional, ≤ 500). */
const productReview = reviewInput.pick({ product_code: true, review_rate: true, review_comment: true });

export const orders = {
  /**
   * Cancels the member's order while it is To Pay. A form posts here (works without JavaScript);
   * the island calls it with the same FormData. Answers `{ redirect }`: the order's page, where the
   * flash shows 'Order cancelled'.
   * Errors: UNAUTHORIZED for a guest; NOT_FOUND; CONFLICT 'This order can no longer be cancelled.'
   */
  cancel: defineAction({
    accept: 'form',
    input: orderRefInput,
    handler: async ({ order_refno }, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('update_order_status_cancelled', { body: { order_refno } }));
      setFlash(ctx.cookies, 'order_cancelled');
      return { redirect: href(ctx.locals.locale, paths.account.order(order_refno)) };
    },
  }),

  /**
   * Moves the pick-up slot of the member's pick-up order to `date` ('YYYY-MM-DD') and `time`
   * ('HH:mm'), Malaysian time; the API checks it with the shop's pick-up rules (coverage.md §5).
   * Answers the slot kept. Errors: CONFLICT with 'This order pickup date expired…' or 'The chosen
   * pick-up date and time is not available…', or when the order can no longer change.
   */
  changePickup: defineAction({
    input: orderRefInput.extend({ date: calendarDate(), time: z.string().regex(/^\d{2}:\d{2}$/) }),
    handler: async ({ order_refno, date, time }, ctx) => {
      requireMember(ctx);
      const { data } = await viaApi(ctx, () =>
        memberApi(ctx).call('update_pickup_datetime', { body: { order_refno, order_del_pickup_date: date, order_del_pickup_time: time } }),
      );
      setFlash(ctx.cookies, 'order_pickup_updated');
      return { date: data.order_del_pickup_date, time: data.order_del_pickup_time };
    },
  }),

  /**
   * Reviews the products of an order waiting for its review, then closes the review step (coverage.md §3
   * Review: add_review with a one-item array per product; then update_order_status_comment), so the
   * order becomes Completed. A product already reviewed for this order (409) is passed over, so a
   * retry after a partial failure completes the rest.
   * Errors: FORBIDDEN when the order has not been received; CONFLICT when it is not waiting for a review.
   */
  review: defineAction({
    input: orderRefInput.extend({ reviews: z.array(productReview).min(1).max(100) }),
    handler: async ({ order_refno, reviews }, ctx) => {
      requireMember(ctx);
      const api = memberApi(ctx);
      for (const r of reviews) {
        await viaApi(ctx, () =>
          api.call('add_review', { body: [{ ...r, order_refno }] }).catch((err: unknown) => {
            if (err instanceof XsApiError && err.status === 409) return null; // reviewed before: keep going
            throw err;
          }),
        );
      }
      const done = await viaApi(ctx, () => api.call('update_order_status_comment', { body: { order_refno } }));
      setFlash(ctx.cookies, 'order_reviewed');
      return { order_status: done.order_status };
    },
  }),
};
