/**
 * Favourite Actions (coverage.md §4 Favourites: toggle in_favorite on the product page; §7 add_favorite /
 * delete_favorite). The member comes from the session, never from the browser.
 *
 * `toggle` takes a form (`accept: 'form'`): FavouriteToggle.astro posts here without JavaScript and
 * goes on to /favourites, where the outcome is visible (catalogue pages are cached for everyone,
 * so they cannot show one member's hearts without JavaScript); a guest goes to /login and back.
 * favourite-toggle.ts posts the same form and stays on the page with the spec's toast.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import { setFlash } from '../../server/flash';

export const favourites = {
  /**
   * Adds or removes a favourite. `op`: 'add', 'remove', or 'toggle' (the default, as a form posted
   * before any script ran sends it: the product's current in_favorite decides). Answers
   * `{ redirect, in_favorite: 0 | 1, favourites }`: the favourites page, the product's new state
   * and the member's favourite codes afterwards (newest first).
   */
  toggle: defineAction({
    accept: 'form',
    input: z.object({ product_code: z.string().min(1).max(30), op: z.enum(['add', 'remove', 'toggle']).optional() }),
    handler: async ({ product_code, op = 'toggle' }, ctx) => {
      // A guest is sent to /login: the login page says why.
      if (!ctx.locals.session) setFlash(ctx.cookies, 'login_for_favourite');
      requireMember(ctx);
      const api = memberApi(ctx);
      return viaApi(ctx, async () => {
        const add = op === 'toggle' ? (await api.call('product_detail', { params: { code: product_code } })).data.in_favorite !== 1 : op === 'add';
        const { data } = await api.call(add ? 'add_favorite' : 'delete_favorite', { body: [{ product_code }] });
        return { redirect: href(ctx.locals.locale, paths.favourites), in_favorite: add ? (1 as const) : (0 as const), favourites: data };
      });
    },
  }),
};
