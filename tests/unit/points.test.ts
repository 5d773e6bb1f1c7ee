import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  orderPointsEffect,
  pointsEarned,
  pointsReversal,
  pointsForRebate,
  POINTS_PER_REBATE,
  qualifiesForBusinessMember,
  REBATE_SEN_PER_BLOCK,
  rebateForPoints,
} from '../../src/domain/points';
import { MEMBERSHIP_FEE_SEN } from '../../src/domain/constants';

describe('rebateForPoints (RM10 per 500 points)', () => {
  it.each([
    [0, 0],
    [499, 0],
    [500, 1000],
    [999, 1000],
    [1000, 2000],
    [1499, 2000],
    [12_345, 24_000],
  ])('%i points → %i sen', (points, sen) => {
    expect(rebateForPoints(points)).toBe(sen);
  });

  it.each([-1, 1.5, NaN, Infinity])('rejects %d points', (points) => {
    expect(() => rebateForPoints(points)).toThrow(RangeError);
  });

  it('is a whole number of RM10 blocks that never over-pays (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (p) => {
        const sen = rebateForPoints(p);
        return sen % REBATE_SEN_PER_BLOCK === 0 && pointsForRebate(sen) <= p && p - pointsForRebate(sen) < POINTS_PER_REBATE;
      }),
    );
  });
});

describe('pointsForRebate', () => {
  it('costs 500 points per RM10', () => {
    expect(pointsForRebate(0)).toBe(0);
    expect(pointsForRebate(1000)).toBe(500);
    expect(pointsForRebate(5000)).toBe(2500);
  });

  it.each([500, 1001, -1000, 10.5])('rejects %d sen', (sen) => {
    expect(() => pointsForRebate(sen)).toThrow(RangeError);
  });
});

describe('pointsEarned (1 point per whole RM1 of product subtotal)', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [1699, 16],
    [10_000, 100],
  ])('%i sen → %i points', (sen, points) => {
    expect(pointsEarned(sen)).toBe(points);
  });

  it.each([-100, 1.5])('rejects %d sen', (sen) => {
    expect(() => pointsEarned(sen)).toThrow(RangeError);
  });
});

describe('member zone facts', () => {
  it('business membership needs a single receipt of RM100 or more', () => {
    expect(qualifiesForBusinessMember(9_999)).toBe(false);
    expect(qualifiesForBusinessMember(10_000)).toBe(true);
    expect(qualifiesForBusinessMember(25_000)).toBe(true);
    expect(() => qualifiesForBusinessMember(100.5)).toThrow(RangeError);
  });

  it('the membership fee is RM3.00', () => {
    expect(MEMBERSHIP_FEE_SEN).toBe(300);
  });
});

describe('orderPointsEffect (earn on entering Paid, reverse when a paid order is cancelled)', () => {
  it.each([
    ['Pending', 'Paid', 'earn'],
    ['Processing Payment', 'Paid', 'earn'],
    ['Paid', 'Cancelled', 'reverse'],
    ['Delivering', 'Cancelled', 'reverse'],
    ['Ready To Pickup', 'Cancelled', 'reverse'],
    ['Pending', 'Cancelled', null],
    ['Processing Payment', 'Cancelled', null],
    ['Pending', 'Processing Payment', null],
    ['Processing Payment', 'Pending', null],
    ['Paid', 'Delivering', null],
    ['Paid', 'Ready To Pickup', null],
    ['Waiting Comment', 'Completed', null],
    ['Paid', 'Paid', null],
  ] as const)('%s → %s: %s', (from, to, effect) => {
    expect(orderPointsEffect(from, to)).toBe(effect);
  });

  it('earns only on allowed changes into Paid and reverses only on refunding cancels (every transition)', async () => {
    const { ORDER_TRANSITIONS } = await import('../../src/domain/order-status');
    for (const t of ORDER_TRANSITIONS) {
      const effect = orderPointsEffect(t.from, t.to);
      expect(effect === 'earn').toBe(t.to === 'Paid');
      expect(effect === 'reverse').toBe(t.refunds === true);
    }
  });
});

describe('pointsReversal (never below 0, shortfall recorded)', () => {
  it.each([
    [50, 120, 50, 0],
    [50, 50, 50, 0],
    [50, 20, 20, 30],
    [50, 0, 0, 50],
    [0, 10, 0, 0],
  ])('earned %i, balance %i → takes %i, shortfall %i', (earned, balance, taken, shortfall) => {
    expect(pointsReversal(earned, balance)).toEqual({ taken, shortfall });
  });

  it('takes at most the balance and accounts for every earned point (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (earned, balance) => {
        const { taken, shortfall } = pointsReversal(earned, balance);
        expect(taken).toBeLessThanOrEqual(balance);
        expect(balance - taken).toBeGreaterThanOrEqual(0);
        expect(taken + shortfall).toBe(earned);
        expect(shortfall).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it.each([[-1, 0], [0, -1], [1.5, 3], [3, NaN]])('rejects (%d, %d)', (earned, balance) => {
    expect(() => pointsReversal(earned, balance)).toThrow(RangeError);
  });
});
