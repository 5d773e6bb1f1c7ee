/**
 * Buy again (docs/coverage.md "Buy again"; operation buy_again): one of the member's orders back in
 * the cart at the store the member chose now. Each product goes in with as many of the units
 * ordered (before any short pick) as the cart's stock cap allows at that store
 * (src/domain/buy-again.ts, src/domain/stock.ts); a hidden or withdrawn product stays out. Prices
 * are today's: the cart prices every line from the catalogue when it is read (./cart.ts getCart).
 * All lines go in together, in one transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BuyAgainNote, Cart } from '../../../lib/xs-api/contract';
import { buyAgainLine } from '../../../domain/buy-again';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { cartItems, orderItems, orders, products, storeStock } from '../db/schema';
import { ApiError } from '../errors';
import { getCart, getStoreByNo } from './cart';
import { localized } from './localized';

/**
 * Puts the lines of `orderRefno` (the member's own) in `memberCode`'s cart at `storeNo`; answers
 * the cart and a note per line that did not go in whole, in the order's line order.
 * @throws ApiError 404 'order_not_found' (unknown, or another member's: nothing changes),
 * 404 'store_not_found'.
 */
export async function buyAgain(db: Db, memberCode: string, storeNo: string, orderRefno: string, locale: Locale): Promise<{ cart: Cart; notes: BuyAgainNote[] }> {
  const store = await getStoreByNo(db, storeNo);
  const [order] = await db.select({ refno: orders.orderRefno }).from(orders).where(and(eq(orders.orderRefno, orderRefno), eq(orders.memberCode, memberCode))).limit(1);
  if (!order) throw new ApiError(404, 'order_not_found');
  const items = await db.select().from(orderItems).where(eq(orderItems.orderRefno, orderRefno)).orderBy(orderItems.id);
  // One line per product, the units the member asked for (a short pick took some off afterwards).
  const wanted = new Map<string, { ordered: number; storedName: string }>();
  for (const i of items) {
    const w = wanted.get(i.productCode) ?? { ordered: 0, storedName: i.productName };
    w.ordered += i.quantity + i.shortQuantity;
    wanted.set(i.productCode, w);
  }
  const codes = [...wanted.keys()];
  const notes: BuyAgainNote[] = [];
  if (codes.length > 0) {
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ code: products.productCode, name: products.productName, active: products.isActive, stock: sql<number>`coalesce(${storeStock.quantity}, 0)`.mapWith(Number) })
        .from(products)
        .leftJoin(storeStock, and(eq(storeStock.productCode, products.productCode), eq(storeStock.storeCode, store.storeCode)))
        .where(inArray(products.productCode, codes));
      const current = await tx
        .select({ code: cartItems.productCode, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.memberCode, memberCode), eq(cartItems.storeNo, storeNo), inArray(cartItems.productCode, codes)));
      for (const [code, { ordered, storedName }] of wanted) {
        if (ordered <= 0) continue;
        const product = found.find((p) => p.code === code);
        const inCart = current.find((c) => c.code === code)?.quantity ?? 0;
        const line = buyAgainLine(ordered, inCart, product?.stock ?? 0, product?.active === true);
        if (line.note) {
          notes.push({ product_code: code, product_name: localized(product?.name, locale) || storedName, note: line.note, ordered, added: line.add });
        }
        if (line.add === 0) continue;
        const quantity = inCart + line.add;
        await tx
          .insert(cartItems)
          .values({ memberCode, storeNo, productCode: code, quantity })
          .onConflictDoUpdate({ target: [cartItems.memberCode, cartItems.storeNo, cartItems.productCode], set: { quantity } });
      }
    });
  }
  return { cart: await getCart(db, memberCode, storeNo, locale), notes };
}
