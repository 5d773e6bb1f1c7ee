/**
 * Short pick (issue "The outlets run the shop" §2; the rule is src/domain/short-pick.ts): before a
 * paid order is ready, staff lower or remove lines the outlet cannot supply, and the difference is
 * refunded through the payment adapter.
 *
 * In one transaction, with the order row locked (so two staff, or a short pick and a "ready", never
 * both apply to the same version): the lines and totals change, `refunded_sen` grows, the outlet's
 * stock of each short product goes to 0 (it just found it has none left), the points the lower
 * subtotal no longer earns are taken back (services/orders/points.ts `adjustOrderPoints`), one
 * order_events row (`kind` 'short_pick', from = to = Paid) names the staff member and what changed,
 * and the member gets a notice. Then the refund is asked of the provider with an idempotency key made
 * from that event, so a retry never refunds twice; a refund the provider refuses flags the order
 * ('refund_failed') for HQ, and the shopper's text message says what was refunded.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { shortPick } from '../../../../domain/short-pick';
import { formatExactPrice } from '../../../../domain/money';
import type { StaffIdentity } from '../../../../domain/staff';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, storeStock } from '../../db/schema';
import { ApiError } from '../../errors';
import type { SmsSender } from '../../adapters/sms';
import type { PaymentAdapter } from '../../adapters/payment/types';
import { orderPayments, setPayment } from '../payments/attempts';
import { adjustOrderPoints } from '../orders/points';
import { notify } from '../notifications';
import { staffOrder } from './order-actions';
import { textShopper } from './tell-shopper';
import { log } from '../../../log';
import { clock } from '../../../clock';

/** What a short pick did: units taken off, the refund asked (sen) and whether the provider made it. */
export type ShortPickOutcome = {
  order_refno: string;
  units_taken_off: number;
  refund_sen: number;
  refunded: { payment_id: string; amount_sen: number; refund_ref: string }[];
  refund_failed: { payment_id: string; error: string }[];
};

/**
 * Takes units off a paid order's lines: `lines` gives each changed product's new quantity.
 * @throws ApiError 404 'order_not_found' (unknown, or another outlet's); 409 'short_pick_not_paid'
 *   (not Paid: unpaid, ready, collected or cancelled); 400 'short_pick_invalid' (a product not on
 *   the order, a quantity above the line's), 'short_pick_nothing', 'short_pick_all' (use a cancel).
 */
export async function shortPickOrder(
  db: Db,
  services: { payment: PaymentAdapter; sms: SmsSender },
  staff: StaffIdentity,
  args: { orderRefno: string; lines: { product_code: string; quantity: number }[]; reason?: string },
): Promise<ShortPickOutcome> {
  await staffOrder(db, staff, args.orderRefno);
  const now = clock.now();
  const wanted = Object.fromEntries(args.lines.map((l) => [l.product_code, l.quantity]));
  const applied = await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.orderRefno, args.orderRefno)).for('update');
    if (!o) throw new ApiError(404, 'order_not_found');
    if (o.status !== 'Paid') throw new ApiError(409, 'short_pick_not_paid', {}, { order_status: o.status });
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderRefno, o.orderRefno)).orderBy(orderItems.productCode);
    const pick = shortPick(
      { lines: items.map((i) => ({ productCode: i.productCode, quantity: i.quantity, priceSen: i.priceSen })), deliverySen: o.deliveryChargesSen, voucherSen: o.voucherAmountSen, totalSen: o.amountSen },
      wanted,
    );
    if (!pick.ok) throw new ApiError(400, pick.reason);
    const changed = pick.lines.filter((l) => l.takenOff > 0);
    for (const l of changed) {
      await tx
        .update(orderItems)
        .set({ quantity: l.quantity, amountSen: l.amountSen, shortQuantity: sql`${orderItems.shortQuantity} + ${l.takenOff}` })
        .where(and(eq(orderItems.orderRefno, o.orderRefno), eq(orderItems.productCode, l.productCode)));
    }
    // The outlet found it has none left of each short product (rows locked in product order, as orders take them).
    await tx
      .update(storeStock)
      .set({ quantity: 0 })
      .where(and(eq(storeStock.storeCode, o.storeCode), inArray(storeStock.productCode, changed.map((l) => l.productCode))));
    const t = pick.totals;
    await tx
      .update(orders)
      .set({ subtotalSen: t.subtotalSen, voucherAmountSen: t.voucherSen, roundingSen: t.roundingSen, amountSen: t.totalSen, refundedSen: o.refundedSen + pick.refundSen, updatedAt: now })
      .where(eq(orders.orderRefno, o.orderRefno));
    await adjustOrderPoints(tx, { orderRefno: o.orderRefno, memberCode: o.memberCode, oldSubtotalSen: o.subtotalSen, newSubtotalSen: t.subtotalSen, now });
    const what = changed.map((l) => `${l.productCode} ${l.quantity + l.takenOff}→${l.quantity}`).join(', ');
    const [event] = await tx
      .insert(orderEvents)
      .values({
        orderRefno: o.orderRefno, fromStatus: 'Paid', toStatus: 'Paid', actor: 'operator', kind: 'short_pick', staffId: staff.id,
        reason: [what, `refund ${formatExactPrice(pick.refundSen)}`, args.reason?.trim()].filter(Boolean).join('; '), createdAt: now,
      })
      .returning({ id: orderEvents.id });
    await notify(tx, { memberCode: o.memberCode, kind: 'order_short_pick', params: { order_refno: o.orderRefno, amount_sen: pick.refundSen }, now });
    return { eventId: event!.id, refundSen: pick.refundSen, units: pick.unitsTakenOff };
  });
  log.info({ event: 'short_pick', order_refno: args.orderRefno, staff_id: staff.id, units: applied.units, refund_sen: applied.refundSen }, 'order short-picked');
  const outcome: ShortPickOutcome = { order_refno: args.orderRefno, units_taken_off: applied.units, refund_sen: applied.refundSen, refunded: [], refund_failed: [] };
  if (applied.refundSen > 0) await refundPart(db, services.payment, outcome, `short_pick_${applied.eventId}`);
  await textShopper(db, services.sms, { orderRefno: args.orderRefno, key: 'sms_order_short_pick', params: { amount_sen: applied.refundSen } });
  return outcome;
}

/** Refunds `outcome.refund_sen` from the order's paid attempt(s) with what is left on them, under `key`. */
async function refundPart(db: Db, adapter: PaymentAdapter, outcome: ShortPickOutcome, key: string) {
  let owed = outcome.refund_sen;
  for (const p of await orderPayments(db, outcome.order_refno)) {
    if (owed <= 0) break;
    if (p.status !== 'paid' || !p.providerRef || p.provider !== adapter.name) continue;
    const amountSen = Math.min(owed, (p.paidAmountSen ?? p.amountSen) - p.refundedSen);
    if (amountSen <= 0) continue;
    try {
      const { refundRef } = await adapter.refund(p.providerRef, amountSen, `${key}_${p.paymentId}`);
      await setPayment(db, p.paymentId, clock.now(), { refundedSen: p.refundedSen + amountSen, refundRef });
      outcome.refunded.push({ payment_id: p.paymentId, amount_sen: amountSen, refund_ref: refundRef });
      owed -= amountSen;
    } catch (err) {
      await setPayment(db, p.paymentId, clock.now(), { flag: 'refund_failed' });
      await db.update(orders).set({ paymentFlag: 'refund_failed' }).where(eq(orders.orderRefno, outcome.order_refno));
      outcome.refund_failed.push({ payment_id: p.paymentId, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
