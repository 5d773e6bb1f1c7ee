/**
 * Self pick-up rules (coverage.md §3 Pickup settings, §4 Delivery method step 3 and Checkout, §5 Pick-up
 * date, §9).
 *
 * Time zone: all dates and times are the shop's, Malaysian time (Asia/Kuala_Lumpur, UTC+8, no
 * DST). `now` is an instant; "today" is its calendar date at UTC+8 (see `shop-time.ts`).
 *
 The settings are the shops' opening hours too (issue 9, one truth per fact): the same row gives
 * the pick-up slots and every opening-hours text (./opening-hours.ts), so a slot is never offered
 * while the shop is closed.
 *
 * Rules, with the decisions taken where the spec is silent:
 * - Lead time `pickup_min_time` is whole days from now (coverage.md §5 "at least the minimum lead time in
 *   days from now"): with 1 at 14:10 on Monday, the first slot is Tuesday's at or after 14:10;
 *   with 0, any slot from now on.
 * - The latest date is today + 6 calendar months (inclusive), clamped to the month's end.
 * - `pickup_days_range` holds seven flags Sunday..Saturday; '0' marks a closed weekday.
 * - `pickup_min_time_range` is the opening time and `pickup_max_time_range` the closing time. Slots
 *   start at opening, every `slot_minutes` (default 30), and each ends by closing: 08:00–17:30
 *   every 30 gives 08:00 … 17:00.
 * - A slot is past when its start is before `now`; a slot starting exactly now is still offered.
 * - A date is allowed only when at least one slot remains on it.
 */
import { DEFAULT_PICKUP_SLOT_MINUTES, MAX_PICKUP_MONTHS, type Locale } from './constants';
import {
  addDays,
  addMonths,
  type Instant,
  instantMs,
  isDateString,
  isTimeString,
  minutesOfDay,
  shopDate,
  shopTime,
  shopInstant,
  timeOfMinutes,
  DAY_MS,
  weekdayOf,
} from './shop-time';

/** Pick-up settings as the contract carries them (coverage.md §3). */
export interface PickupSettings {
  /** Minimum lead time in whole calendar days (0 = today allowed). */
  pickup_min_time: number;
  /** Opening time, 'HH:mm': the first slot starts then. */
  pickup_min_time_range: string;
  /** Closing time, 'HH:mm': the last slot ends by then. */
  pickup_max_time_range: string;
  /** Seven comma-separated flags Sunday..Saturday, '1' open, '0' closed: '1,1,1,1,1,0,1'. */
  pickup_days_range: string;
  /** Minutes between offered times; default 30. */
  slot_minutes?: number;
}

/** A chosen pick-up: date 'YYYY-MM-DD' and time 'HH:mm' (coverage.md §4 step 3), either may be missing. */
export interface PickupChoice {
  date?: string | null;
  time?: string | null;
}

/** Why a pick-up choice is refused. 'invalid' = malformed date or time (not in the brief's list). */
type PickupRejection = 'missing' | 'invalid' | 'past' | 'too_soon' | 'too_far' | 'closed_day' | 'outside_hours';
export type PickupValidation = { ok: true } | { ok: false; reason: PickupRejection };

/**
 * Parse `pickup_days_range` into seven open flags, index 0 Sunday … 6 Saturday.
 * '1,1,1,1,1,0,1' → [true, true, true, true, true, false, true]. Spaces around flags are ignored.
 * @throws RangeError unless there are exactly seven flags, each '0' or '1'.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function parseDaysRange(str: string): boolean[] {
  const flags = String(str).split(',').map((f) => f.trim());
  if (flags.length !== 7 || flags.some((f) => f !== '0' && f !== '1')) {
    throw new RangeError(`pickup_days_range must be seven comma-separated 0/1 flags (Sunday..Saturday), got "${str}"`);
  }
  return flags.map((f) => f === '1');
}

/** Settings checked and read into minutes since midnight, lead days and open weekdays. */
interface Rules {
  open: number;
  close: number;
  step: number;
  lead: number;
  openDays: boolean[];
}

/** Check and read the settings. @throws RangeError on any malformed field. */
function readSettings(settings: PickupSettings): Rules {
  const { pickup_min_time_range: from, pickup_max_time_range: to, pickup_min_time: lead } = settings;
  if (!isTimeString(from) || !isTimeString(to)) {
    throw new RangeError(`Pick-up time range must be HH:mm, got "${from}"–"${to}"`);
  }
  const step = settings.slot_minutes ?? DEFAULT_PICKUP_SLOT_MINUTES;
  if (!Number.isInteger(step) || step <= 0) throw new RangeError(`slot_minutes must be a positive integer, got ${step}`);
  if (!Number.isInteger(lead) || lead < 0) throw new RangeError(`pickup_min_time must be whole days ≥ 0, got ${lead}`);
  const openDays = parseDaysRange(settings.pickup_days_range);
  return { open: minutesOfDay(from), close: minutesOfDay(to), step, lead, openDays };
}

