/**
 * A short pick (issue "The outlets run the shop" §2; ADR 25): before a paid order is ready, the
 * outlet takes off units it cannot supply, and the difference is refunded. Amounts in sen.
 *
 * Decisions:
 * - Only lower: a line's new quantity is a whole number from 0 to what is on it now. A line at 0
 *   stays on the order, shown as not available.
 * - At least one unit must stay on the order: taking everything off is a cancel (with its full refund).
 * - The voucher discount the shopper got stays as it was (never more than the new subtotal plus
 *   delivery): the shop's shortfall never costs the shopper a discount. The delivery charge stays.
 * - The new total is rounded to 5 sen like any total (./totals.ts); the refund is the old total
 *   less the new one, so what was paid = new total + everything refunded.
 */
import { lineAmount, orderTotals, subtotal, type OrderTotals } from './totals';

/** A line as it is on the order now. */
export type PickedLine = { productCode: string; quantity: number; priceSen: number };

/** Why a short pick is refused. */
export type ShortPickRefusal = 'short_pick_invalid' | 'short_pick_nothing' | 'short_pick_all';

export type ShortPickResult =
  | {
      ok: true;
      /** Every line with its new quantity, its new amount and the units taken off now. */
      lines: (PickedLine & { amountSen: number; takenOff: number })[];
      totals: OrderTotals;
      /** Old total − new total, ≥ 0. */
      refundSen: number;
      /** Units taken off in this pick. */
      unitsTakenOff: number;
    }
  | { ok: false; reason: ShortPickRefusal };

/**
 * The order after a short pick. `wanted` maps product codes to their new quantity; lines not named
 * keep theirs. Example: lines P1 2 × 500, P2 1 × 300, delivery 0, voucher 100, total 1200 →
 * { P1: 1 }: subtotal 800, voucher 100, total 700, refund 500.
 * @returns the new lines and totals, or why the pick is refused ('short_pick_invalid': an unknown
 *   product, a quantity that is not a whole number from 0 to the line's; 'short_pick_nothing': no
 *   quantity lower; 'short_pick_all': nothing left)
 */
export function shortPick(
  order: { lines: readonly PickedLine[]; deliverySen: number; voucherSen: number; totalSen: number },
  wanted: Readonly<Record<string, number>>,
): ShortPickResult {
  const known = new Set(order.lines.map((l) => l.productCode));
  for (const [code, q] of Object.entries(wanted)) {
    const line = order.lines.find((l) => l.productCode === code);
    if (!known.has(code) || !Number.isSafeInteger(q) || q < 0 || q > line!.quantity) return { ok: false, reason: 'short_pick_invalid' };
  }
  const lines = order.lines.map((l) => {
    const quantity = wanted[l.productCode] ?? l.quantity;
    return { ...l, quantity, amountSen: lineAmount(l.priceSen, quantity), takenOff: l.quantity - quantity };
  });
  const unitsTakenOff = lines.reduce((n, l) => n + l.takenOff, 0);
  if (unitsTakenOff === 0) return { ok: false, reason: 'short_pick_nothing' };
  if (lines.every((l) => l.quantity === 0)) return { ok: false, reason: 'short_pick_all' };
  const totals = orderTotals({ subtotalSen: subtotal(lines), deliverySen: order.deliverySen, voucher: { kind: 'amount', sen: order.voucherSen } });
  return { ok: true, lines, totals, refundSen: Math.max(0, order.totalSen - totals.totalSen), unitsTakenOff };
}
