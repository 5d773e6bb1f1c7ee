/**
 * Units on hand per outlet and product (table `store_stock`). Deterministic: each pair draws from
 * a PRNG seeded with its own key, so the numbers never change between runs. About 8% of the pairs
 * are 0 (out of stock at that outlet); the rest hold 5 to 80 units.
 */
import type { storeStock } from '../schema/catalogue';
import { hashString, mulberry32, randInt } from './prng.ts';
import { PRODUCTS } from './catalogue.ts';
import { STORES } from './stores.ts';

export type StockRow = typeof storeStock.$inferInsert;

/** Share of outlet/product pairs that are out of stock. */
export const OUT_OF_STOCK_SHARE = 0.08;

/** Quantity for one outlet and product. */
export function stockQuantity(storeCode: string, productCode: string): number {
  const rand = mulberry32(hashString(`${storeCode}:${productCode}`));
  return rand() < OUT_OF_STOCK_SHARE ? 0 : randInt(rand, 5, 80);
}

/** Every outlet carries every product; rows ordered by outlet then product. */
export const STOCK: StockRow[] = STORES.flatMap((s) =>
  PRODUCTS.map((p) => ({ storeCode: s.storeCode, productCode: p.productCode, quantity: stockQuantity(s.storeCode, p.productCode) })),
);
