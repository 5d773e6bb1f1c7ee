import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { averageRating, avatarInitial, isReviewRate, maskMemberName, ratingSummary } from '../../src/domain/reviews';
import * as C from '../../src/domain/constants';

describe('averageRating (spec §2: out of 5.0, 1 decimal)', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[0], 0],
    [[5, 4, 4], 4.3],
    [[5, 4], 4.5],
    [[5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], 4.1], // 4.1 exactly
    [[1, 2], 1.5],
    [[4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 4.9], // 4.9 exactly
    [[3, 3, 4, 4, 4, 4, 4, 4], 3.8], // 3.75 → 3.8, half up
  ])('%j → %d', (rates, expected) => {
    expect(averageRating(rates)).toBe(expected);
  });

  it.each([[[6]], [[-1]], [[4.5]], [[NaN]]])('rejects %j', (rates) => {
    expect(() => averageRating(rates)).toThrow(RangeError);
  });

  it('stays within 0.05 of the true mean and within 0–5 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 200 }), (rates) => {
        const avg = averageRating(rates);
        const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
        return avg >= 0 && avg <= 5 && Math.abs(avg - mean) <= 0.05 + 1e-9 && Math.abs(avg * 10 - Math.round(avg * 10)) < 1e-9;
      }),
    );
  });

  it('knows a valid rate', () => {
    expect(isReviewRate(0)).toBe(true);
    expect(isReviewRate(5)).toBe(true);
    expect(isReviewRate(5.5)).toBe(false);
    expect(isReviewRate('5')).toBe(false);
  });
});

describe('constants (spec §9)', () => {
  it('has the timing and limit values of the spec', () => {
    expect(C.API_TIMEOUT_MS).toBe(180_000);
    expect(C.LOGIN_COOKIE_MAX_AGE_S).toBe(2_592_000);
    expect([C.TOAST_DEFAULT_MS, C.TOAST_CART_MS, C.TOAST_FAVOURITES_MS, C.TOAST_ADDRESS_MS, C.TOAST_LOGIN_MS, C.TOAST_LOGOUT_MS]).toEqual([
      5000, 2000, 3000, 3000, 3000, 2000,
    ]);
    expect(C.LOGOUT_REDIRECT_MS).toBe(500);
    expect(C.CHUNK_RELOAD_MARKER_MS).toBe(10_000);
    expect(C.QUICK_VIEW_DELAY_MS).toBe(350);
    expect(C.SEARCH_DEBOUNCE_MS).toBe(500);
    expect(C.CART_QUANTITY_DEBOUNCE_MS).toBe(300);
    expect(C.PICKUP_STORE_RADIUS_KM).toBe(30);
    expect(C.MAX_PICKUP_MONTHS).toBe(6);
    expect(C.PROFILE_IMAGE_MAX_BYTES).toBe(5_242_880);
    expect(C.REMARK_MAX_LENGTH).toBe(180);
    expect(C.PASSWORD_MIN_LENGTH).toBe(6);
    expect([C.MOBILE_MIN_LENGTH, C.MOBILE_MAX_LENGTH]).toEqual([2, 30]);
    expect(C.BILL_PLATFORM).toBe('website');
    expect(C.CURRENCY).toEqual({ code: 'MYR', symbol: 'RM', name: 'Malaysian Ringgit' });
    expect(C.LOCALES).toEqual(['en', 'zh', 'ar']);
    expect(C.RTL_LOCALES).toEqual(['ar']);
    expect(C.DELIVERY_TYPES).toEqual(['DELIVERY', 'PICKUP']);
  });
});

describe('ratingSummary, maskMemberName, avatarInitial (spec §2 Reviews, §3 Review)', () => {
  it('sums counts per star like averageRating', () => {
    expect(ratingSummary({ 5: 2, 4: 1, 3: 1, 1: 1 })).toEqual({ average: 3.6, count: 5, byRate: { 5: 2, 4: 1, 3: 1, 2: 0, 1: 1, 0: 0 } });
    expect(ratingSummary({})).toEqual({ average: 0, count: 0, byRate: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0, 0: 0 } });
    expect(() => ratingSummary({ 6: 1 })).toThrow(RangeError);
    expect(() => ratingSummary({ 5: -1 })).toThrow(RangeError);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 100 }), (rates) => {
        const counts: Record<number, number> = {};
        for (const r of rates) counts[r] = (counts[r] ?? 0) + 1;
        const s = ratingSummary(counts);
        return s.average === averageRating(rates) && s.count === rates.length;
      }),
    );
  });

  it('shows the first name and masks the last name', () => {
    expect(maskMemberName('Mei Ling', 'Tan')).toBe('Mei Ling T***');
    expect(maskMemberName(' Ali ', '')).toBe('Ali');
    expect(maskMemberName('', 'Wong')).toBe('W***');
    expect(maskMemberName('伟杰', '林')).toBe('伟杰 林***');
    expect(avatarInitial('mei ling')).toBe('M');
    expect(avatarInitial('  ')).toBe('?');
    expect(avatarInitial('伟杰')).toBe('伟');
  });
});
