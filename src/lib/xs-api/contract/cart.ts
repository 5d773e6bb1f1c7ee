/** Cart operations (spec §7 Cart and favourites, §3 Cart). */
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
