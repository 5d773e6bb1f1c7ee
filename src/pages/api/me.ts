/**
 * The session summary the header shows (spec §2 Header): profile name and points and the cart count
 * at a store. Per-user, so never cached; the catalogue pages stay cacheable without it.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = async ({ locals, url }) => {
  const profile = await locals.profile().catch(() => null);
  let cartCount = 0;
  const store = url.searchParams.get('store');
  if (profile && store) {
    cartCount = await locals.api
      .call('get_cart', { query: { store, lang: locals.locale } })
      .then((r) => r.data.items.length)
      .catch(() => 0);
  }
  return Response.json(
    {
      profile: profile && { member_code: profile.member_code, customer_firstname: profile.customer_firstname, customer_point: profile.customer_point },
      cart_count: cartCount,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
};