/**
 * The first date the lead time allows: today (UTC+8) + `pickup_min_time` days, 'YYYY-MM-DD'.
 * It may still be a closed day; see `earliestPickupDate` for the first bookable date.
 * @throws RangeError on invalid settings or instant.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export function pickupLeadDate(settings: PickupSettings, now: Instant): string {
  return addDays(shopDate(now), readSettings(settings).lead);
}

/**
 * The last date a pick-up may be booked: today (UTC+8) + 6 calendar months, inclusive,
 * 'YYYY-MM-DD' (coverage.md §5, §9 "at most 6 months ahead"). @throws RangeError on an invalid instant.
 */
export function latestPickupDate(now: Instant): string {
  return addMonths(shopDate(now), MAX_PICKUP_MONTHS);
}

/** The earliest instant (epoch ms) a pick-up may start: now + lead days. */
function earliestStartMs(rules: Rules, now: Instant): number {
  return instantMs(now) + rules.lead * DAY_MS;
}

/** Whether a slot starting at `minutes` past midnight lies inside opening hours (it ends by closing). */
function insideHours(minutes: number, rules: Rules): boolean {
  return minutes >= rules.open && minutes + rules.step <= rules.close;
}

/** Date-level refusal of a valid 'YYYY-MM-DD' date, or null when the date itself is fine. */
function dateRejection(date: string, rules: Rules, now: Instant): PickupRejection | null {
  const today = shopDate(now);
  if (date < today) return 'past';
  if (date < shopDate(earliestStartMs(rules, now))) return 'too_soon';
  if (date > latestPickupDate(now)) return 'too_far';
  if (!rules.openDays[weekdayOf(date)]) return 'closed_day';
  return null;
}

/**
 * Times offered for pick-up on a date, 'HH:mm' ascending: every `slot_minutes` from the opening
 * time (`pickup_min_time_range`), each slot ending by the closing time (`pickup_max_time_range`),
 * none starting before now + lead days (UTC+8). Empty when the date is invalid, past, too soon,
 * too far or closed. Example: 10:00–12:00 every 30 → ['10:00', '10:30', '11:00', '11:30'].
 * @throws RangeError on invalid settings or instant (never on a bad date: that gives []).
 */
export function pickupTimeSlots(dateYYYYMMDD: string, settings: PickupSettings, now: Instant): string[] {
  const rules = readSettings(settings);
  if (!isDateString(dateYYYYMMDD) || dateRejection(dateYYYYMMDD, rules, now) !== null) return [];
  const fromMs = earliestStartMs(rules, now);
  const slots: string[] = [];
  for (let m = rules.open; insideHours(m, rules); m += rules.step) {
    const time = timeOfMinutes(m);
    if (shopInstant(dateYYYYMMDD, time).getTime() >= fromMs) slots.push(time);
  }
  return slots;
}

/**
 * Whether a date may be chosen for pick-up: a valid 'YYYY-MM-DD', not before the date of now + lead days,
 * not after today + 6 months, an open weekday, and with at least one time slot left (so today is
 * refused once its last slot has passed). coverage.md §5 Pick-up date.
 * @throws RangeError on invalid settings or instant.
 */
export function isPickupDateAllowed(dateYYYYMMDD: string, settings: PickupSettings, now: Instant): boolean {
  return pickupTimeSlots(dateYYYYMMDD, settings, now).length > 0;
}

/**
 * The first date a pick-up can be booked (see `isPickupDateAllowed`), 'YYYY-MM-DD', or null when no
 * date up to `latestPickupDate` qualifies (e.g. every weekday closed).
 * @throws RangeError on invalid settings or instant.
 */
export function earliestPickupDate(settings: PickupSettings, now: Instant): string | null {
  const last = latestPickupDate(now);
  for (let date = pickupLeadDate(settings, now); date <= last; date = addDays(date, 1)) {
    if (isPickupDateAllowed(date, settings, now)) return date;
  }
  return null;
}

/**
 * Validate a chosen pick-up date and time (coverage.md §4 step 3 and Checkout, §5). Checks, first failure
 * wins: 'missing' (date or time empty), 'invalid' (not 'YYYY-MM-DD' / 'HH:mm'), 'past' (before now,
 * UTC+8), 'too_soon' (on a date before now + lead days), 'too_far' (after today + 6 months),
 * 'closed_day' (weekday flagged '0'), 'outside_hours' (before opening, or a slot from it would end
 * after closing; any such minute is accepted, not only slot starts), 'too_soon' (starts before
 * now + lead days).
 * @throws RangeError on invalid settings or instant.
 */
