/** Review operations (coverage.md §7 Catalogue get_review / add_review; §3 Review). */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_PAGE_MAX, REVIEW_RATE_MAX, REVIEW_RATE_MIN } from '../../../domain/constants';

/** A review as everyone sees it. `member` is the masked name ('Mei Ling T***'); `avatar` a picture URL or null. */
export const review = z.object({
  review_id: z.number().int(),
  product_code: z.string(),
  review_rate: z.number().int().min(REVIEW_RATE_MIN).max(REVIEW_RATE_MAX),
  /** The comment exactly as written: clients must render it as text, never as HTML. */
  review_comment: z.string(),
  /** When it was written, ISO 8601 with offset. */
  review_datetime: z.string(),
  member: z.string(),
  avatar: z.string().nullable(),
});
export type Review = z.infer<typeof review>;

/** The rating figures of a product: average out of 5.0 to 1 decimal, count, and count per star ("0".."5"). */
export const reviewSummary = z.object({
  review_average: z.number().min(0).max(5),
  review_count: z.number().int(),
  review_count_by_rate: z.record(z.enum(['0', '1', '2', '3', '4', '5']), z.number().int()),
});

export const getReview = defineOperation({
  name: 'get_review',
  method: 'GET',
  path: 'get_review/:code',
  member: 'none',
  summary: `Reviews of a product, newest first (at most ${REVIEW_PAGE_MAX} per call, limit "offset,count"), with the average and counts over all of them.`,
  query: z.object({
    limit: z
      .string()
      .regex(/^\d{1,6},\d{1,3}$/, 'limit must be "offset,count"')
      .refine((v) => Number(v.split(',')[1]) >= 1 && Number(v.split(',')[1]) <= REVIEW_PAGE_MAX, `count must be between 1 and ${REVIEW_PAGE_MAX}`)
      .default(`0,${REVIEW_PAGE_MAX}`),
  }),
  response: z.object({ Status: statusOk, data: z.array(review) }).extend(reviewSummary.shape),
});

/** One review as a member sends it (coverage.md §3: sent as a one-item array). */
export const reviewInput = z.object({
  product_code: z.string().min(1).max(30),
  review_rate: z.number().int().min(REVIEW_RATE_MIN).max(REVIEW_RATE_MAX),
  review_comment: z.string().trim().max(REVIEW_COMMENT_MAX_LENGTH).default(''),
  /** The order the product was bought in; without it, the newest of the member's received orders with it not yet reviewed. */
  order_refno: z.string().min(1).max(30).optional(),
});

export const addReview = defineOperation({
  name: 'add_review',
  method: 'POST',
  path: 'add_review/:member',
  member: 'required',
  summary:
    'Review a product the member bought and received (an order of theirs with it that reached Waiting Comment, or Completed): a one-item array. One review per member, product and order: 403 when not bought, or when the order has not been received yet; 409 when already reviewed.',
  body: z.array(reviewInput).length(1, 'send exactly one review'),
  response: z.object({ Status: statusOk, data: review }),
});
