/**
 * Pricing of an order (coverage.md §3 Order product[], §4 Checkout; docs/architecture.md "The server recomputes"):
 * every line is priced from the database; the prices, amounts and totals a client sends are only
 * checked against the server's figures, never used. Amounts are integer sen, the client's too (the
 * contract's `amountInput` decoded them from the wire's ringgit at the edge, ADR 37).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { formatAmount } from '../../../../domain/money';
import { lineAmount, subtotal, type OrderTotals } from '../../../../domain/totals';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { ApiError } from '../../errors';

/** A product row as pricing needs it. */
export type ProductRow = typeof products.$inferSelect;

/** An order line as the client sends it (contract `orderLineInput`, decoded): price and amount in sen. */
export type RequestedLine = {
  product_code: string;
  product_quantity: number;
  product_price: number;
  product_amount?: number | undefined;
};

/** An order line priced from the database: unit price and line amount in sen. */
export type OrderLine = { product: ProductRow; quantity: number; priceSen: number; amountSen: number };

/** The lines of an order and their product subtotal (sen). */
export type PricedOrder = { lines: OrderLine[]; subtotalSen: number };

/**
 * True when a client amount (sen) equals `sen`, or when the client left it out (undefined).
 * (1690, 1690) → true; (1695, 1690) → false. An amount of more than 2 decimals never reaches here:
 * the contract refuses it (400).
 */
export function sameAmount(clientSen: number | undefined, sen: number): boolean {
  return clientSen === undefined || clientSen === sen;
}

/**
 * Prices the requested lines with the products' current final prices (pure).
 * @param requested the client's lines, in its order; each product at most once
 * @param rows the active products among them, as read from the database (any order)
 * @returns the lines in the client's order, with price and amount in sen, and their subtotal (sen)
 * @throws ApiError 400 'api_invalid_payload' when a product appears twice; 404 'product_not_found'
 *   for a product that is unknown or inactive; 409 'stale_price' when a client price or amount
 *   differs from the database, with `product: [{ product_code, product_price }]` (current prices,
 *   RM '16.90') for every such line.
 */
export function priceLines(requested: readonly RequestedLine[], rows: readonly ProductRow[]): PricedOrder {
  const codes = requested.map((p) => p.product_code);
  if (new Set(codes).size !== codes.length) throw new ApiError(400, 'api_invalid_payload', { detail: 'product: each product once' });
  const byCode = new Map(rows.map((r) => [r.productCode, r]));
  const lines = requested.map((p) => {
    const product = byCode.get(p.product_code);
    if (!product) throw new ApiError(404, 'product_not_found', { code: p.product_code });
    const priceSen = product.finalPriceSen;
    return { product, quantity: p.product_quantity, priceSen, amountSen: lineAmount(priceSen, p.product_quantity), client: p };
  });
  const stale = lines.filter((l) => !sameAmount(l.client.product_price, l.priceSen) || !sameAmount(l.client.product_amount, l.amountSen));
  if (stale.length) {
    throw new ApiError(409, 'stale_price', {}, {
      product: stale.map((l) => ({ product_code: l.product.productCode, product_price: formatAmount(l.priceSen) })),
    });
  }
  const priced = lines.map(({ product, quantity, priceSen, amountSen }) => ({ product, quantity, priceSen, amountSen }));
  return { lines: priced, subtotalSen: subtotal(priced) };
}

/**
 * Reads the requested products (active ones only) and prices the lines: `priceLines` on the
 * database's rows. Errors as `priceLines`.
 */
export async function priceOrder(db: Db, requested: readonly RequestedLine[]): Promise<PricedOrder> {
  const codes = [...new Set(requested.map((p) => p.product_code))];
  const rows = await db.select().from(products).where(and(inArray(products.productCode, codes), eq(products.isActive, true)));
  return priceLines(requested, rows);
}

/** The client amounts of an order that are checked against the server (sen; undefined = not sent). */
export type ClientAmountField = 'order_delivery_charges' | 'order_voucher_amount' | 'order_rounding' | 'order_amount';

/**
 * Refuses a client amount that differs from the server's (pure).
 * @param field the contract field, named in the error
 * @param clientSen what the client sent, sen; undefined (not sent) passes
 * @param sen the server's figure in sen
 * @throws ApiError 409 'amount_mismatch' { field } when they differ.
 */
export function checkClientAmount(field: ClientAmountField, clientSen: number | undefined, sen: number): void {
  if (!sameAmount(clientSen, sen)) throw new ApiError(409, 'amount_mismatch', { field });
}

/**
 * Refuses client totals that differ from the server's (pure): voucher discount, rounding (when
 * sent) and the amount to pay, in that order (coverage.md §4: total = subtotal + delivery − voucher,
 * floored at 0, rounded to 0.05; `orderTotals` of src/domain/totals.ts).
 * @throws ApiError 409 'amount_mismatch' naming the first field that differs.
 */
export function checkClientTotals(
  client: { order_voucher_amount?: number | undefined; order_rounding?: number | undefined; order_amount: number },
  totals: OrderTotals,
): void {
  checkClientAmount('order_voucher_amount', client.order_voucher_amount, totals.voucherSen);
  checkClientAmount('order_rounding', client.order_rounding, totals.roundingSen);
  checkClientAmount('order_amount', client.order_amount, totals.totalSen);
}
