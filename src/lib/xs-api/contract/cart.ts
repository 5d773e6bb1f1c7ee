/** Cart operations (coverage.md §7 Cart and favourites, §3 Cart). */
import { z } from 'zod';
import { amount, defineOperation, statusOk } from './operation';
import { lang } from './catalogue';

export const cartItem = z.object({
  id: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  product_picture: z.string(),
  /** Unit price the member pays now (the product's final_price). */
  product_price: amount,
  /** List price, for showing a struck-through old price. */
  product_old_price: amount,
  product_quantity: z.number().int(),
  /** Units on hand at the cart's store. */
  product_balance: z.number().int(),
  line_total: amount,
});
export type CartItem = z.infer<typeof cartItem>;

export const cart = z.object({ store: z.string(), items: z.array(cartItem), quantity: z.number().int(), subtotal: amount });
export type Cart = z.infer<typeof cart>;

const storeQuery = z.object({ store: z.string().min(1).max(20), lang });

export const getCart = defineOperation({
  name: 'get_cart',
  method: 'GET',
  path: 'get_cart/:member',
  member: 'required',
  summary: "The member's cart at a store.",
  query: storeQuery,
  response: z.object({ Status: statusOk, data: cart }),
});

export const addCart = defineOperation({
  name: 'add_cart',
  method: 'POST',
  path: 'add_cart/:member',
  member: 'required',
  summary:
    'Add to the cart: product_number is the change in quantity (negative to reduce); a line reaching 0 is removed. Refused beyond the stock at the store.',
  query: storeQuery,
  body: z
    .array(z.object({ product_code: z.string().min(1).max(30), product_number: z.number().int().min(-999).max(999) }))
    .min(1)
    .max(50),
  response: z.object({ Status: statusOk, data: cart }),
});

export const clearCart = defineOperation({
  name: 'clear_cart',
  method: 'POST',
  path: 'clear_cart/:member',
  member: 'required',
  summary: 'Remove one product from the cart (a one-item list), or everything (an empty list).',
  query: storeQuery.partial({ store: true }),
  body: z.array(z.object({ product_code: z.string().min(1).max(30) })).max(1),
  response: z.object({ Status: statusOk, data: cart.nullable() }),
});

/** A line of a past order that did not go back in the cart whole (src/domain/buy-again.ts). */
export const buyAgainNote = z.object({
  product_code: z.string(),
  /** The product's name in the caller's language (the order's own name when the product is gone). */
  product_name: z.string(),
  /** 'not_sold' hidden or withdrawn; 'out_of_stock' none at the store; 'short' fewer than ordered (the line holds all the store has). */
  note: z.enum(['not_sold', 'out_of_stock', 'short']),
  /** Units ordered (before any short pick) and units added now. */
  ordered: z.number().int(),
  added: z.number().int(),
});
export type BuyAgainNote = z.infer<typeof buyAgainNote>;

export const buyAgain = defineOperation({
  name: 'buy_again',
  method: 'POST',
  path: 'buy_again/:member',
  member: 'required',
  summary:
    "Puts the products of one of the member's orders back in the cart at a store, at today's prices: each line as many units as the store has (the cart's stock cap), a hidden or withdrawn product left out. Answers the cart and a note per line that did not go in whole. 404 for an unknown order or another member's.",
  query: storeQuery,
  body: z.object({ order_refno: z.string().trim().min(1).max(30) }),
  response: z.object({ Status: statusOk, data: z.object({ cart, notes: z.array(buyAgainNote) }) }),
});
