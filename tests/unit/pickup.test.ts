import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import {
  earliestPickupDate,
  formatPickupDate,
  formatPickupTime,
  isPickupDateAllowed,
  isPickupExpired,
  latestPickupDate,
  parseDaysRange,
  pickupLeadDate,
  pickupTimeSlots,
  validatePickup,
  type PickupSettings,
} from '../../src/domain/pickup';
import { addDays, shopInstant } from '../../src/domain/shop-time';

/** The instant at which Kuala Lumpur clocks read `date` `time`. */
const myt = (date: string, time: string) => shopInstant(date, time);

const open: PickupSettings = {
  pickup_min_time: 0,
  pickup_min_time_range: '10:00',
  pickup_max_time_range: '18:00',
  pickup_days_range: '1,1,1,1,1,1,1',
};
/** Closed on Fridays, one day lead time. */
const fridayClosed: PickupSettings = { ...open, pickup_min_time: 1, pickup_days_range: '1,1,1,1,1,0,1' };

const ALL_SLOTS = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];
// Opening 10:00, closing 18:00, 30-minute slots: the last slot starts at 17:30 and ends at closing.
// Monday 2026-11-23, 14:10 in Kuala Lumpur (06:10 UTC).
const NOW = myt('2026-11-23', '14:10');

describe('parseDaysRange', () => {
  it('reads seven flags Sunday..Saturday, 0 = closed', () => {
    expect(parseDaysRange('1,1,1,1,1,0,1')).toEqual([true, true, true, true, true, false, true]);
    expect(parseDaysRange('0,1,1,1,1,1,1')).toEqual([false, true, true, true, true, true, true]);
    expect(parseDaysRange(' 1, 0 ,1,1,1,1,1 ')).toEqual([true, false, true, true, true, true, true]);
  });

  it.each(['', '1', '1,1,1,1,1,1', '1,1,1,1,1,1,1,1', '1,1,1,1,1,1,2', '1,1,1,1,1,1,x', '1,1,1,,1,1,1', '1;1;1;1;1;1;1'])(
    'rejects %j',
    (str) => {
      expect(() => parseDaysRange(str)).toThrow(RangeError);
    },
  );
});

