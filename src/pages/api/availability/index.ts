/**
 * Stock of several products at the chosen outlet for a logged-in member, so product cards and the
 * quick view show the chosen store's stock state (issue 9; coverage.md §2 Product detail availability).
 * GET ?codes=P0001,P0002 (at most 60) → { stock: { P0001: 4, P0002: 0 } } (units at the store);
 * 400 for a malformed list, 401 for a guest, 412 without a chosen store. Per user: never cached
 * (src/features/cart/queries.ts `getStoreStock`).
 */
import type { APIRoute } from 'astro';
import { getStoreStock } from '../../../features/cart/queries';

export const GET: APIRoute = async (ctx) => {
  const headers = { 'cache-control': 'private, no-store' };
  const codes = (ctx.url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
  const answer = await getStoreStock(ctx, codes);
  if (answer.ok) return Response.json({ stock: answer.data }, { headers });
  return Response.json({ error: answer.error.message }, { status: answer.error.status, headers });
};
