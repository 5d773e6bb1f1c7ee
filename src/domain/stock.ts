/**
 * Stock wording rules shared by the cart, the product page and the bundled API (issue 9: one truth
 * per fact). Units are whole items at the chosen store.
 */

/** A line is "low" when the store has fewer than this many units beyond the quantity in the cart. */
export const LOW_STOCK_MARGIN = 5;

/**
 * What to say about a cart line's stock at its store: 'none' (0 units: not available there),
 * 'low' with the units left (1 ≤ units < quantity + 5: "Only N left"), or null (plenty).
 * Examples: (0, 1) → 'none'; (3, 1) → { low: 3 }; (6, 1) → null; (-2, 1) → 'none'.
 */
export function stockNote(unitsAtStore: number, quantityInCart: number): 'none' | { low: number } | null {
  if (!(unitsAtStore >= 1)) return 'none';
  if (unitsAtStore < quantityInCart + LOW_STOCK_MARGIN) return { low: Math.floor(unitsAtStore) };
  return null;
}

/**
 * The message key of a refusal for stock (coverage.md §4 Out-of-stock modal; §8): 'out_of_stock'
 * ('"{name}" has only {available} left at this store.') when the store has 1 or more units, else
 * 'out_of_stock_none' ('"{name}" is not available at this store.'), never "only 0 left".
 */
export function outOfStockKey(available: number): 'out_of_stock' | 'out_of_stock_none' {
  return available >= 1 ? 'out_of_stock' : 'out_of_stock_none';
}

/**
 * The cart's stock cap (coverage.md §4 Cart: a line never holds more than the units on hand at its
 * store): true when a line of `quantity` units fits `unitsAtStore`. add_cart refuses a change
 * that breaks it; buy again adds only what fits (`unitsThatFit`).
 * Examples: (3, 3) → true; (4, 3) → false; (1, 0) → false.
 */
export function fitsStock(quantity: number, unitsAtStore: number): boolean {
  return quantity <= unitsAtStore;
}

/**
 * How many of `wanted` units can join a cart line already holding `inCart` units without breaking
 * the stock cap (`fitsStock`): between 0 and `wanted`.
 * Examples: (0, 2, 5) → 2; (4, 2, 5) → 1; (5, 2, 5) → 0; (0, 3, 0) → 0; (7, 1, 5) → 0.
 */
export function unitsThatFit(inCart: number, wanted: number, unitsAtStore: number): number {
  return Math.max(0, Math.min(wanted, Math.floor(unitsAtStore) - inCart));
}
