/**
 * Buy again (the member's past order back in the cart, docs/coverage.md "Buy again"): what happens
 * to each line of the order at the outlet chosen now. Prices are not part of it: the cart always
 * prices from today's catalogue. The stock cap is the cart's own (./stock.ts `unitsThatFit`).
 */
import { unitsThatFit } from './stock';

/**
 * Why a line went in with fewer units than ordered: 'not_sold' (the product is hidden or no longer
 * in the catalogue), 'out_of_stock' (the outlet has none), 'short' (fewer than ordered, possibly
 * none, because the cart line now holds all the outlet has).
 */
export type BuyAgainNoteKind = 'not_sold' | 'out_of_stock' | 'short';

/** One line's outcome: units to add (0 or more) and the note to show, null when all went in. */
export type BuyAgainLine = { add: number; note: BuyAgainNoteKind | null };

/**
 * The outcome of one ordered product: `ordered` units wanted, `inCart` already in the cart at the
 * outlet, `unitsAtStore` on hand there, `sold` false for a hidden or withdrawn product.
 * Examples: (2, 0, 9, true) → { add: 2, note: null }; (5, 0, 3, true) → { add: 3, note: 'short' };
 * (2, 0, 0, true) → { add: 0, note: 'out_of_stock' }; (2, 3, 3, true) → { add: 0, note: 'short' }
 * (the cart already holds all there is); (2, 0, 9, false) → { add: 0, note: 'not_sold' }.
 */
export function buyAgainLine(ordered: number, inCart: number, unitsAtStore: number, sold: boolean): BuyAgainLine {
  if (!sold) return { add: 0, note: 'not_sold' };
  if (!(unitsAtStore >= 1)) return { add: 0, note: 'out_of_stock' };
  const add = unitsThatFit(inCart, ordered, unitsAtStore);
  return { add, note: add < ordered ? 'short' : null };
}
