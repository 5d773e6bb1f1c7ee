import { describe, it, expect, afterEach } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import {
  addDays,
  addMonths,
  instantMs,
  isDateString,
  isTimeString,
  minutesOfDay,
  SHOP_TIME_ZONE,
  shopDate,
  shopInstant,
  shopTime,
  shopYear,
  timeOfMinutes,
  weekdayOf,
} from '../../src/domain/shop-time';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('shop clock at UTC+8', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    ['2026-11-22T15:59:59Z', '2026-11-22', '23:59'],
    ['2026-11-22T16:00:00Z', '2026-11-23', '00:00'],
    ['2026-11-23T06:10:30Z', '2026-11-23', '14:10'],
    ['2026-12-31T16:00:00Z', '2027-01-01', '00:00'],
  ])('reads %s as %s %s in Kuala Lumpur', (iso, date, time) => {
    expect(shopDate(new Date(iso))).toBe(date);
    expect(shopTime(new Date(iso))).toBe(time);
  });

  it('accepts a Date, a dayjs value and epoch milliseconds alike', () => {
    const iso = '2026-11-22T16:30:00Z';
    expect(shopDate(dayjs(iso))).toBe('2026-11-23');
    expect(shopDate(dayjs.utc(iso))).toBe('2026-11-23');
    expect(shopDate(Date.parse(iso))).toBe('2026-11-23');
    expect(instantMs(dayjs(iso))).toBe(Date.parse(iso));
  });

  it('does not depend on the host time zone', () => {
    const instant = new Date('2026-11-22T16:30:00Z');
    for (const tz of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Kuala_Lumpur']) {
      process.env.TZ = tz;
      expect(shopDate(instant)).toBe('2026-11-23');
      expect(shopTime(instant)).toBe('00:30');
      expect(shopInstant('2026-11-23', '00:30').toISOString()).toBe('2026-11-22T16:30:00.000Z');
    }
  });

  it('matches the IANA zone Asia/Kuala_Lumpur for any instant since 1982 (property)', () => {
    expect(SHOP_TIME_ZONE).toBe('Asia/Kuala_Lumpur');
    // Malaysia has used UTC+8 without DST since 1982-01-01.
    const instant = fc.integer({ min: Date.UTC(1982, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instant, (ms) => {
        const zoned = dayjs(ms).tz(SHOP_TIME_ZONE);
        return shopDate(ms) === zoned.format('YYYY-MM-DD') && shopTime(ms) === zoned.format('HH:mm');
      }),
    );
  });

  it('reads the year in Kuala Lumpur: the new year comes at 16:00 UTC on 31 December', () => {
    expect(shopYear(new Date('2025-12-31T15:59:59Z'))).toBe(2025);
    expect(shopYear(new Date('2025-12-31T16:00:00Z'))).toBe(2026);
    expect(shopYear(Date.parse('2026-06-01T00:00:00Z'))).toBe(2026);
    expect(() => shopYear(NaN)).toThrow(RangeError);
    const instant = fc.integer({ min: Date.UTC(1982, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(fc.property(instant, (ms) => shopYear(ms) === dayjs(ms).tz(SHOP_TIME_ZONE).year()));
  });

  it('shopInstant inverts shopDate/shopTime (property)', () => {
    const minute = fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }).map((m) => m * 60_000);
    fc.assert(fc.property(minute, (ms) => shopInstant(shopDate(ms), shopTime(ms)).getTime() === ms));
  });

  it('rejects invalid instants', () => {
    expect(() => shopDate(new Date('nope'))).toThrow(RangeError);
    expect(() => shopDate(NaN)).toThrow(RangeError);
    expect(() => shopDate(dayjs('nope'))).toThrow(RangeError);
  });
});

describe('date and time strings', () => {
  it.each([
    ['2026-11-23', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['23/11/2026', false],
    ['2026-11-23T00:00', false],
    ['', false],
  ])('isDateString(%j) is %s', (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });

  it('isDateString rejects non-strings', () => {
    expect(isDateString(undefined)).toBe(false);
    expect(isDateString(20261123)).toBe(false);
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['14:30', true],
    ['24:00', false],
    ['9:00', false],
    ['12:60', false],
    ['12:30:00', false],
    ['', false],
  ])('isTimeString(%j) is %s', (value, expected) => {
    expect(isTimeString(value)).toBe(expected);
  });

  it('adds days and months on the calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-23', 6)).toBe('2027-05-23');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('gives weekdays Sunday = 0 … Saturday = 6', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('converts between HH:mm and minutes of the day', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('14:30')).toBe(870);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(timeOfMinutes(870)).toBe('14:30');
    expect(timeOfMinutes(5)).toBe('00:05');
    expect(() => timeOfMinutes(1440)).toThrow(RangeError);
    expect(() => timeOfMinutes(-1)).toThrow(RangeError);
    expect(() => minutesOfDay('7:00')).toThrow(RangeError);
  });

  it('shopInstant rejects a bad date or time', () => {
    expect(() => shopInstant('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => shopInstant('2026-11-23', '25:00')).toThrow(RangeError);
  });
});
