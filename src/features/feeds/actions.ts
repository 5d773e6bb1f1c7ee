/**
 * Feeds Actions (coverage.md §2 /account/feeds): marking the member's notifications read. A form post
 * without JavaScript comes back to the feeds page (redirect after POST).
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';

export const feeds = {
  /**
   * Marks all the member's notifications read (`{ unread: 0 }` after). Errors: UNAUTHORIZED for a guest.
   */
  markAllRead: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: async (_input, ctx) => {
      requireMember(ctx);
      const answer = await viaApi(ctx, () => memberApi(ctx).call('update_notification_read', { body: {} }));
      return { unread: answer.unread };
    },
  }),
};