describe('pickupTimeSlots', () => {
  it('offers the whole window every 30 minutes on a future day', () => {
    expect(pickupTimeSlots('2026-11-24', open, NOW)).toEqual(ALL_SLOTS);
  });

  it("drops today's times already past", () => {
    expect(pickupTimeSlots('2026-11-23', open, NOW)).toEqual(['14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30']);
  });

  it('still offers a slot starting exactly now, and none after closing', () => {
    expect(pickupTimeSlots('2026-11-23', open, myt('2026-11-23', '17:30'))[0]).toBe('17:30');
    expect(pickupTimeSlots('2026-11-23', open, new Date(myt('2026-11-23', '17:30').getTime() + 1))).toEqual([]);
    expect(pickupTimeSlots('2026-11-23', open, myt('2026-11-23', '18:01'))).toEqual([]);
  });

  it('is empty on past, too-soon, too-far, closed and malformed dates', () => {
    expect(pickupTimeSlots('2026-11-22', open, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-11-23', fridayClosed, NOW)).toEqual([]); // lead time 1 day
    expect(pickupTimeSlots('2027-05-24', open, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-11-27', fridayClosed, NOW)).toEqual([]); // Friday
    expect(pickupTimeSlots('2026-11-28', fridayClosed, NOW)).toEqual(ALL_SLOTS); // Saturday
    expect(pickupTimeSlots('23/11/2026', open, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-02-30', open, NOW)).toEqual([]);
  });

  it('uses slot_minutes from the opening time, each slot ending by closing', () => {
    const s = { ...open, pickup_max_time_range: '12:00', slot_minutes: 45 };
    expect(pickupTimeSlots('2026-11-24', s, NOW)).toEqual(['10:00', '10:45']);
    expect(pickupTimeSlots('2026-11-24', { ...s, pickup_max_time_range: '12:15' }, NOW)).toEqual(['10:00', '10:45', '11:30']);
    expect(pickupTimeSlots('2026-11-24', { ...open, pickup_min_time_range: '17:00', pickup_max_time_range: '17:00' }, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-11-24', { ...open, pickup_min_time_range: '22:00', pickup_max_time_range: '23:59', slot_minutes: 60 }, NOW)).toEqual(['22:00']);
    expect(pickupTimeSlots('2026-11-24', { ...open, pickup_min_time_range: '18:00', pickup_max_time_range: '10:00' }, NOW)).toEqual([]);
  });

  it('offers only slots inside the shop\'s opening hours: 08:00 to 17:30, Monday to Friday', () => {
    const shop = { pickup_min_time: 0, pickup_min_time_range: '08:00', pickup_max_time_range: '17:30', pickup_days_range: '0,1,1,1,1,1,0' };
    const slots = pickupTimeSlots('2026-11-24', shop, NOW);
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('17:00');
    expect(slots.every((t) => t >= '08:00' && t <= '17:00')).toBe(true);
    expect(pickupTimeSlots('2026-11-28', shop, NOW)).toEqual([]); // Saturday
    expect(validatePickup({ date: '2026-11-24', time: '17:15' }, shop, NOW)).toEqual({ ok: false, reason: 'outside_hours' });
    expect(validatePickup({ date: '2026-11-24', time: '19:30' }, shop, NOW)).toEqual({ ok: false, reason: 'outside_hours' });
    expect(validatePickup({ date: '2026-11-24', time: '07:59' }, shop, NOW)).toEqual({ ok: false, reason: 'outside_hours' });
  });

  it('counts the lead time in whole days from now', () => {
    // Lead 1 at Monday 14:10: nothing on Monday, Tuesday from 14:30 (the first slot at or after 14:10).
    expect(pickupTimeSlots('2026-11-23', fridayClosed, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-11-24', fridayClosed, NOW)[0]).toBe('14:30');
    expect(pickupTimeSlots('2026-11-25', fridayClosed, NOW)).toEqual(ALL_SLOTS);
    // Lead 2 at Monday 14:10: Wednesday from 14:30.
    expect(pickupTimeSlots('2026-11-24', { ...open, pickup_min_time: 2 }, NOW)).toEqual([]);
    expect(pickupTimeSlots('2026-11-25', { ...open, pickup_min_time: 2 }, NOW)[0]).toBe('14:30');
    expect(validatePickup({ date: '2026-11-24', time: '14:00' }, fridayClosed, NOW)).toEqual({ ok: false, reason: 'too_soon' });
    expect(validatePickup({ date: '2026-11-24', time: '14:10' }, fridayClosed, NOW)).toEqual({ ok: true });
  });

  it('reads "today" in Kuala Lumpur, not in UTC', () => {
    // 16:30 UTC on the 22nd is 00:30 on Monday the 23rd in Kuala Lumpur.
    const justAfterMidnight = new Date('2026-11-22T16:30:00Z');
    expect(pickupTimeSlots('2026-11-22', open, justAfterMidnight)).toEqual([]);
    expect(pickupTimeSlots('2026-11-23', open, justAfterMidnight)).toEqual(ALL_SLOTS);
    expect(pickupTimeSlots('2026-11-23', fridayClosed, justAfterMidnight)).toEqual([]);
    expect(pickupTimeSlots('2026-11-24', fridayClosed, justAfterMidnight)).toEqual(ALL_SLOTS);
    // 15:59 UTC on the 22nd is still Sunday 23:59 in Kuala Lumpur: a day from then is Monday 23:59,
    // after Monday's last slot, so Tuesday is the first day.
    const justBeforeMidnight = new Date('2026-11-22T15:59:00Z');
    expect(pickupTimeSlots('2026-11-23', fridayClosed, justBeforeMidnight)).toEqual([]);
    expect(pickupTimeSlots('2026-11-24', fridayClosed, justBeforeMidnight)).toEqual(ALL_SLOTS);
  });

  it('accepts now as a Date, a dayjs value or epoch ms', () => {
    const asDayjs = pickupTimeSlots('2026-11-23', open, dayjs(NOW));
    expect(asDayjs).toEqual(pickupTimeSlots('2026-11-23', open, NOW));
    expect(pickupTimeSlots('2026-11-23', open, NOW.getTime())).toEqual(asDayjs);
  });

  it('rejects malformed settings', () => {
    expect(() => pickupTimeSlots('2026-11-24', { ...open, pickup_min_time_range: '9:00' }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, pickup_max_time_range: '24:00' }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, slot_minutes: 0 }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, slot_minutes: 7.5 }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, pickup_min_time: -1 }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, pickup_min_time: 1.5 }, NOW)).toThrow(RangeError);
    expect(() => pickupTimeSlots('2026-11-24', { ...open, pickup_days_range: '1,1' }, NOW)).toThrow(RangeError);
    // Malformed settings throw even for a date that would give no slots anyway.
    expect(() => pickupTimeSlots('not a date', { ...open, pickup_days_range: '1,1' }, NOW)).toThrow(RangeError);
  });
});

describe('lead, earliest and latest dates', () => {
  it('lead date is today + pickup_min_time calendar days', () => {
    expect(pickupLeadDate(open, NOW)).toBe('2026-11-23');
    expect(pickupLeadDate(fridayClosed, NOW)).toBe('2026-11-24');
    expect(pickupLeadDate({ ...open, pickup_min_time: 3 }, NOW)).toBe('2026-11-26');
  });

  it('latest date is 6 months ahead, clamped to the end of the month, in Kuala Lumpur', () => {
    expect(latestPickupDate(NOW)).toBe('2027-05-23');
    expect(latestPickupDate(myt('2026-08-31', '12:00'))).toBe('2027-02-28');
    // 16:00 UTC on 31 May is already 1 June in Kuala Lumpur.
    expect(latestPickupDate(new Date('2026-05-31T16:00:00Z'))).toBe('2026-12-01');
    expect(latestPickupDate(new Date('2026-05-31T15:59:59Z'))).toBe('2026-11-30');
  });

  it('earliest date is the first one with a slot left', () => {
    expect(earliestPickupDate(open, NOW)).toBe('2026-11-23');
    expect(earliestPickupDate(open, myt('2026-11-23', '18:01'))).toBe('2026-11-24');
    expect(earliestPickupDate(fridayClosed, NOW)).toBe('2026-11-24');
    // Thursday evening, Friday closed: Saturday.
    expect(earliestPickupDate({ ...fridayClosed, pickup_min_time: 0 }, myt('2026-11-26', '19:00'))).toBe('2026-11-28');
    expect(earliestPickupDate({ ...open, pickup_days_range: '0,0,0,0,0,0,0' }, NOW)).toBeNull();
    // A lead time longer than the 6-month limit leaves nothing.
    expect(earliestPickupDate({ ...open, pickup_min_time: 200 }, NOW)).toBeNull();
  });
});

describe('isPickupDateAllowed', () => {
  it.each([
    ['2026-11-22', open, false], // yesterday
    ['2026-11-23', open, true], // today, slots left
    ['2026-11-23', fridayClosed, false], // lead time 1 day
    ['2026-11-24', fridayClosed, true],
    ['2026-11-27', fridayClosed, false], // Friday closed
    ['2026-11-27', open, true],
    ['2027-05-23', open, true], // exactly 6 months
    ['2027-05-24', open, false], // beyond 6 months
    ['2026-02-30', open, false],
    ['', open, false],
  ] as const)('%s with %o → %s', (date, settings, expected) => {
    expect(isPickupDateAllowed(date, settings, NOW)).toBe(expected);
  });

  it('refuses today once its last slot has passed', () => {
    expect(isPickupDateAllowed('2026-11-23', open, myt('2026-11-23', '17:30'))).toBe(true);
    expect(isPickupDateAllowed('2026-11-23', open, myt('2026-11-23', '17:31'))).toBe(false);
  });

  it('honours each closed weekday', () => {
    // 2026-11-22 is a Sunday; walk one week with each single weekday closed.
    for (let closed = 0; closed < 7; closed++) {
      const flags = Array.from({ length: 7 }, (_, i) => (i === closed ? '0' : '1')).join(',');
      const settings = { ...open, pickup_days_range: flags };
      for (let d = 0; d < 7; d++) {
        const date = addDays('2026-11-29', d); // next Sunday onwards
        expect(isPickupDateAllowed(date, settings, NOW)).toBe(d !== closed);
      }
    }
  });
});

describe('validatePickup', () => {
  it.each([
    [{}, open, 'missing'],
    [{ date: '2026-11-24' }, open, 'missing'],
    [{ date: '', time: '10:00' }, open, 'missing'],
    [{ date: null, time: null }, open, 'missing'],
    [{ date: '24/11/2026', time: '10:00' }, open, 'invalid'],
    [{ date: '2026-02-30', time: '10:00' }, open, 'invalid'],
    [{ date: '2026-11-24', time: '10:00 am' }, open, 'invalid'],
    [{ date: '2026-11-22', time: '12:00' }, open, 'past'],
    [{ date: '2026-11-23', time: '14:00' }, open, 'past'],
    [{ date: '2026-11-20', time: '12:00' }, fridayClosed, 'past'], // a past Friday is past first
    [{ date: '2026-11-23', time: '16:00' }, fridayClosed, 'too_soon'],
    [{ date: '2027-05-24', time: '12:00' }, open, 'too_far'],
    [{ date: '2026-11-27', time: '12:00' }, fridayClosed, 'closed_day'],
    [{ date: '2026-11-24', time: '09:59' }, open, 'outside_hours'],
    [{ date: '2026-11-24', time: '18:01' }, open, 'outside_hours'],
    [{ date: '2026-11-24', time: '17:31' }, open, 'outside_hours'], // the slot would end after closing
    [{ date: '2026-11-24', time: '10:00' }, fridayClosed, 'too_soon'], // less than a day ahead
    [{ date: '2026-11-23', time: '23:00' }, open, 'outside_hours'],
  ] as const)('refuses %o as %s', (choice, settings, reason) => {
    expect(validatePickup(choice, settings, NOW)).toEqual({ ok: false, reason });
  });

  it.each([
    [{ date: '2026-11-23', time: '14:30' }, open],
    [{ date: '2026-11-23', time: '14:10' }, open], // exactly now
    [{ date: '2026-11-24', time: '10:00' }, open],
    [{ date: '2026-11-24', time: '17:30' }, open],
    [{ date: '2026-11-24', time: '14:45' }, open], // inside the window, between slots
    [{ date: '2026-11-24', time: '14:30' }, fridayClosed],
    [{ date: '2026-11-28', time: '12:00' }, fridayClosed],
    [{ date: '2027-05-23', time: '17:30' }, open],
  ] as const)('accepts %o', (choice, settings) => {
    expect(validatePickup(choice, settings, NOW)).toEqual({ ok: true });
  });

  it('checks "past" against Kuala Lumpur time across the UTC date line', () => {
    const now = new Date('2026-11-22T16:30:00Z'); // Monday 00:30 in Kuala Lumpur
    expect(validatePickup({ date: '2026-11-22', time: '18:00' }, open, now)).toEqual({ ok: false, reason: 'past' });
    expect(validatePickup({ date: '2026-11-23', time: '10:00' }, open, now)).toEqual({ ok: true });
  });

  it('accepts every offered slot, and only allowed dates (property)', () => {
    const settings = fc.record({
      pickup_min_time: fc.integer({ min: 0, max: 5 }),
      pickup_min_time_range: fc.constantFrom('08:00', '09:30', '10:00'),
      pickup_max_time_range: fc.constantFrom('12:00', '17:45', '21:00'),
      pickup_days_range: fc.array(fc.constantFrom('0', '1'), { minLength: 7, maxLength: 7 }).map((f) => f.join(',')),
      slot_minutes: fc.constantFrom(15, 30, 60),
    });
    const nowArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(settings, nowArb, fc.integer({ min: -3, max: 200 }), (s, nowMs, offset) => {
        const date = addDays(dayjs(nowMs).format('YYYY-MM-DD'), offset);
        const slots = pickupTimeSlots(date, s, nowMs);
        for (const time of slots) {
          expect(validatePickup({ date, time }, s, nowMs)).toEqual({ ok: true });
          expect(isPickupExpired({ date, time }, nowMs)).toBe(false);
        }
        expect(isPickupDateAllowed(date, s, nowMs)).toBe(slots.length > 0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('isPickupExpired', () => {
  it('is true once the chosen date and time lie before now', () => {
    expect(isPickupExpired({ date: '2026-11-23', time: '14:00' }, NOW)).toBe(true);
    expect(isPickupExpired({ date: '2026-11-23', time: '14:10' }, NOW)).toBe(false);
    expect(isPickupExpired({ date: '2026-11-23', time: '14:11' }, NOW)).toBe(false);
    expect(isPickupExpired({ date: '2026-11-22', time: '23:59' }, NOW)).toBe(true);
    expect(isPickupExpired({ date: '2026-11-24', time: '00:00' }, NOW)).toBe(false);
  });

  it('uses Kuala Lumpur time', () => {
    // 10:00 on the 23rd in Kuala Lumpur is 02:00 UTC.
    expect(isPickupExpired({ date: '2026-11-23', time: '10:00' }, new Date('2026-11-23T01:59:00Z'))).toBe(false);
    expect(isPickupExpired({ date: '2026-11-23', time: '10:00' }, new Date('2026-11-23T02:01:00Z'))).toBe(true);
  });

  it('treats a missing or malformed choice as expired', () => {
    expect(isPickupExpired({}, NOW)).toBe(true);
    expect(isPickupExpired({ date: '2026-12-01' }, NOW)).toBe(true);
    expect(isPickupExpired({ date: '2026-12-01', time: '9:00' }, NOW)).toBe(true);
    expect(isPickupExpired({ date: '01/12/2026', time: '09:00' }, NOW)).toBe(true);
  });
});

describe('formatting (spec §9: DD/MM/YYYY, hh:mm a)', () => {
  it.each([
    ['2026-11-23', '23/11/2026'],
    ['2027-01-05', '05/01/2027'],
  ])('formats the date %s as %s', (input, expected) => {
    expect(formatPickupDate(input)).toBe(expected);
  });

  it.each([
    ['14:30', '02:30 pm'],
    ['00:00', '12:00 am'],
    ['00:05', '12:05 am'],
    ['09:15', '09:15 am'],
    ['11:59', '11:59 am'],
    ['12:00', '12:00 pm'],
    ['12:30', '12:30 pm'],
    ['23:59', '11:59 pm'],
  ])('formats the time %s as %s', (input, expected) => {
    expect(formatPickupTime(input)).toBe(expected);
  });

  it('agrees with dayjs "hh:mm a" for every minute of the day', () => {
    for (let m = 0; m < 24 * 60; m++) {
      const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(formatPickupTime(time)).toBe(dayjs(`2026-11-23T${time}:00`).format('hh:mm a'));
    }
  });

  it('rejects malformed input', () => {
    expect(() => formatPickupDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatPickupDate('23/11/2026')).toThrow(RangeError);
    expect(() => formatPickupTime('2:30 pm')).toThrow(RangeError);
    expect(() => formatPickupTime('24:00')).toThrow(RangeError);
  });
});
