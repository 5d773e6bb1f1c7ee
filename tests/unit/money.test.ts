import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { assertSen, discountedPrice, formatAmount, formatExactPrice, formatPrice, percentOf, roundingAdjustment, roundToFiveSen, toRinggit, toSen, wholeRinggit } from '../../src/domain/money';

const sen = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('toSen', () => {
  it.each([
    ['16.90', 1690],
    ['16.9', 1690],
    [' 16.9 ', 1690],
    ['16', 1600],
    ['0', 0],
    ['.5', 50],
    ['5.', 500],
    ['+3.05', 305],
    ['-5.00', -500],
    ['-0', 0],
    ['0.01', 1],
    ['1234567.89', 123456789],
  ] as const)('parses the string %j as %i sen', (input, expected) => {
    expect(toSen(input)).toBe(expected);
  });

  it.each([
    [16.9, 1690],
    [16.95, 1695],
    [0.1, 10],
    [0.07, 7],
    [1.15, 115], // 1.15 * 100 = 114.99999999999999 in binary floating point
    [4.35, 435], // 4.35 * 100 = 434.99999999999994
    [-2.5, -250],
    [1e-7, 0],
    [-0, 0],
  ])('parses the number %d as %i sen without binary artefacts', (input, expected) => {
    expect(toSen(input)).toBe(expected);
  });

  it('rounds more than 2 decimals half away from zero unless strict', () => {
    expect(toSen('1.005')).toBe(101);
    expect(toSen(1.005)).toBe(101);
    expect(toSen('1.004')).toBe(100);
    expect(toSen('-0.125')).toBe(-13);
    expect(toSen('0.0049')).toBe(0);
    expect(() => toSen('1.005', { strict: true })).toThrow(RangeError);
    expect(() => toSen(1e-7, { strict: true })).toThrow(RangeError);
    expect(toSen('1.50', { strict: true })).toBe(150);
  });

  it('allows negatives by default and rejects them on request', () => {
    expect(toSen('-1.20')).toBe(-120);
    expect(() => toSen('-1.20', { allowNegative: false })).toThrow(/must not be negative/);
    expect(toSen('0', { allowNegative: false })).toBe(0);
    expect(toSen('-0', { allowNegative: false })).toBe(0);
  });

  it.each(['', ' ', 'abc', '1,000.00', 'RM16.90', '1e3', '1.2.3', '--1', '.', '-', '0x10', 'NaN', 'Infinity'])(
    'rejects the malformed string %j',
    (input) => {
      expect(() => toSen(input)).toThrow(RangeError);
    },
  );

  it.each([NaN, Infinity, -Infinity, 1e21, -1e300])('rejects the number %d', (input) => {
    expect(() => toSen(input)).toThrow(RangeError);
  });

  it('rejects values beyond a safe integer of sen and non-number inputs', () => {
    expect(() => toSen('90071992547409.92')).toThrow(/too large/);
    expect(() => toSen(null as unknown as string)).toThrow(RangeError);
    expect(() => toSen({} as unknown as string)).toThrow(RangeError);
  });

  it('round-trips every integer sen through formatAmount (property)', () => {
    fc.assert(fc.property(sen, (s) => toSen(formatAmount(s), { strict: true }) === s));
  });

  it('round-trips every integer sen through toRinggit (property)', () => {
    fc.assert(fc.property(sen, (s) => toSen(toRinggit(s), { strict: true }) === s));
  });
});

