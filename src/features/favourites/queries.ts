/**
 * Favourites reads (coverage.md §2 /favourites, Header favourites count; §3 Favourites "filtered by the
 * chosen store's store_no"; §7 favorite_listing). Per member, through `memberApi`. Never cached.
 */
import { toProductSummary, type ProductSummary } from '../catalogue/view-models';
import { chosenStore } from '../delivery/choice-cookie';
import { memberApi } from '../shared/api';
import type { ShoppingContext } from '../cart/queries';

/** What /favourites renders: the chosen store (null: none yet) and the favourite products (money in sen), newest first. */
export type FavouritesPage = { store: string | null; products: ProductSummary[] };

/**
 * The member's favourites with the stock at the chosen store (all of them, in stock anywhere, when
 * no store is chosen). A store that no longer exists shows every favourite rather than an error.
 * @throws XsApiError when the list cannot be read at all (the page's error fallback shows).
 */
export async function getFavouritesPage(ctx: ShoppingContext): Promise<FavouritesPage> {
  const store = chosenStore(ctx.cookies);
  const api = memberApi(ctx);
  const list = (s: string | undefined) => api.call('favorite_listing', { query: { store: s } }).then((r) => r.data);
  const products = await list(store ?? undefined).catch((err) => (store ? list(undefined) : Promise.reject(err)));
  return { store, products: products.map(toProductSummary) };
}

/** The member's favourite product codes, newest first (the header count and the hearts); [] for a guest or on failure. */
export async function favouriteCodes(ctx: ShoppingContext): Promise<string[]> {
  if (!ctx.locals.session) return [];
  return memberApi(ctx)
    .call('favorite_listing', {})
    .then((r) => r.data.map((p) => p.product_code))
    .catch(() => []);
}
