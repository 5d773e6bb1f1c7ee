/** Favourite operations (coverage.md §7 Cart and favourites; §3 Favourites). */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';
import { lang, product } from './catalogue';

/** A list of products by code, as add_favorite and delete_favorite take it. */
const productCodes = z.array(z.object({ product_code: z.string().min(1).max(30) })).min(1).max(50);

/** The answer of add_favorite / delete_favorite: the member's favourite codes afterwards (newest first). */
const favouriteCodes = z.object({ Status: statusOk, data: z.array(z.string()), total: z.number().int() });

export const favoriteListing = defineOperation({
  name: 'favorite_listing',
  method: 'GET',
  path: 'favorite_listing/:member',
  member: 'required',
  summary:
    "The member's favourite products, newest first. With store (store_no): only those the outlet carries, with stock there; without: all of them, in stock at any outlet.",
  query: z.object({ store: z.string().max(20).optional(), lang }),
  response: z.object({ Status: statusOk, data: z.array(product), total: z.number().int() }),
});

export const addFavorite = defineOperation({
  name: 'add_favorite',
  method: 'POST',
  path: 'add_favorite/:member',
  member: 'required',
  summary: 'Add products to the favourites (idempotent: a favourite already there stays as it is). 404 for an unknown product.',
  body: productCodes,
  response: favouriteCodes,
});

export const deleteFavorite = defineOperation({
  name: 'delete_favorite',
  method: 'POST',
  path: 'delete_favorite/:member',
  member: 'required',
  summary: 'Remove products from the favourites (idempotent: removing one that is not there succeeds).',
  body: productCodes,
  response: favouriteCodes,
});
