/**
 * The session summary the header shows (spec §2 Header): profile name, picture, points and unread
 * notification count, the birthday flags (spec §4 Birthday: the home page's claim modal), the cart count at
 * the chosen store (the delivery-choice cookie), and the favourite product codes (the header count
 * and the hearts on cards). A per-user read, so a GET that is never cached; the catalogue pages
 * stay cacheable without it. The reads are the cart and favourites features' queries.
 */
import type { APIRoute } from 'astro';
import { cartCount } from '../../features/cart/queries';
import { favouriteCodes } from '../../features/favourites/queries';

export const GET: APIRoute = async (ctx) => {
  const profile = await ctx.locals.profile().catch(() => null);
  const [count, favourites] = profile ? await Promise.all([cartCount(ctx), favouriteCodes(ctx)]) : [0, []];
  return Response.json(
    {
      profile: profile && {
        member_code: profile.member_code,
        customer_firstname: profile.customer_firstname,
        customer_picture: profile.customer_picture,
        customer_point: profile.customer_point,
        notification_unread: profile.notification_unread ?? 0,
        birthday_claimed: profile.birthday_claimed,
        is_birthday: profile.is_birthday,
      },
      cart_count: count,
      favourites,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
};
