/** Feedback (coverage.md §2 Account: Feedback; §7 add_feedback/{customer}). */
import { z } from 'zod';
import { feedbackSchema } from '../../../domain/validation';
import { defineOperation, statusOk } from './operation';

export const addFeedback = defineOperation({
  name: 'add_feedback',
  method: 'POST',
  path: 'add_feedback/:member',
  member: 'required',
  summary:
    'The member\'s feedback: category (STAFF_ATTITUDE, MOBILE_APP, PRODUCTS, OUTLET, PROMOTION, OTHERS), rating (GOOD, NEUTRAL, POOR), comment (≤ 255) and optionally the outlet (store_code; 404 when unknown). A broken rule answers its spec §5 text and the field.',
  body: feedbackSchema,
  response: z.object({ Status: statusOk, feedback_id: z.number().int() }),
});
