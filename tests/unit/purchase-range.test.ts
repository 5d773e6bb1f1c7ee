/** The outlet purchase history's date range (src/domain/purchase-range.ts; coverage.md §3 Purchase history, §7 get_purchase_history_data). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkPurchaseRange,
  defaultPurchaseRange,
  PURCHASE_RANGE_DEFAULT_MONTHS,
  PURCHASE_RANGE_MAX_DAYS,
  rangeDays,
  requestedPurchaseRange,
} from '../../src/domain/purchase-range';
import { addDays, addMonths, shopDate } from '../../src/domain/shop-time';

describe('checkPurchaseRange', () => {
  it('accepts from ≤ to, both ends counted', () => {
    expect(checkPurchaseRange('2026-08-23', '2026-11-23')).toEqual({ ok: true, from: '2026-08-23', to: '2026-11-23' });
    expect(checkPurchaseRange('2026-11-23', '2026-11-23')).toEqual({ ok: true, from: '2026-11-23', to: '2026-11-23' });
  });

  it.each([
    [undefined, '2026-11-23', 'fromDate'],
    ['', '2026-11-23', 'fromDate'],
    ['2026-02-29', '2026-03-01', 'fromDate'],
    ['2026-11-23', '2026-11-31', 'toDate'],
    ['23/11/2026', '2026-11-23', 'fromDate'],
    ['2026-11-23T00:00', '2026-11-23', 'fromDate'],
    [20261123, '2026-11-23', 'fromDate'],
  ])('refuses %s..%s as not a date (%s)', (from, to, field) => {
    expect(checkPurchaseRange(from, to)).toEqual({ ok: false, reason: 'purchase_date_invalid', field });
  });

  it('refuses a reversed range', () => {
    expect(checkPurchaseRange('2026-11-24', '2026-11-23')).toEqual({ ok: false, reason: 'purchase_range_order', field: 'fromDate' });
  });

  it('accepts exactly the longest range and refuses one day more, across a leap day', () => {
    expect(rangeDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(checkPurchaseRange('2028-01-01', '2028-12-31').ok).toBe(true);
    expect(checkPurchaseRange('2027-12-31', '2028-12-31')).toEqual({ ok: false, reason: 'purchase_range_too_long', field: 'fromDate' });
  });

  it('accepts every valid range up to the limit and refuses every longer one', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, span) => {
        const to = addDays(from, span);
        const r = checkPurchaseRange(from, to);
        expect(r.ok).toBe(span + 1 <= PURCHASE_RANGE_MAX_DAYS);
        if (span > 0) expect(checkPurchaseRange(to, from)).toMatchObject({ ok: false, reason: 'purchase_range_order' });
      }),
    );
  });
});

describe('defaultPurchaseRange', () => {
  it('is the last 3 months to today in Malaysia, whatever the UTC date', () => {
    // 17:00 UTC on 22 Nov is 01:00 on 23 Nov in Malaysia.
    expect(defaultPurchaseRange(new Date('2026-11-22T17:00:00Z'))).toEqual({ from: '2026-08-23', to: '2026-11-23' });
    expect(defaultPurchaseRange(new Date('2026-11-22T15:59:00Z'))).toEqual({ from: '2026-08-22', to: '2026-11-22' });
  });

  it('clamps to the end of a shorter month', () => {
    expect(defaultPurchaseRange(new Date('2026-05-31T04:00:00Z'))).toEqual({ from: '2026-02-28', to: '2026-05-31' });
  });

  it('is always a range the API accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const r = defaultPurchaseRange(ms);
        expect(r.to).toBe(shopDate(ms));
        expect(r.from).toBe(addMonths(r.to, -PURCHASE_RANGE_DEFAULT_MONTHS));
        expect(checkPurchaseRange(r.from, r.to).ok).toBe(true);
      }),
    );
  });
});

describe('requestedPurchaseRange', () => {
  const now = new Date('2026-11-22T17:00:00Z');
  it('fills a missing or blank date from the default and passes given ones on as they are', () => {
    expect(requestedPurchaseRange(null, undefined, now)).toEqual({ from: '2026-08-23', to: '2026-11-23' });
    expect(requestedPurchaseRange(' 2026-01-01 ', '', now)).toEqual({ from: '2026-01-01', to: '2026-11-23' });
    expect(requestedPurchaseRange('nonsense', '2026-02-30', now)).toEqual({ from: 'nonsense', to: '2026-02-30' });
  });
});
