/** Feedback (coverage.md §2 Account: Feedback; §7 add_feedback): stored for the shop's staff. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { feedbackSchema } from '../../../domain/validation';
import type { Db } from '../db/client';
import { feedback, stores } from '../db/schema';
import { ApiError } from '../errors';
import { clock } from '../../clock';

/**
 * Records the member's feedback. @returns its id.
 * @throws ApiError 404 'store_not_found' when `store_code` names no outlet.
 */
export async function addFeedback(db: Db, memberCode: string, input: z.output<typeof feedbackSchema>, now = clock.now()): Promise<number> {
  if (input.store_code) {
    const [store] = await db.select({ code: stores.storeCode }).from(stores).where(eq(stores.storeCode, input.store_code)).limit(1);
    if (!store) throw new ApiError(404, 'store_not_found', { store: input.store_code });
  }
  const [row] = await db
    .insert(feedback)
    .values({ memberCode, category: input.category, rating: input.rating, comment: input.comment, storeCode: input.store_code ?? null, createdAt: now })
    .returning({ id: feedback.id });
  return row!.id;
}
