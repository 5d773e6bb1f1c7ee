/** Buy again's rule per line (src/domain/buy-again.ts) on the cart's stock cap (src/domain/stock.ts). */
import { describe, expect, it } from 'vitest';
import { buyAgainLine } from '../../src/domain/buy-again';
import { fitsStock, unitsThatFit } from '../../src/domain/stock';

describe('the stock cap', () => {
  it('a line fits up to the units at the store', () => {
    expect(fitsStock(3, 3)).toBe(true);
    expect(fitsStock(4, 3)).toBe(false);
    expect(fitsStock(1, 0)).toBe(false);
  });
  it('adds what fits beside the cart', () => {
    expect(unitsThatFit(0, 2, 5)).toBe(2);
    expect(unitsThatFit(4, 2, 5)).toBe(1);
    expect(unitsThatFit(5, 2, 5)).toBe(0);
    expect(unitsThatFit(7, 1, 5)).toBe(0);
    expect(unitsThatFit(0, 3, 0)).toBe(0);
  });
});

describe('buyAgainLine', () => {
  it('all, some, none or not sold', () => {
    expect(buyAgainLine(2, 0, 9, true)).toEqual({ add: 2, note: null });
    expect(buyAgainLine(5, 0, 3, true)).toEqual({ add: 3, note: 'short' });
    expect(buyAgainLine(2, 0, 0, true)).toEqual({ add: 0, note: 'out_of_stock' });
    expect(buyAgainLine(2, 3, 3, true)).toEqual({ add: 0, note: 'short' });
    expect(buyAgainLine(2, 1, 0, true)).toEqual({ add: 0, note: 'out_of_stock' });
    expect(buyAgainLine(2, 0, 9, false)).toEqual({ add: 0, note: 'not_sold' });
  });
});
