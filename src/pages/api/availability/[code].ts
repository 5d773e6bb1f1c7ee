/**
 * Availability of a product at the chosen outlet for a logged-in member (spec §2 Product detail:
 * "Product availability shows only when a store is chosen and the user is logged in"). Fetched by the
 * product page after load, so the page itself stays cacheable. GET ?store={store_no} →
 * { product_has_balance: 0|1, product_quantity: units, in_favorite: 0|1 }; 401 for a guest,
 * 400 without a store, 404 for an unknown product or store.
 */
import type { APIRoute } from 'astro';
import { XsApiError } from '../../../lib/xs-api/client';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const headers = { 'cache-control': 'private, no-store' };
  if (!locals.session) return Response.json({ error: 'login' }, { status: 401, headers });
  const store = url.searchParams.get('store') ?? '';
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(store)) return Response.json({ error: 'store' }, { status: 400, headers });
  try {
    const { data } = await locals.api.call('product_detail', { params: { code: params.code ?? '' }, query: { pickupstore: store, lang: locals.locale } });
    return Response.json({ product_has_balance: data.product_has_balance, product_quantity: data.product_quantity, in_favorite: data.in_favorite }, { headers });
  } catch (err) {
    const status = err instanceof XsApiError && err.status >= 400 && err.status < 500 ? err.status : 502;
    return Response.json({ error: err instanceof Error ? err.message : '' }, { status, headers });
  }
};
