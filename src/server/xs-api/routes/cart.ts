/** Routes of coverage.md §7 Cart, and buy_again (a past order back in the cart). */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addToCart, clearCart, getCart } from '../services/cart';
import { buyAgain } from '../services/buy-again';

export function cartRoutes(app: Hono<ApiEnv>) {
  serve(app, op.get_cart, async ({ db, member, query, locale }) => ({ data: await getCart(db, member!, query.store, locale) }));
  serve(app, op.add_cart, async ({ db, member, query, body, locale }) => ({ data: await addToCart(db, member!, query.store, body, locale) }));
  serve(app, op.buy_again, async ({ db, member, query, body, locale }) => ({ data: await buyAgain(db, member!, query.store, body.order_refno, locale) }));
  serve(app, op.clear_cart, async ({ db, member, query, body, locale }) => {
    await clearCart(db, member!, query.store, body[0]?.product_code);
    return { data: query.store ? await getCart(db, member!, query.store, locale) : null };
  });
}
