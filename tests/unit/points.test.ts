import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  pointsEarned,
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
