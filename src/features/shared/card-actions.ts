/**
 * The two Actions the product cards' forms post to (`favourites.toggle`, `cart.add`), read from
 * `astro:actions` once. Each read of `actions.cart.add` builds a new client object (a function, its
 * path and query string), and a product page read them six times per render (FavouriteToggle,
 * AddToCartForm, CardForms). Server side only; the browser's card scripts use ./card-forms.ts.
 */
import { actions } from 'astro:actions';

/** `favourites.toggle` (src/features/favourites/actions.ts). */
export const favouriteToggleAction = actions.favourites.toggle;
/** `cart.add` (src/features/cart/actions.ts). */
export const cartAddAction = actions.cart.add;
