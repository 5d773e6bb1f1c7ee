/**
 * The session summary the header shows (spec §2 Header): profile name and points, the cart count
 * at a store, and the favourite product codes (the header count and the hearts on cards). Per-user,
 * so never cached; the catalogue pages stay cacheable without it.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = async ({ locals, url }) => {
  const profile = await locals.profile().catch(() => null);
  let cartCount = 0;
  let favourites: string[] = [];
  const store = url.searchParams.get('store');
  if (profile) {
    [cartCount, favourites] = await Promise.all([
      store
        ? locals.api
            .call('get_cart', { query: { store, lang: locals.locale } })
            .then((r) => r.data.items.length)
            .catch(() => 0)
        : 0,
      locals.api
        .call('favorite_listing', { query: { lang: locals.locale } })
        .then((r) => r.data.map((p) => p.product_code))
        .catch(() => []),
    ]);
  }
  return Response.json(
    {
      profile: profile && { member_code: profile.member_code, customer_firstname: profile.customer_firstname, customer_point: profile.customer_point },
      cart_count: cartCount,
      favourites,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
};
