import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SORT,
  formatLimit,
  HOME_ROW_SIZE,
  isDone,
  isSort,
  MAX_LIMIT_COUNT,
  nextLimit,
  PAGE_SIZE,
  parseLimit,
  parseSort,
  SORTS,
  SUGGESTION_LIMIT,
} from '../../src/domain/product-list';

describe('constants (spec §9)', () => {
  it('has the spec sizes and sorts', () => {
    expect(PAGE_SIZE).toBe(25);
    expect(HOME_ROW_SIZE).toBe(10);
    expect(SUGGESTION_LIMIT).toBe(10);
    expect(SORTS).toEqual(['product_topsales', 'latest', 'price_low', 'price_high']);
    expect(DEFAULT_SORT).toBe('product_topsales');
  });
});

describe('sorts', () => {
  it('recognises the four sorts only', () => {
    for (const s of SORTS) expect(isSort(s)).toBe(true);
    expect(isSort('price')).toBe(false);
    expect(isSort(undefined)).toBe(false);
  });

  it('falls back to the default sort', () => {
    expect(parseSort('latest')).toBe('latest');
    expect(parseSort('price_high')).toBe('price_high');
    expect(parseSort('PRICE_HIGH')).toBe('product_topsales');
    expect(parseSort('')).toBe('product_topsales');
    expect(parseSort(null)).toBe('product_topsales');
    expect(parseSort(undefined)).toBe('product_topsales');
  });
});

describe('parseLimit', () => {
  it.each([
    ['0,25', { offset: 0, count: 25 }],
    ['25,25', { offset: 25, count: 25 }],
    [' 50 , 50 ', { offset: 50, count: 50 }],
    ['0,10', { offset: 0, count: 10 }],
    ['0,100', { offset: 0, count: 100 }],
    ['10', { offset: 0, count: 10 }],
    ['-0,25', { offset: 0, count: 25 }],
  ])('reads %j', (value, expected) => {
    expect(parseLimit(value)).toEqual(expected);
  });

  it('defaults to the first page when missing', () => {
    expect(parseLimit(undefined)).toEqual({ offset: 0, count: 25 });
    expect(parseLimit(null)).toEqual({ offset: 0, count: 25 });
    expect(parseLimit('  ')).toEqual({ offset: 0, count: 25 });
  });

  it.each([
    ['-1,25', /offset must not be negative/],
    ['a,25', /whole numbers/],
    ['0,b', /whole numbers/],
    ['1.5,25', /whole numbers/],
    ['0,25,5', /whole numbers/],
    ['0;25', /whole numbers/],
    [',25', /whole numbers/],
    ['0,101', /at most 100/],
    ['0,0', /at least 1/],
    ['0,-5', /at least 1/],
    ['99999999999999999999,25', /too large/],
  ])('rejects %j with a clear RangeError', (value, message) => {
    expect(() => parseLimit(value)).toThrow(RangeError);
    expect(() => parseLimit(value)).toThrow(message);
  });
});

describe('formatLimit', () => {
  it('writes offset,count', () => {
    expect(formatLimit({ offset: 0, count: 25 })).toBe('0,25');
    expect(formatLimit({ offset: 75, count: 50 })).toBe('75,50');
  });

  it.each([
    { offset: -1, count: 25 },
    { offset: 1.5, count: 25 },
    { offset: 0, count: 0 },
    { offset: 0, count: MAX_LIMIT_COUNT + 1 },
  ])('rejects %o', (limit) => {
    expect(() => formatLimit(limit)).toThrow(RangeError);
  });

  it('round-trips with parseLimit (property)', () => {
    const limit = fc.record({ offset: fc.nat({ max: 1_000_000 }), count: fc.integer({ min: 1, max: MAX_LIMIT_COUNT }) });
    fc.assert(
      fc.property(limit, (l) => {
        expect(parseLimit(formatLimit(l))).toEqual(l);
      }),
    );
  });
});

describe('nextLimit', () => {
  it('continues after the loaded items with a page of 25', () => {
    expect(nextLimit(0)).toEqual({ offset: 0, count: 25 });
    expect(nextLimit(25)).toEqual({ offset: 25, count: 25 });
    expect(nextLimit(50)).toEqual({ offset: 50, count: 25 });
    expect(nextLimit(37)).toEqual({ offset: 37, count: 25 });
  });

  it('rounds a wanted count up to a multiple of 25, capped at 100', () => {
    expect(nextLimit(40, 30)).toEqual({ offset: 40, count: 50 });
    expect(nextLimit(0, 1)).toEqual({ offset: 0, count: 25 });
    expect(nextLimit(0, 0)).toEqual({ offset: 0, count: 25 });
    expect(nextLimit(0, 75)).toEqual({ offset: 0, count: 75 });
    expect(nextLimit(0, 76)).toEqual({ offset: 0, count: 100 });
    expect(nextLimit(0, 500)).toEqual({ offset: 0, count: 100 });
  });

  it.each([
    [-1, 25],
    [1.5, 25],
    [0, -1],
    [0, 2.5],
  ])('rejects loaded %d, wanted %d', (loaded, wanted) => {
    expect(() => nextLimit(loaded, wanted)).toThrow(RangeError);
  });

  it('always asks for a multiple of 25 that a request accepts (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 1000 }), (loaded, wanted) => {
        const l = nextLimit(loaded, wanted);
        expect(l.offset).toBe(loaded);
        expect(l.count % 25).toBe(0);
        expect(l.count).toBeGreaterThanOrEqual(Math.min(MAX_LIMIT_COUNT, Math.max(wanted, 1)));
        expect(parseLimit(formatLimit(l))).toEqual(l);
      }),
    );
  });
});

describe('isDone', () => {
  it.each([
    [0, 25, true],
    [24, 25, true],
    [25, 25, false],
    [30, 25, false],
    [10, 10, false],
    [0, 0, true],
  ])('%i returned of %i requested → done %s', (returned, requested, done) => {
    expect(isDone(returned, requested)).toBe(done);
  });
});
