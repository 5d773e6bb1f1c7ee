/**
 * Product reviews (coverage.md §3 Review, §7 get_review / add_review). A member may review a product they
 * bought and received — an order of theirs containing it that has reached Waiting Comment (or was
 * Completed after it; `REVIEWABLE_STATUSES`) — once per order. Comments are stored exactly as
 * written; every client renders them as text.
 */
import { and, count, desc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Review, reviewInput } from '../../../lib/xs-api/contract';
import type { OrderStatus } from '../../../domain/orders';
import { maskMemberName, ratingSummary, REVIEW_RATES } from '../../../domain/reviews';
import { parseLimit } from '../../../domain/product-list';
import type { Db } from '../db/client';
import { customers, orderItems, orders, products, reviews } from '../db/schema';
import { ApiError } from '../errors';
import { pageTags } from '../../cache';
import { pagesChanged } from '../../page-changes';

type ReviewInput = z.output<typeof reviewInput>;

/** Statuses of an order whose products may be reviewed: received (Waiting Comment) or Completed after it (coverage.md §3, ADR 9). */
export const REVIEWABLE_STATUSES: readonly OrderStatus[] = ['Waiting Comment', 'Completed'];

/** The columns of a review as shown: the review and its writer's names and picture. */
const reviewColumns = {
  id: reviews.id,
  productCode: reviews.productCode,
  rate: reviews.rate,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  firstName: customers.firstName,
  lastName: customers.lastName,
  picture: customers.picture,
};
/** How many reviews the product has of each star count (`n5` … `n0`), as windows over all its reviews. */
const rateCountColumns = Object.fromEntries(
  REVIEW_RATES.map((rate) => [`n${rate}`, sql<number>`count(*) filter (where ${reviews.rate} = ${sql.raw(String(rate))}) over ()`.mapWith(Number)]),
) as Record<`n${(typeof REVIEW_RATES)[number]}`, SQL<number>>;

type ReviewRow = { id: number; productCode: string; rate: number; comment: string; createdAt: Date; firstName: string; lastName: string; picture: string | null };

/** The one mapping from a review row to the contract's `review`: masked member name, ISO date. */
function toReview(r: ReviewRow): Review {
  return {
    review_id: r.id,
    product_code: r.productCode,
    review_rate: r.rate,
    review_comment: r.comment,
    review_datetime: r.createdAt.toISOString(),
    member: maskMemberName(r.firstName, r.lastName),
    avatar: r.picture,
  };
}

/** @throws ApiError 404 'product_not_found' unless the product exists and is active. */
async function requireProduct(db: Db, code: string): Promise<void> {
  const [row] = await db.select({ code: products.productCode }).from(products).where(and(eq(products.productCode, code), eq(products.isActive, true))).limit(1);
  if (!row) throw new ApiError(404, 'product_not_found', { code });
}

/**
 * get_review: one page of a product's reviews, newest first (`limit` "offset,count"), and the
 * figures over all of them: average out of 5.0 to 1 decimal (src/domain/reviews.ts), count, count per star.
 * One query when the page has reviews; two when it has none (the product is then proven separately).
 * @throws ApiError 404 'product_not_found'; 400 for a malformed limit.
 */
export async function listReviews(db: Db, code: string, limit: string): Promise<ReviewAnswer> {
  let page: ReturnType<typeof parseLimit> | null = null;
  let badLimit: ApiError | null = null;
  try {
    page = parseLimit(limit);
  } catch (err) {
    badLimit = new ApiError(400, 'api_invalid_payload', { detail: `limit: ${(err as Error).message}` });
  }
  // Usually one statement (ADR 17): the page of reviews of the active product, each row carrying
  // the counts per star over all of the product's reviews (windows computed before LIMIT).
  const rows = page
    ? await db
        .select({ ...reviewColumns, ...rateCountColumns })
        .from(reviews)
        .innerJoin(customers, eq(customers.memberCode, reviews.memberCode))
        .innerJoin(products, and(eq(products.productCode, reviews.productCode), eq(products.isActive, true)))
        .where(eq(reviews.productCode, code))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(page.count)
        .offset(page.offset)
    : [];
  let countsByRate: Partial<Record<number, number>>;
  if (rows[0]) {
    const first = rows[0];
    countsByRate = Object.fromEntries(REVIEW_RATES.map((rate) => [rate, first[`n${rate}`]]));
  } else {
    // No row to carry the counts (no review, a page past the end, an unknown product or a bad
    // limit): one query both proves the product (no row: unknown or inactive) and counts its
    // reviews per star (a product without reviews gives one row with a null rate).
    const counts = await db
      .select({ rate: reviews.rate, n: count(reviews.id) })
      .from(products)
      .leftJoin(reviews, eq(reviews.productCode, products.productCode))
      .where(and(eq(products.productCode, code), eq(products.isActive, true)))
      .groupBy(reviews.rate);
    if (counts.length === 0) throw new ApiError(404, 'product_not_found', { code });
    if (badLimit) throw badLimit;
    countsByRate = Object.fromEntries(counts.filter((c) => c.rate !== null).map((c) => [c.rate, c.n]));
  }
  return reviewAnswer(rows, countsByRate);
}

