/** Routes of coverage.md §7 Catalogue: get_review (public) and add_review (the member's own). */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addReview, listReviews } from '../services/reviews';

/** Registers get_review/{code} and add_review/{member}. */
export function reviewRoutes(app: Hono<ApiEnv>) {
  // A page read (`cachedReads`) may reuse the answer the catalogue snapshot keeps (ADR 44); reviews are not per language.
  serve(app, op.get_review, async ({ db, params, query, services, cachedReads }) =>
    cachedReads ? services.catalogue.reviews(db, params.code!, query.limit) : listReviews(db, params.code!, query.limit),
  );
  serve(app, op.add_review, async ({ db, member, body }) => ({ data: await addReview(db, member!, body[0]!) }));
}
