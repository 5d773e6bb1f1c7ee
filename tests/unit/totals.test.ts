import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cartEstimate, lineAmount, orderTotals, parseVoucherAmount, subtotal, voucherDiscount, type Voucher } from '../../src/domain/totals';

const amount = fc.integer({ min: 0, max: 100_000_000 });
const percent = fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100); // 0.00 .. 100.00
const voucherArb: fc.Arbitrary<Voucher> = fc.oneof(
  amount.map((sen) => ({ kind: 'amount' as const, sen })),
  percent.map((p) => ({ kind: 'percent' as const, percent: p })),
);

describe('lineAmount and subtotal', () => {
  it('multiplies price by quantity', () => {
    expect(lineAmount(1690, 3)).toBe(5070);
    expect(lineAmount(1690, 0)).toBe(0);
    expect(lineAmount(0, 7)).toBe(0);
  });

  it.each([
    [-1, 1],
    [1.5, 1],
    [100, -1],
    [100, 1.5],
    [100, NaN],
    [Number.MAX_SAFE_INTEGER, 2],
  ])('rejects price %d × quantity %d', (price, qty) => {
    expect(() => lineAmount(price, qty)).toThrow(RangeError);
  });

  it('sums line amounts', () => {
    expect(subtotal([])).toBe(0);
    expect(
      subtotal([
        { priceSen: 1690, quantity: 2 },
        { priceSen: 599, quantity: 1 },
      ]),
    ).toBe(3979);
    expect(() => subtotal([{ priceSen: 100, quantity: -1 }])).toThrow(RangeError);
  });

  it('equals the sum of price × quantity (property)', () => {
    const line = fc.record({ priceSen: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 0, max: 1000 }) });
    fc.assert(fc.property(fc.array(line), (lines) => subtotal(lines) === lines.reduce((s, l) => s + l.priceSen * l.quantity, 0)));
  });
});

describe('parseVoucherAmount', () => {
  it.each([
    ['5.00', { kind: 'amount', sen: 500 }],
    ['5', { kind: 'amount', sen: 500 }],
    ['5.5', { kind: 'amount', sen: 550 }],
    [' 12.34 ', { kind: 'amount', sen: 1234 }],
    ['RM5.00', { kind: 'amount', sen: 500 }],
    ['RM 10', { kind: 'amount', sen: 1000 }],
    ['0.00', { kind: 'amount', sen: 0 }],
    ['10%', { kind: 'percent', percent: 10 }],
    ['10.5 %', { kind: 'percent', percent: 10.5 }],
    [' 12.25% ', { kind: 'percent', percent: 12.25 }],
    ['100%', { kind: 'percent', percent: 100 }],
    ['0%', { kind: 'percent', percent: 0 }],
  ] as const)('parses %j', (input, expected) => {
    expect(parseVoucherAmount(input)).toEqual(expected);
  });

  it.each(['', ' ', 'abc', '%', '-5.00', '-10%', '5.001', '10.555%', '101%', '10%%', '% 10', '5,00', '1e3', 'RM', '10 percent'])(
    'rejects %j',
    (input) => {
      expect(() => parseVoucherAmount(input)).toThrow(RangeError);
    },
  );

  it('rejects a non-string', () => {
    expect(() => parseVoucherAmount(5 as unknown as string)).toThrow(RangeError);
  });
});

describe('voucherDiscount', () => {
  it('applies a percent voucher to subtotal plus delivery, rounded half up to the sen', () => {
    expect(voucherDiscount({ kind: 'percent', percent: 10 }, 1000, 500)).toBe(150);
    expect(voucherDiscount({ kind: 'percent', percent: 10 }, 1695, 0)).toBe(170); // 169.5 → 170
    expect(voucherDiscount({ kind: 'percent', percent: 10 }, 1694, 0)).toBe(169); // 169.4 → 169
    expect(voucherDiscount({ kind: 'percent', percent: 10.5 }, 1000, 0)).toBe(105);
    expect(voucherDiscount({ kind: 'percent', percent: 33.33 }, 999, 1)).toBe(333);
    expect(voucherDiscount({ kind: 'percent', percent: 100 }, 1234, 500)).toBe(1734);
    expect(voucherDiscount({ kind: 'percent', percent: 0 }, 1234, 500)).toBe(0);
  });

  it('caps a fixed amount at subtotal plus delivery', () => {
    expect(voucherDiscount({ kind: 'amount', sen: 500 }, 3000, 500)).toBe(500);
    expect(voucherDiscount({ kind: 'amount', sen: 5000 }, 3000, 500)).toBe(3500);
    expect(voucherDiscount({ kind: 'amount', sen: 500 }, 0, 0)).toBe(0);
  });

  it('rejects invalid amounts and percents', () => {
    expect(() => voucherDiscount({ kind: 'amount', sen: -1 }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'amount', sen: 1.5 }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: 101 }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: -1 }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: NaN }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: 10.555 }, 100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: 10 }, -100, 0)).toThrow(RangeError);
    expect(() => voucherDiscount({ kind: 'percent', percent: 10 }, 100, 0.5)).toThrow(RangeError);
  });

  it('never exceeds subtotal + delivery and is never negative (property)', () => {
    fc.assert(
      fc.property(voucherArb, amount, amount, (v, s, d) => {
        const discount = voucherDiscount(v, s, d);
        return Number.isInteger(discount) && discount >= 0 && discount <= s + d;
      }),
    );
  });

  it('gives a percent discount within half a sen of the exact percentage (property)', () => {
    fc.assert(
      fc.property(percent, amount, amount, (p, s, d) => {
        const exact = ((s + d) * p) / 100;
        return Math.abs(voucherDiscount({ kind: 'percent', percent: p }, s, d) - exact) <= 0.5 + 1e-6;
      }),
    );
  });
});

