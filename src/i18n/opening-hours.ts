/**
 * Opening hours in the shopper's language (issue 9: every opening-hours text on the site comes from
 * the pick-up settings, src/domain/opening-hours.ts). Weekday names from Intl.DateTimeFormat, runs
 * joined with Intl.ListFormat, times as spec §1 writes them in EN ('8.00 a.m.') and through
 * Intl.DateTimeFormat in ZH and AR ('上午8:00', '8:00 ص').
 * EN for '0,1,1,1,1,1,0', 08:00–17:30: 'Monday to Friday, 8.00 a.m. to 5.30 p.m.' (spec §1).
 */
import type { PickupSettings } from '../domain/pickup';
import { DATE_TAGS } from '../domain/pickup';
import { minutesOfDay } from '../domain/shop-time';
import { openingHours } from '../domain/opening-hours';
import { translate, type Locale } from './messages';

/** A weekday's name (0 Sunday … 6 Saturday) in a language: (1, 'en') → 'Monday'. */
function weekdayName(day: number, locale: Locale): string {
  // 2026-11-22 is a Sunday.
  return new Intl.DateTimeFormat(DATE_TAGS[locale], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + day)));
}

/**
 * An opening or closing time 'HH:mm' in a language: EN '17:30' → '5.30 p.m.', '08:00' → '8.00 a.m.',
 * '12:00' → '12.00 p.m.' (spec §1); ZH '下午5:30'; AR '5:30 م'. Latin digits.
 * @throws RangeError unless the time is a valid 'HH:mm'.
 */
export function formatOpeningTime(timeHHmm: string, locale: Locale): string {
  const minutes = minutesOfDay(timeHHmm);
  const h24 = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, '0');
  if (locale === 'en') return `${h24 % 12 === 0 ? 12 : h24 % 12}.${mm} ${h24 < 12 ? 'a.m.' : 'p.m.'}`;
  const at = new Date(Date.UTC(1970, 0, 1, h24, minutes % 60));
  return new Intl.DateTimeFormat(DATE_TAGS[locale], { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC', numberingSystem: 'latn' }).format(at);
}

/**
 * The open days in a language: 'Monday to Friday'; 'Monday and Wednesday to Sunday'; '' when no
 * day is open. @throws RangeError on malformed day flags.
 */
export function formatOpenDays(settings: PickupSettings, locale: Locale): string {
  const runs = openingHours(settings).runs.map(([from, to]) =>
    from === to ? weekdayName(from, locale) : translate(locale, 'hours_day_span', { from: weekdayName(from, locale), to: weekdayName(to, locale) }),
  );
  return new Intl.ListFormat(DATE_TAGS[locale], { type: 'conjunction' }).format(runs);
}

/**
 * The opening hours as one sentence: 'Monday to Friday, 8.00 a.m. to 5.30 p.m.' (ZH
 * '星期一至星期五，上午8:00至下午5:30'). @throws RangeError on malformed settings.
 */
export function formatOpeningHours(settings: PickupSettings, locale: Locale): string {
  const { open, close } = openingHours(settings);
  return translate(locale, 'opening_hours', {
    days: formatOpenDays(settings, locale),
    open: formatOpeningTime(open, locale),
    close: formatOpeningTime(close, locale),
  });
}
