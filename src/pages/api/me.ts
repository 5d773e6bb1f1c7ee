/**
 * The session summary the header shows (coverage.md §2 Header): profile name, picture, points and unread
 * notification count, the birthday flags (coverage.md §4 Birthday: the home page's claim modal), the cart count at
 * the chosen store (the delivery-choice cookie), and the favourite product codes (the header count
 * and the hearts on cards). A per-user read, so a GET that is never cached; the catalogue pages
 * stay cacheable without it. The reads are the cart and favourites features' queries. When the
 * request carries no delivery choice (a member on a new device, coverage.md §3 "Delivery method saved per
 * user"), `delivery_method` is the member's saved one (null when none); otherwise it is left out.
 */
import type { APIRoute } from 'astro';
import { cartCount } from '../../features/cart/queries';
import { favouriteCodes } from '../../features/favourites/queries';
import { savedDeliveryMethod } from '../../features/delivery/queries';
import { readChoice } from '../../features/delivery/choice-cookie';

export const GET: APIRoute = async (ctx) => {
  const profile = await ctx.locals.profile().catch(() => null);
  const [count, favourites] = profile ? await Promise.all([cartCount(ctx), favouriteCodes(ctx)]) : [0, []];
  const deliveryMethod = profile && !readChoice(ctx.cookies) ? await savedDeliveryMethod(ctx) : undefined;
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
      ...(deliveryMethod !== undefined && { delivery_method: deliveryMethod }),
    },
    { headers: { 'cache-control': 'no-store' } },
  );
};
