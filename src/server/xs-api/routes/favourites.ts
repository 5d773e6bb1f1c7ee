/** Routes of coverage.md §7 Cart and favourites: favorite_listing, add_favorite, delete_favorite (the member's own). */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addFavourites, deleteFavourites, listFavourites } from '../services/favourites';

/** Registers favorite_listing/{member}, add_favorite/{member} and delete_favorite/{member}. */
export function favouriteRoutes(app: Hono<ApiEnv>) {
  serve(app, op.favorite_listing, async ({ db, member, query }) => listFavourites(db, member!, { storeNo: query.store, lang: query.lang }));
  serve(app, op.add_favorite, async ({ db, member, body }) => {
    const data = await addFavourites(db, member!, body.map((b) => b.product_code));
    return { data, total: data.length };
  });
  serve(app, op.delete_favorite, async ({ db, member, body }) => {
    const data = await deleteFavourites(db, member!, body.map((b) => b.product_code));
    return { data, total: data.length };
  });
}
