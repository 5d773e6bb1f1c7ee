/** Route of coverage.md §7 add_feedback/{customer}. Thin. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addFeedback } from '../services/feedback';

/** Registers add_feedback/{member}. */
export function feedbackRoutes(app: Hono<ApiEnv>) {
  serve(app, op.add_feedback, async ({ db, member, body }) => ({ feedback_id: await addFeedback(db, member!, body) }));
}
