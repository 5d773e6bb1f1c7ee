/** Stock wording (src/domain/stock.ts): never "only 0 left"; the refusal names no stock as none. */
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_MARGIN, outOfStockKey, stockNote } from '../../src/domain/stock';
import { translate } from '../../src/i18n/messages';

describe('stockNote', () => {
  it('says none when the store has no units (or a negative count)', () => {
    expect(stockNote(0, 1)).toBe('none');
    expect(stockNote(-2, 1)).toBe('none');
    expect(stockNote(Number.NaN, 1)).toBe('none');
  });
  it('says low with the units from 1 up to the quantity plus the margin', () => {
    expect(stockNote(1, 1)).toEqual({ low: 1 });
    expect(stockNote(3, 2)).toEqual({ low: 3 });
    expect(stockNote(2 + LOW_STOCK_MARGIN - 1, 2)).toEqual({ low: 2 + LOW_STOCK_MARGIN - 1 });
  });
  it('says nothing when there is plenty', () => {
    expect(stockNote(1 + LOW_STOCK_MARGIN, 1)).toBeNull();
    expect(stockNote(100, 3)).toBeNull();
  });
});

describe('outOfStockKey', () => {
  it('uses "only N left" for 1 or more and "not available" for 0', () => {
    expect(outOfStockKey(1)).toBe('out_of_stock');
    expect(outOfStockKey(0)).toBe('out_of_stock_none');
    expect(translate('en', outOfStockKey(0), { name: 'Pork Belly', available: 0 })).toBe('"Pork Belly" is not available at this store.');
    expect(translate('ar', outOfStockKey(0), { name: 'Pork Belly', available: 0 })).not.toMatch(/0/);
    expect(translate('zh', outOfStockKey(2), { name: 'Pork Belly', available: 2 })).toContain('2');
  });
});
