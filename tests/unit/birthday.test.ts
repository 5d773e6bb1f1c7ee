import { describe, expect, it } from 'vitest';
import { claimYear, hasClaimedThisYear, isBirthdayMonth } from '../../src/domain/birthday';
import { shopDate } from '../../src/domain/shop-time';

describe('isBirthdayMonth (the whole birthday month, Malaysian date)', () => {
  it.each([
    ['1990-11-30', '2026-11-01', true],
    ['1990-11-01', '2026-11-30', true],
    ['1990-11-30', '2026-12-01', false],
    ['1990-11-30', '2026-10-31', false],
    ['1992-02-29', '2027-02-28', true],
    [null, '2026-11-22', false],
    [undefined, '2026-11-22', false],
  ])('birthday %s on %s → %s', (birthday, today, expected) => {
    expect(isBirthdayMonth(birthday, today)).toBe(expected);
  });

  it('turns at midnight in Malaysia, not UTC: 31 Oct 16:30 UTC is already 1 Nov', () => {
    const today = shopDate(new Date('2026-10-31T16:30:00Z'));
    expect(today).toBe('2026-11-01');
    expect(isBirthdayMonth('1990-11-15', today)).toBe(true);
    expect(isBirthdayMonth('1990-10-15', today)).toBe(false);
  });
});

describe('claim year', () => {
  it('is the year of the Malaysian date', () => {
    expect(claimYear('2026-11-22')).toBe(2026);
    expect(claimYear(shopDate(new Date('2026-12-31T16:00:00Z')))).toBe(2027);
  });

  it.each([
    [2026, '2026-11-22', true],
    [2025, '2026-11-22', false],
    [null, '2026-11-22', false],
    [undefined, '2026-01-01', false],
  ])('claimed in %s, today %s → claimed this year: %s', (year, today, expected) => {
    expect(hasClaimedThisYear(year, today)).toBe(expected);
  });
});
