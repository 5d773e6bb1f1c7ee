/**
 * Availability of a product at the chosen outlet for a logged-in member (coverage.md §2 Product detail:
 * "Product availability shows only when a store is chosen and the user is logged in"). Fetched by the
 * product page after load, so the page itself stays cacheable; a per-user GET, never cached. The
 * store is the delivery-choice cookie's. GET → { product_has_balance: 0|1, product_quantity: units,
 * in_favorite: 0|1 }; 401 for a guest, 412 without a chosen store, 404 for an unknown product or
 * store (src/features/cart/queries.ts `getAvailability`).
 */
import type { APIRoute } from 'astro';
import { getAvailability } from '../../../features/cart/queries';

export const GET: APIRoute = async (ctx) => {
  const headers = { 'cache-control': 'private, no-store' };
  const answer = await getAvailability(ctx, ctx.params.code ?? '');
  if (answer.ok) return Response.json(answer.data, { headers });
  return Response.json({ error: answer.error.message }, { status: answer.error.status, headers });
};