describe('orderTotals', () => {
  it('adds delivery, subtracts the voucher and rounds to 5 sen', () => {
    expect(orderTotals({ subtotalSen: 1693, deliverySen: 500, voucher: '10%' })).toEqual({
      subtotalSen: 1693,
      deliverySen: 500,
      voucherSen: 219,
      exactTotalSen: 1974,
      roundingSen: 1,
      totalSen: 1975,
    });
  });

  it('works without a voucher', () => {
    expect(orderTotals({ subtotalSen: 1691, deliverySen: 0 })).toEqual({
      subtotalSen: 1691,
      deliverySen: 0,
      voucherSen: 0,
      exactTotalSen: 1691,
      roundingSen: -1,
      totalSen: 1690,
    });
    expect(orderTotals({ subtotalSen: 1000, deliverySen: 250, voucher: null }).totalSen).toBe(1250);
  });

  it('takes a parsed voucher or a vc_amount string alike', () => {
    const fromString = orderTotals({ subtotalSen: 5000, deliverySen: 700, voucher: '5.00' });
    const fromParsed = orderTotals({ subtotalSen: 5000, deliverySen: 700, voucher: { kind: 'amount', sen: 500 } });
    expect(fromString).toEqual(fromParsed);
    expect(fromString.totalSen).toBe(5200);
  });

  it('floors the total at 0 when the voucher is bigger than the order', () => {
    const t = orderTotals({ subtotalSen: 300, deliverySen: 200, voucher: '10.00' });
    expect(t).toMatchObject({ voucherSen: 500, exactTotalSen: 0, totalSen: 0, roundingSen: 0 });
  });

  it('rejects garbage', () => {
    expect(() => orderTotals({ subtotalSen: 100, deliverySen: 0, voucher: 'ten' })).toThrow(RangeError);
    expect(() => orderTotals({ subtotalSen: -100, deliverySen: 0 })).toThrow(RangeError);
    expect(() => orderTotals({ subtotalSen: 100, deliverySen: -1 })).toThrow(RangeError);
  });

  it('is consistent: never negative, rounded to 5 sen, rounding = total − exact (property)', () => {
    fc.assert(
      fc.property(amount, amount, fc.option(voucherArb, { nil: undefined }), (s, d, v) => {
        const t = orderTotals({ subtotalSen: s, deliverySen: d, voucher: v });
        expect(t.totalSen).toBeGreaterThanOrEqual(0);
        expect(t.exactTotalSen).toBeGreaterThanOrEqual(0);
        expect(t.totalSen % 5).toBe(0);
        expect(t.roundingSen).toBe(t.totalSen - t.exactTotalSen);
        expect(Math.abs(t.roundingSen)).toBeLessThanOrEqual(2);
        expect(t.exactTotalSen).toBe(Math.max(0, s + d - t.voucherSen));
        expect(t.voucherSen).toBeLessThanOrEqual(s + d);
        if (!v) expect(t.voucherSen).toBe(0);
      }),
    );
  });
});

describe('cartEstimate (spec §3 Cart extra lines, §9 shipping 25 and tax 0 as client defaults)', () => {
  it('adds the default shipping line of RM 25.00 and tax 0 for delivery, and with no choice yet', () => {
    expect(cartEstimate(1690, 'DELIVERY')).toEqual({ subtotalSen: 1690, shippingSen: 2500, taxSen: 0, totalSen: 4190 });
    expect(cartEstimate(1690, null)).toEqual({ subtotalSen: 1690, shippingSen: 2500, taxSen: 0, totalSen: 4190 });
  });
  it('has no shipping for a store pick-up, nor for an empty selection', () => {
    expect(cartEstimate(1690, 'PICKUP')).toEqual({ subtotalSen: 1690, shippingSen: 0, taxSen: 0, totalSen: 1690 });
    expect(cartEstimate(0, 'DELIVERY').totalSen).toBe(0);
  });
  it('refuses a negative or fractional subtotal', () => {
    expect(() => cartEstimate(-1, 'DELIVERY')).toThrow(RangeError);
    expect(() => cartEstimate(1.5, 'DELIVERY')).toThrow(RangeError);
  });
});
