/** Quantity input steps (coverage.md §5 Quantity input; §4 Number input). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quantityBounds, stepQuantity } from '../../src/domain/quantity';

const b = { min: 1, max: 99, step: 1 };

describe('stepQuantity', () => {
  it.each([
    ['3', 1, b, 4],
    ['3', -1, b, 2],
    ['1', -1, b, 1],
    ['99', 1, b, 99],
    ['', 1, b, 1],
    ['', -1, b, 1],
    ['abc', 1, b, 1],
    ['150', -1, b, 99],
    ['-4', 1, b, 1],
    ['4', 1, { min: 0, max: 20, step: 5 }, 5],
    ['4', -1, { min: 0, max: 20, step: 5 }, 0],
    ['5', 1, { min: 0, max: 20, step: 5 }, 10],
    ['20', 1, { min: 0, max: 20, step: 5 }, 20],
  ] as const)('%j %d within %j → %d', (value, dir, bounds, expected) => {
    expect(stepQuantity(value, dir, bounds)).toBe(expected);
  });

  it('always lands on the grid within the bounds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: -500, max: 500 }), fc.constantFrom(1 as const, -1 as const), (min, span, step, value, dir) => {
        const max = min + span;
        const next = stepQuantity(String(value), dir, { min, max, step });
        return next >= min && next <= max && (next === max || (next - min) % step === 0);
      }),
    );
  });
});

describe('quantityBounds', () => {
  it('reads attributes with defaults 1, 999 and 1', () => {
    expect(quantityBounds({})).toEqual({ min: 1, max: 999, step: 1 });
    expect(quantityBounds({ min: '0', max: '12', step: '2' })).toEqual({ min: 0, max: 12, step: 2 });
    expect(quantityBounds({ min: '5', max: '2', step: '0' })).toEqual({ min: 5, max: 5, step: 1 });
    expect(quantityBounds({ min: 'x', max: '', step: '-1' })).toEqual({ min: 1, max: 999, step: 1 });
  });
});
