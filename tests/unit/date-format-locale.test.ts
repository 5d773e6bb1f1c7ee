import { describe, expect, it } from 'vitest';

import { formatPickupDate, formatPickupTime, formatShopDateTime } from '../../src/domain/pickup';

/** Strips the bidi marks Intl puts into Arabic dates, so the visible characters can be compared. */
const visible = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');

describe('dates and times in the shopper\'s language (Intl.DateTimeFormat, shop time)', () => {
  const evening = new Date('2026-11-22T10:30:00Z'); // 06:30 pm in Kuala Lumpur
  const earlyMorning = new Date('2026-11-22T16:05:00Z'); // 12:05 am on the 23rd in Kuala Lumpur

  it('keeps the spec format in English', () => {
    expect(formatShopDateTime(evening, 'en')).toBe('22/11/2026 06:30 pm');
    expect(formatShopDateTime(evening)).toBe('22/11/2026 06:30 pm');
    expect(formatPickupTime('00:05', 'en')).toBe('12:05 am');
    expect(formatPickupDate('2026-11-23', 'en')).toBe('23/11/2026');
  });

  it('names the half of the day in Chinese', () => {
    expect(formatShopDateTime(evening, 'zh')).toBe('2026/11/22 下午06:30');
    expect(formatShopDateTime(earlyMorning, 'zh')).toBe('2026/11/23 上午12:05');
    expect(formatPickupTime('14:30', 'zh')).toBe('下午02:30');
    expect(formatPickupDate('2026-11-23', 'zh')).toBe('2026/11/23');
  });

  it('names the half of the day in Arabic, with Latin digits and no am/pm', () => {
    const shown = formatShopDateTime(evening, 'ar');
    expect(shown).not.toMatch(/am|pm/i);
    expect(visible(shown)).toBe('22/11/2026، 06:30 م');
    expect(visible(formatShopDateTime(earlyMorning, 'ar'))).toBe('23/11/2026، 12:05 ص');
    expect(formatPickupTime('09:00', 'ar')).toBe('09:00 ص');
    expect(formatPickupTime('12:00', 'ar')).toBe('12:00 م');
    expect(visible(formatPickupDate('2026-11-23', 'ar'))).toBe('23/11/2026');
  });

  it('reads the shop clock, whatever the instant\'s UTC date', () => {
    // 16:05 UTC on the 22nd is already the 23rd in Malaysia, in every language.
    for (const locale of ['en', 'zh', 'ar'] as const) expect(visible(formatShopDateTime(earlyMorning, locale))).toContain('23');
    expect(visible(formatShopDateTime(earlyMorning, 'ar'))).not.toContain('22/');
  });

  it('refuses a malformed date or time in every language', () => {
    for (const locale of ['en', 'zh', 'ar'] as const) {
      expect(() => formatPickupDate('2026-02-30', locale)).toThrow(RangeError);
      expect(() => formatPickupTime('24:00', locale)).toThrow(RangeError);
      expect(() => formatShopDateTime(new Date('nope'), locale)).toThrow(RangeError);
    }
  });
});