export function validatePickup(choice: PickupChoice, settings: PickupSettings, now: Instant): PickupValidation {
  const rules = readSettings(settings);
  const nowMs = instantMs(now);
  const { date, time } = choice;
  if (!date || !time) return { ok: false, reason: 'missing' };
  if (!isDateString(date) || !isTimeString(time)) return { ok: false, reason: 'invalid' };
  if (shopInstant(date, time).getTime() < nowMs) return { ok: false, reason: 'past' };
  const rejection = dateRejection(date, rules, now);
  if (rejection) return { ok: false, reason: rejection };
  if (!insideHours(minutesOfDay(time), rules)) return { ok: false, reason: 'outside_hours' };
  if (shopInstant(date, time).getTime() < earliestStartMs(rules, now)) return { ok: false, reason: 'too_soon' };
  return { ok: true };
}

/**
 * Whether a stored pick-up has expired: its date and time (UTC+8) lie before `now` (coverage.md §4
 * Checkout "check the pickup has not expired"; delivery modal reopens at step 3). A missing or
 * malformed date or time counts as expired, since there is nothing valid to keep.
 * @throws RangeError on an invalid instant.
 */
export function isPickupExpired(choice: PickupChoice, now: Instant): boolean {
  const { date, time } = choice;
  if (!isDateString(date) || !isTimeString(time)) return true;
  return shopInstant(date, time).getTime() < instantMs(now);
}

/** BCP 47 tag used to format dates and times for a shop language (Malaysian conventions). */
export const DATE_TAGS: Record<Locale, string> = { en: 'en-MY', zh: 'zh-Hans-MY', ar: 'ar-MY' };

/** Cached Intl formatters, one per language and shape; all read the clock of UTC (the values below are shifted). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, shape: 'date' | 'time' | 'datetime'): Intl.DateTimeFormat {
  const key = `${locale}:${shape}`;
  let f = formatters.get(key);
  if (!f) {
    const date = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    const time = { hour: '2-digit', minute: '2-digit', hour12: true } as const;
    const options = shape === 'date' ? date : shape === 'time' ? time : { ...date, ...time };
    f = new Intl.DateTimeFormat(DATE_TAGS[locale], { ...options, timeZone: 'UTC', numberingSystem: 'latn' });
    formatters.set(key, f);
  }
  return f;
}

/** A UTC instant whose UTC fields read this shop date and time (the shop's wall clock). */
function wallInstant(dateYYYYMMDD: string, timeHHmm = '00:00'): Date {
  return new Date(`${dateYYYYMMDD}T${timeHHmm}:00Z`);
}

/**
 * Display a pick-up date (coverage.md §9). EN: DD/MM/YYYY, '2026-11-23' → '23/11/2026'; ZH and AR in
 * the shopper's language through Intl.DateTimeFormat ('2026/11/23', '23‏/11‏/2026'), Latin digits.
 * @throws RangeError unless the date is a valid 'YYYY-MM-DD'.
 */
export function formatPickupDate(dateYYYYMMDD: string, locale: Locale = 'en'): string {
  if (!isDateString(dateYYYYMMDD)) throw new RangeError(`Invalid date "${dateYYYYMMDD}", expected YYYY-MM-DD`);
  if (locale !== 'en') return formatter(locale, 'date').format(wallInstant(dateYYYYMMDD));
  const [y, m, d] = dateYYYYMMDD.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Display a pick-up time on a 12-hour clock (coverage.md §9 'hh:mm a'). EN: lower-case am/pm,
 * '14:30' → '02:30 pm', '00:05' → '12:05 am', '12:00' → '12:00 pm'; ZH and AR name the half of
 * the day in their language through Intl.DateTimeFormat ('下午02:30', '02:30 م'), Latin digits.
 * @throws RangeError unless the time is a valid 'HH:mm'.
 */
export function formatPickupTime(timeHHmm: string, locale: Locale = 'en'): string {
  const minutes = minutesOfDay(timeHHmm);
  if (locale !== 'en') return formatter(locale, 'time').format(wallInstant('1970-01-01', timeHHmm));
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'am' : 'pm'}`;
}

/**
 * Display an instant in the shop's time (Malaysia, UTC+8, whatever the host's zone), coverage.md §9.
 * EN: 'DD/MM/YYYY hh:mm a', 2026-11-22T10:30:00Z → '22/11/2026 06:30 pm'; ZH and AR through
 * Intl.DateTimeFormat in the shopper's language ('2026/11/22 下午06:30', '22‏/11‏/2026، 06:30 م').
 * For order history, payment deadlines, points and notifications.
 * @throws RangeError on an invalid instant.
 */
export function formatShopDateTime(at: Date, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatter(locale, 'datetime').format(wallInstant(shopDate(at), shopTime(at)));
  return `${formatPickupDate(shopDate(at))} ${formatPickupTime(shopTime(at))}`;
}
