/** The short pick rule (src/domain/short-pick.ts): only lower, something stays, voucher kept, refund = old − new total. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shortPick } from '../../src/domain/short-pick';
import { orderTotals } from '../../src/domain/totals';

const order = (lines: { productCode: string; quantity: number; priceSen: number }[], deliverySen = 0, voucherSen = 0) => {
  const subtotalSen = lines.reduce((s, l) => s + l.priceSen * l.quantity, 0);
  const t = orderTotals({ subtotalSen, deliverySen, voucher: { kind: 'amount', sen: voucherSen } });
  return { lines, deliverySen, voucherSen: t.voucherSen, totalSen: t.totalSen };
};

describe('shortPick', () => {
  const base = order([{ productCode: 'P1', quantity: 2, priceSen: 500 }, { productCode: 'P2', quantity: 1, priceSen: 300 }], 0, 100);

  it('lowers a line and refunds the difference of the totals', () => {
    const r = shortPick(base, { P1: 1 });
    expect(r).toMatchObject({ ok: true, refundSen: 500, unitsTakenOff: 1 });
    if (!r.ok) return;
    expect(r.totals).toMatchObject({ subtotalSen: 800, voucherSen: 100, totalSen: 700 });
    expect(r.lines.find((l) => l.productCode === 'P1')).toMatchObject({ quantity: 1, amountSen: 500, takenOff: 1 });
  });

  it('removes a line at 0 and keeps it on the order', () => {
    const r = shortPick(base, { P2: 0 });
    expect(r.ok && r.lines.map((l) => [l.productCode, l.quantity])).toEqual([['P1', 2], ['P2', 0]]);
  });

  it('refuses raising, unknown products, fractions, nothing to take off, and taking everything off', () => {
    expect(shortPick(base, { P1: 3 })).toEqual({ ok: false, reason: 'short_pick_invalid' });
    expect(shortPick(base, { P9: 0 })).toEqual({ ok: false, reason: 'short_pick_invalid' });
    expect(shortPick(base, { P1: 1.5 })).toEqual({ ok: false, reason: 'short_pick_invalid' });
    expect(shortPick(base, { P1: -1 })).toEqual({ ok: false, reason: 'short_pick_invalid' });
    expect(shortPick(base, { P1: 2 })).toEqual({ ok: false, reason: 'short_pick_nothing' });
    expect(shortPick(base, { P1: 0, P2: 0 })).toEqual({ ok: false, reason: 'short_pick_all' });
  });

  it('keeps the voucher the shopper got, never more than what is left', () => {
    const big = order([{ productCode: 'P1', quantity: 3, priceSen: 1000 }], 500, 1000);
    const r = shortPick(big, { P1: 1 });
    expect(r.ok && r.totals).toMatchObject({ subtotalSen: 1000, voucherSen: 1000, totalSen: 500 });
    expect(r.ok && r.refundSen).toBe(big.totalSen - 500);
  });

  it('for any lowering: paid = new total + refund, and the refund is never negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 9 }), priceSen: fc.integer({ min: 1, max: 20_000 }) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }),
        (raw, deliverySen, voucherSen, lower) => {
          const o = order(raw.map((l, i) => ({ productCode: `P${i}`, ...l })), deliverySen, voucherSen);
          const wanted = Object.fromEntries(o.lines.map((l, i) => [l.productCode, Math.min(l.quantity, lower[i]!)]));
          const r = shortPick(o, wanted);
          if (!r.ok) return;
          expect(r.refundSen).toBeGreaterThanOrEqual(0);
          expect(r.totals.totalSen + r.refundSen).toBe(o.totalSen);
          expect(r.totals.totalSen % 5).toBe(0);
        },
      ),
    );
  });
});