describe('assertSen and toRinggit', () => {
  it('accepts safe integers only', () => {
    expect(() => assertSen(12)).not.toThrow();
    expect(() => assertSen(1.5)).toThrow(RangeError);
    expect(() => assertSen(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => assertSen(NaN, 'Price')).toThrow(/^Price must be/);
  });

  it('converts sen to ringgit', () => {
    expect(toRinggit(1690)).toBe(16.9);
    expect(toRinggit(5)).toBe(0.05);
    expect(toRinggit(-250)).toBe(-2.5);
    expect(toRinggit(0)).toBe(0);
    expect(() => toRinggit(16.9)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    [1690, '16.90'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [123456789, '1234567.89'],
    [-500, '-5.00'],
    [-1, '-0.01'],
  ])('formats %i sen as %j', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('rejects fractional sen', () => {
    expect(() => formatAmount(0.5)).toThrow(RangeError);
  });

  it('always has exactly two decimals (property)', () => {
    fc.assert(fc.property(sen, (s) => /^-?\d+\.\d{2}$/.test(formatAmount(s))));
  });
});

describe('roundToFiveSen', () => {
  it.each([
    [1690, 1690],
    [1691, 1690],
    [1692, 1690],
    [1693, 1695],
    [1694, 1695],
    [1695, 1695],
    [1696, 1695],
    [1697, 1695],
    [1698, 1700],
    [1699, 1700],
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 5],
    [-1, 0],
    [-3, -5],
    [-1693, -1695],
    [-1692, -1690],
  ])('rounds %i sen to %i sen', (input, expected) => {
    expect(roundToFiveSen(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundToFiveSen(-2), 0)).toBe(true);
    expect(Object.is(roundToFiveSen(-1), 0)).toBe(true);
  });

  it('rejects fractional sen', () => {
    expect(() => roundToFiveSen(16.5)).toThrow(RangeError);
  });

  it('gives a multiple of 5 within 2 sen of the input, and the nearest one (property)', () => {
    fc.assert(
      fc.property(sen, (s) => {
        const r = roundToFiveSen(s);
        expect(r % 5 === 0).toBe(true);
        expect(Math.abs(r - s)).toBeLessThanOrEqual(2);
        expect(Math.abs(r - s)).toBeLessThanOrEqual(Math.abs(r + 5 - s));
        expect(Math.abs(r - s)).toBeLessThanOrEqual(Math.abs(r - 5 - s));
      }),
    );
  });

  it('is idempotent and monotonic (property)', () => {
    fc.assert(fc.property(sen, (s) => roundToFiveSen(roundToFiveSen(s)) === roundToFiveSen(s)));
    fc.assert(fc.property(sen, sen, (a, b) => (a <= b ? roundToFiveSen(a) <= roundToFiveSen(b) : roundToFiveSen(a) >= roundToFiveSen(b))));
  });

  it('is symmetric around zero (property)', () => {
    fc.assert(fc.property(sen, (s) => roundToFiveSen(-s) === -roundToFiveSen(s)));
  });
});

describe('roundingAdjustment', () => {
  it.each([
    [1690, 0],
    [1691, -1],
    [1692, -2],
    [1693, 2],
    [1694, 1],
  ])('for %i sen is %i sen', (input, expected) => {
    expect(roundingAdjustment(input)).toBe(expected);
  });

  it('is rounded − exact, between −2 and 2 (property)', () => {
    fc.assert(
      fc.property(sen, (s) => {
        const adj = roundingAdjustment(s);
        return adj >= -2 && adj <= 2 && s + adj === roundToFiveSen(s);
      }),
    );
  });
});

describe('formatPrice', () => {
  it.each([
    [1690, 'RM 16.90'],
    [1691, 'RM 16.90'],
    [1693, 'RM 16.95'],
    [1699, 'RM 17.00'],
    [0, 'RM 0.00'],
    [2, 'RM 0.00'],
    [123450, 'RM 1,234.50'],
    [123456789, 'RM 1,234,567.90'],
    [100000, 'RM 1,000.00'],
    [99999, 'RM 1,000.00'],
    [-500, '-RM 5.00'],
  ])('formats %i sen as %j', (input, expected) => {
    expect(formatPrice(input)).toBe(expected);
  });

  it('uses RM and Latin digits in every locale', () => {
    for (const locale of ['en', 'zh', 'ar'] as const) {
      expect(formatPrice(1693, locale)).toBe('RM 16.95');
      expect(formatPrice(123456, locale)).toMatch(/^RM [0-9,]+\.[0-9]{2}$/);
    }
  });

  it('rejects fractional sen', () => {
    expect(() => formatPrice(16.9)).toThrow(RangeError);
  });

  it('shows the 5-sen-rounded amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (s) => {
        const shown = formatPrice(s).replace('RM ', '').replaceAll(',', '');
        return toSen(shown, { strict: true }) === roundToFiveSen(s);
      }),
    );
  });
});

describe('formatExactPrice', () => {
  it.each([
    [1693, 'RM 16.93'],
    [5, 'RM 0.05'],
    [0, 'RM 0.00'],
    [123456, 'RM 1,234.56'],
    [-219, '-RM 2.19'],
  ])('%i → %s', (s, text) => expect(formatExactPrice(s)).toBe(text));

  it('does not round to 5 sen, and rejects fractional sen', () => {
    expect(formatExactPrice(1691)).toBe('RM 16.91');
    expect(() => formatExactPrice(16.9)).toThrow(RangeError);
  });
});

describe('wholeRinggit', () => {
  it.each([
    [1699, 16],
    [100, 1],
    [99, 0],
    [0, 0],
    [-1, -1],
  ])('%i → %i', (s, rm) => expect(wholeRinggit(s)).toBe(rm));

  it('rejects fractional sen', () => expect(() => wholeRinggit(1.5)).toThrow(RangeError));
});

describe('percentOf', () => {
  it('rounds half up to the sen, in integers', () => {
    expect(percentOf(1695, 10)).toBe(170); // 169.5
    expect(percentOf(1694, 10)).toBe(169); // 169.4
    expect(percentOf(1000, 33.33)).toBe(333);
    expect(percentOf(1000, 10.5)).toBe(105);
    expect(percentOf(1234, 100)).toBe(1234);
    expect(percentOf(1234, 0)).toBe(0);
  });

  it('rejects a percent outside 0–100 or with more than 2 decimals, naming it', () => {
    for (const p of [-1, 101, 10.555, NaN]) expect(() => percentOf(100, p, 'Voucher percent')).toThrow(/^Voucher percent must be 0–100/);
    expect(() => percentOf(-1, 10)).toThrow(RangeError);
  });

  it('is the exact percentage rounded half up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (s, h) => {
        const exact = (BigInt(s) * BigInt(h) * 2n + 10_000n) / 20_000n; // round half up of s × h / 10000
        return percentOf(s, h / 100) === Number(exact);
      }),
    );
  });
});

describe('discountedPrice', () => {
  it('takes a whole percent off and rounds down to 5 sen', () => {
    expect(discountedPrice(1290, 15)).toBe(1095); // 1096.5
    expect(discountedPrice(1000, 10)).toBe(900);
    expect(discountedPrice(999, 0)).toBe(995);
    expect(discountedPrice(1000, 100)).toBe(0);
  });

  it('rejects a fractional or out-of-range percent and bad amounts', () => {
    for (const p of [-1, 101, 10.5]) expect(() => discountedPrice(1000, p)).toThrow(RangeError);
    expect(() => discountedPrice(-5, 10)).toThrow(RangeError);
  });
});