/** get_review's answer: the page's rows and the figures over all of a product's reviews (`countsByRate`: star count → reviews). */
export function reviewAnswer(rows: ReviewRow[], countsByRate: Partial<Record<number, number>>) {
  const summary = ratingSummary(countsByRate);
  return {
    data: rows.map(toReview),
    review_average: summary.average,
    review_count: summary.count,
    review_count_by_rate: Object.fromEntries(Object.entries(summary.byRate).map(([k, v]) => [String(k), v])) as Record<'0' | '1' | '2' | '3' | '4' | '5', number>,
  };
}

/** get_review's answer as listReviews gives it. */
export type ReviewAnswer = ReturnType<typeof reviewAnswer>;

/**
 * add_review: stores the review of a product the member bought and received. The order is
 * `order_refno` when given, else the member's newest received order (Waiting Comment or Completed)
 * containing the product that they have not reviewed it for. The candidate orders are locked
 * while checking, so two submits cannot both pass.
 * @throws ApiError 404 'product_not_found'; 403 'review_order_not_received' (an order of theirs
 *   with the product exists but has not reached Waiting Comment yet); 403 'review_not_purchased'
 *   (no order of theirs with the product that is not Cancelled, or `order_refno` is not such an
 *   order); 409 'review_already'.
 * Once committed, the product's cached pages are dropped on every instance (src/server/page-changes.ts).
 */
export async function addReview(db: Db, memberCode: string, input: ReviewInput): Promise<Review> {
  await requireProduct(db, input.product_code);
  const id = await db.transaction(async (tx) => {
    const bought = await tx
      .select({ refno: orders.orderRefno, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.memberCode, memberCode),
          ne(orders.status, 'Cancelled'),
          input.order_refno ? eq(orders.orderRefno, input.order_refno) : undefined,
          exists(
            tx.select({ one: sql`1` }).from(orderItems).where(and(eq(orderItems.orderRefno, orders.orderRefno), eq(orderItems.productCode, input.product_code))),
          ),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.orderRefno))
      .for('update');
    if (bought.length === 0) throw new ApiError(403, 'review_not_purchased');
    const received = bought.filter((b) => REVIEWABLE_STATUSES.includes(b.status));
    if (received.length === 0) throw new ApiError(403, 'review_order_not_received');
    const refnos = received.map((b) => b.refno);
    const done = await tx
      .select({ refno: reviews.orderRefno })
      .from(reviews)
      .where(and(eq(reviews.memberCode, memberCode), eq(reviews.productCode, input.product_code), inArray(reviews.orderRefno, refnos)));
    const open = refnos.find((r) => !done.some((d) => d.refno === r));
    if (!open) throw new ApiError(409, 'review_already');
    const [row] = await tx
      .insert(reviews)
      .values({ productCode: input.product_code, memberCode, orderRefno: open, rate: input.review_rate, comment: input.review_comment })
      .returning({ id: reviews.id });
    return row!.id;
  });
  // The product's page shows its reviews and rating: dropped now on every instance (ADR 26).
  await pagesChanged(db, [pageTags.product(input.product_code)]);
  const [row] = await db.select(reviewColumns).from(reviews).innerJoin(customers, eq(customers.memberCode, reviews.memberCode)).where(eq(reviews.id, id));
  return toReview(row!);
}
