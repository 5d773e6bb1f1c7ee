/**
 * Carts per member and outlet (coverage.md §3 Cart, §7 get_cart/add_cart/clear_cart). Quantities never
 * exceed the units on hand at the outlet; a line reaching 0 is removed (coverage.md §4 Cart).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Cart } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { cartItems, products, stores, storeStock } from '../db/schema';
import { ApiError } from '../errors';
import { fitsStock, outOfStockKey } from '../../../domain/stock';
import { localized } from './localized';

/**
 * The outlet with a store_no.
 * @throws ApiError 404 'store_not_found'.
 */
export async function getStoreByNo(db: Db, storeNo: string) {
  const [store] = await db.select().from(stores).where(and(eq(stores.storeNo, storeNo), eq(stores.isActive, true))).limit(1);
  if (!store) throw new ApiError(404, 'store_not_found', { store: storeNo });
  return store;
}

/** The cart of a member at an outlet, priced from the database (amounts in sen; the HTTP edge writes ringgit text, ADR 37). */
export async function getCart(db: Db, memberCode: string, storeNo: string, locale: Locale): Promise<Cart> {
  const store = await getStoreByNo(db, storeNo);
  const rows = await db
    .select({
      productCode: cartItems.productCode,
      quantity: cartItems.quantity,
      name: products.productName,
      pictures: products.pictures,
      priceSen: products.priceSen,
      finalPriceSen: products.finalPriceSen,
      balance: sql<number>`coalesce(${storeStock.quantity}, 0)`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.productCode, cartItems.productCode))
    .leftJoin(storeStock, and(eq(storeStock.productCode, cartItems.productCode), eq(storeStock.storeCode, store.storeCode)))
    .where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, storeNo)))
    .orderBy(cartItems.addedAt, cartItems.productCode);
  let subtotalSen = 0;
  let quantity = 0;
  const items = rows.map((r) => {
    const lineSen = r.finalPriceSen * r.quantity;
    subtotalSen += lineSen;
    quantity += r.quantity;
    return {
      id: `${storeNo}:${r.productCode}`,
      product_code: r.productCode,
      product_name: localized(r.name, locale),
      product_picture: r.pictures[0] ?? '/images/placeholder.svg',
      product_price: r.finalPriceSen,
      product_old_price: r.priceSen,
      product_quantity: r.quantity,
      product_balance: r.balance,
      line_total: lineSen,
    };
  });
  return { store: storeNo, items, quantity, subtotal: subtotalSen };
}

/**
 * Changes quantities: each product_number is added to the line (negative reduces; ≤ 0 removes).
 * All changes apply together or none does.
 * @throws ApiError 404 'product_not_found'; 409 'out_of_stock' when a line would exceed the stock.
 */
export async function addToCart(db: Db, memberCode: string, storeNo: string, lines: { product_code: string; product_number: number }[], locale: Locale) {
  const store = await getStoreByNo(db, storeNo);
  const codes = [...new Set(lines.map((l) => l.product_code))];
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ code: products.productCode, name: products.productName, stock: sql<number>`coalesce(${storeStock.quantity}, 0)`.mapWith(Number) })
      .from(products)
      .leftJoin(storeStock, and(eq(storeStock.productCode, products.productCode), eq(storeStock.storeCode, store.storeCode)))
      .where(and(inArray(products.productCode, codes), eq(products.isActive, true)));
    const current = await tx
      .select({ code: cartItems.productCode, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, storeNo), inArray(cartItems.productCode, codes)));
    for (const code of codes) {
      const product = found.find((p) => p.code === code);
      if (!product) throw new ApiError(404, 'product_not_found', { code });
      const delta = lines.filter((l) => l.product_code === code).reduce((s, l) => s + l.product_number, 0);
      const next = (current.find((c) => c.code === code)?.quantity ?? 0) + delta;
      if (next <= 0) {
        await tx.delete(cartItems).where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, storeNo), eq(cartItems.productCode, code)));
        continue;
      }
      if (!fitsStock(next, product.stock)) {
        throw new ApiError(409, outOfStockKey(product.stock), { name: localized(product.name, locale), available: product.stock }, {
          product: [{ product_code: code, available_quantity: product.stock }],
        });
      }
      await tx
        .insert(cartItems)
        .values({ memberCode, storeNo, productCode: code, quantity: next })
        .onConflictDoUpdate({ target: [cartItems.memberCode, cartItems.storeNo, cartItems.productCode], set: { quantity: next } });
    }
  });
  return getCart(db, memberCode, storeNo, locale);
}

/** Removes one product (at one store, or every store when none is given), or the whole cart. */
export async function clearCart(db: Db, memberCode: string, storeNo: string | undefined, productCode: string | undefined) {
  const where = [eq(cartItems.memberCode, memberCode)];
  if (storeNo) where.push(eq(cartItems.storeNo, storeNo));
  if (productCode) where.push(eq(cartItems.productCode, productCode));
  await db.delete(cartItems).where(and(...where));
}
