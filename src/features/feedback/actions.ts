/**
 * Feedback Action (coverage.md §2 Account: Feedback; §7 add_feedback; §8 success toast): the form posts
 * here and works without JavaScript; on success the page comes back empty with 'Thank you for your
 * feedback.' (a flash, shown as a banner and, with scripts, a toast).
 */
import { defineAction } from 'astro:actions';
import { feedbackSchema } from '../../domain/validation';
import { setFlash } from '../../server/flash';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';

export const feedback = {
  /**
   * Sends the member's feedback (`feedbackSchema`: category, rating, comment, optional outlet).
   * Errors: UNAUTHORIZED for a guest; a broken rule → the field's coverage.md §5 message; an unknown outlet → 404.
   */
  send: defineAction({
    accept: 'form',
    input: feedbackSchema,
    handler: async (input, ctx) => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('add_feedback', { body: input }));
      setFlash(ctx.cookies, 'feedback_sent');
      return { sent: true };
    },
  }),
};
