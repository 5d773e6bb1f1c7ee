/**
 * Opening hours in the shopper's language (issue 9: every opening-hours text on the site comes from
 * the pick-up settings, src/domain/opening-hours.ts). Weekday names from Intl.DateTimeFormat, runs
 * joined with Intl.ListFormat, times as coverage.md §1 writes them in EN ('8.00 a.m.') and through
 * Intl.DateTimeFormat in ZH and AR ('上午8:00', '8:00 ص').
 * EN for '0,1,1,1,1,1,0', 08:00–17:30: 'Monday to Friday, 8.00 a.m. to 5.30 p.m.' (coverage.md §1).
 *
 * Render cost (ADR 17): the header and footer of every page show these hours, so the Intl
 * formatters are made once per language and the finished sentence is kept per language and settings.
 */
import type { PickupSettings } from '../domain/pickup';
import { DATE_TAGS } from '../domain/pickup';
import { minutesOfDay } from '../domain/shop-time';
import { openingHours } from '../domain/opening-hours';
import { translate, type Locale } from './messages';

/** One Intl object per language and shape, made on first use (building one costs far more than using it). */
function perLocale<T>(make: (tag: string) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(DATE_TAGS[locale])));
    return value;
  };
}
const weekdayFormat = perLocale((tag) => new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }));
const timeFormat = perLocale((tag) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC', numberingSystem: 'latn' }));
const listFormat = perLocale((tag) => new Intl.ListFormat(tag, { type: 'conjunction' }));

/** A weekday's name (0 Sunday … 6 Saturday) in a language: (1, 'en') → 'Monday'. */
function weekdayName(day: number, locale: Locale): string {
  // 2026-11-22 is a Sunday.
  return weekdayFormat(locale).format(new Date(Date.UTC(2026, 10, 22 + day)));
}

/**
 * An opening or closing time 'HH:mm' in a language: EN '17:30' → '5.30 p.m.', '08:00' → '8.00 a.m.',
 * '12:00' → '12.00 p.m.' (coverage.md §1); ZH '下午5:30'; AR '5:30 م'. Latin digits.
 * @throws RangeError unless the time is a valid 'HH:mm'.
 */
export function formatOpeningTime(timeHHmm: string, locale: Locale): string {
  const minutes = minutesOfDay(timeHHmm);
  const h24 = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, '0');
  if (locale === 'en') return `${h24 % 12 === 0 ? 12 : h24 % 12}.${mm} ${h24 < 12 ? 'a.m.' : 'p.m.'}`;
  const at = new Date(Date.UTC(1970, 0, 1, h24, minutes % 60));
  return timeFormat(locale).format(at);
}

/**
 * The open days in a language: 'Monday to Friday'; 'Monday and Wednesday to Sunday'; '' when no
 * day is open. @throws RangeError on malformed day flags.
 */
export function formatOpenDays(settings: PickupSettings, locale: Locale): string {
  const runs = openingHours(settings).runs.map(([from, to]) =>
    from === to ? weekdayName(from, locale) : translate(locale, 'hours_day_span', { from: weekdayName(from, locale), to: weekdayName(to, locale) }),
  );
  return listFormat(locale).format(runs);
}

/** Sentences already made, by language and the three settings they are made of (a few entries). */
const sentences = new Map<string, string>();
const MAX_SENTENCES = 64;

/**
 * The opening hours as one sentence: 'Monday to Friday, 8.00 a.m. to 5.30 p.m.' (ZH
 * '星期一至星期五，上午8:00至下午5:30'). Kept per language and settings (days, open, close), so
 * each page after the first reads it from memory. @throws RangeError on malformed settings (never kept).
 */
export function formatOpeningHours(settings: PickupSettings, locale: Locale): string {
  const key = `${locale}|${settings.pickup_days_range}|${settings.pickup_min_time_range}|${settings.pickup_max_time_range}`;
  const known = sentences.get(key);
  if (known !== undefined) return known;
  const { open, close } = openingHours(settings);
  const sentence = translate(locale, 'opening_hours', {
    days: formatOpenDays(settings, locale),
    open: formatOpeningTime(open, locale),
    close: formatOpeningTime(close, locale),
  });
  if (sentences.size >= MAX_SENTENCES) sentences.clear();
  sentences.set(key, sentence);
  return sentence;
}
