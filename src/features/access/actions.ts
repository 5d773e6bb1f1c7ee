/**
 * Access Actions (spec §4 Session): logging out. Forms post here without JavaScript and scripts
 * call the same Actions (src/features/shared/form-action.ts).
 */
import { defineAction } from 'astro:actions';
import { href, paths } from '../../domain/paths';
import { clearSession } from '../../server/session';
import { memberApi } from '../shared/api';

export const access = {
  /**
   * Logout: revokes the session row (so every instance forgets it) and removes the cookie.
   * Answers `{ redirect }`, the login page: a form post goes there at once; the header's script
   * shows 'Logout Successful' for 2 s and goes there after 0.5 s (spec §4 Session).
   */
  logout: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      if (ctx.locals.session) await memberApi(ctx).call('customer_logout').catch(() => undefined);
      clearSession(ctx.cookies);
      return { redirect: href(ctx.locals.locale, paths.login()) };
    },
  }),
};
