/** Opening hours from the pick-up settings (src/domain/opening-hours.ts, src/i18n/opening-hours.ts; coverage.md §1, §3). */
import { describe, expect, it } from 'vitest';
import { openingHours } from '../../src/domain/opening-hours';
import { formatOpenDays, formatOpeningHours, formatOpeningTime } from '../../src/i18n/opening-hours';
import { pickupTimeSlots, type PickupSettings } from '../../src/domain/pickup';
import { PICKUP_SETTINGS } from '../../src/server/xs-api/db/seed/pickup';
import { shopInstant } from '../../src/domain/shop-time';

const shop: PickupSettings = {
  pickup_min_time: PICKUP_SETTINGS.pickupMinTime!,
  pickup_min_time_range: PICKUP_SETTINGS.pickupMinTimeRange,
  pickup_max_time_range: PICKUP_SETTINGS.pickupMaxTimeRange,
  pickup_days_range: PICKUP_SETTINGS.pickupDaysRange,
  slot_minutes: PICKUP_SETTINGS.slotMinutes!,
};

describe('openingHours', () => {
  it('groups open weekdays into Monday-first runs', () => {
    expect(openingHours({ ...shop, pickup_days_range: '0,1,1,1,1,1,0' }).runs).toEqual([[1, 5]]);
    expect(openingHours({ ...shop, pickup_days_range: '1,1,0,1,1,1,1' }).runs).toEqual([[1, 1], [3, 0]]);
    expect(openingHours({ ...shop, pickup_days_range: '1,1,1,1,1,1,1' }).runs).toEqual([[1, 0]]);
    expect(openingHours({ ...shop, pickup_days_range: '0,0,0,0,0,0,0' }).runs).toEqual([]);
    expect(() => openingHours({ ...shop, pickup_days_range: '1,1' })).toThrow(RangeError);
  });
});

describe('formatOpeningHours', () => {
  it("says the seeded shop hours as spec §1 writes them, in each language", () => {
    expect(formatOpeningHours(shop, 'en')).toBe('Monday to Friday, 8.00 a.m. to 5.30 p.m.');
    expect(formatOpeningHours(shop, 'zh')).toBe('星期一至星期五，上午8:00至下午5:30');
    const ar = formatOpeningHours(shop, 'ar');
    expect(ar).toContain('الاثنين');
    expect(ar).toContain('الجمعة');
    expect(ar).toMatch(/8:00/);
    expect(ar).toMatch(/5:30/);
  });

  it('follows the settings: other days and times give other words', () => {
    expect(formatOpenDays({ ...shop, pickup_days_range: '1,1,0,1,1,1,1' }, 'en')).toBe('Monday and Wednesday to Sunday');
    expect(formatOpeningHours({ ...shop, pickup_min_time_range: '09:15', pickup_max_time_range: '12:00' }, 'en')).toBe('Monday to Friday, 9.15 a.m. to 12.00 p.m.');
    expect(formatOpeningTime('00:05', 'en')).toBe('12.05 a.m.');
  });

  it('offers pick-up slots only inside the hours it states', () => {
    const slots = pickupTimeSlots('2026-11-25', shop, shopInstant('2026-11-23', '09:00'));
    expect(slots[0]).toBe(shop.pickup_min_time_range);
    expect(slots.at(-1)! < shop.pickup_max_time_range).toBe(true);
    // Saturday is closed, as the text says (Monday to Friday).
    expect(pickupTimeSlots('2026-11-28', shop, shopInstant('2026-11-23', '09:00'))).toEqual([]);
  });
});
