/**
 * Shop time: calendar dates and clock times as seen in Malaysia.
 *
 * The shop runs on Malaysian time, Asia/Kuala_Lumpur, a fixed UTC+08:00 with no daylight saving.
 * Every rule takes `now` as an instant (a `Date`, a dayjs value or epoch milliseconds) and reads
 * the date and time of day at UTC+8, whatever the time zone of the browser or server. Internally
 * an instant is shifted by +8 h and read with dayjs in UTC mode, so the host zone never leaks in.
 *
 * Dates are 'YYYY-MM-DD' strings (coverage.md §9 order and pick-up date), times 'HH:mm' (24 h).
 * Errors: `RangeError` on an invalid instant, date or time.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** IANA zone of the shop. */
export const SHOP_TIME_ZONE = 'Asia/Kuala_Lumpur';
/** Offset of the shop's zone from UTC, in minutes (+08:00, no DST). */
const SHOP_UTC_OFFSET_MINUTES = 8 * 60;

/** An instant: a `Date`, a dayjs value or epoch milliseconds. */
export type Instant = Date | Dayjs | number;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;
/** One day in ms (the shop keeps UTC+8 all year: no DST, so a day is always 24 h). */
export const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Epoch milliseconds of an instant.
 * @throws RangeError when the instant is invalid (NaN date, invalid dayjs, non-finite number).
 */
export function instantMs(now: Instant): number {
  const ms = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : now.valueOf();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

/** A dayjs value in UTC mode whose fields read the shop's wall clock for this instant. */
function wallClock(now: Instant): Dayjs {
  return dayjs.utc(instantMs(now) + SHOP_UTC_OFFSET_MINUTES * MINUTE_MS);
}

/** True when `value` is a real calendar date written 'YYYY-MM-DD' ('2026-02-30' is false). */
export function isDateString(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** True when `value` is a 24-hour time written 'HH:mm' ('00:00'–'23:59'). */
export function isTimeString(value: unknown): value is string {
  return typeof value === 'string' && TIME_RE.test(value);
}

function assertDate(date: string): void {
  if (!isDateString(date)) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
}

function assertTime(time: string): void {
  if (!isTimeString(time)) throw new RangeError(`Invalid time "${time}", expected HH:mm`);
}

/** The shop's calendar date (UTC+8) at this instant, 'YYYY-MM-DD'. @throws RangeError on an invalid instant. */
export function shopDate(now: Instant): string {
  return wallClock(now).format('YYYY-MM-DD');
}

/**
 * The shop's calendar year (UTC+8) at this instant: 2026 from 2025-12-31T16:00:00Z on. Plain
 * arithmetic, no Intl or dayjs: the footer asks on every page render. @throws RangeError.
 */
export function shopYear(now: Instant): number {
  return new Date(instantMs(now) + SHOP_UTC_OFFSET_MINUTES * MINUTE_MS).getUTCFullYear();
}

/**
 * The shop's time of day (UTC+8) at this instant, 'HH:mm' (seconds dropped). @throws RangeError.
 * @internal Exported for the unit tests only: with `shopDate` it is what `shopInstant` inverts.
 */
export function shopTime(now: Instant): string {
  return wallClock(now).format('HH:mm');
}

/**
 * The instant at which the shop's clock reads `date` `time` (UTC+8).
 * shopInstant('2026-11-23', '00:00') is 2026-11-22T16:00:00Z.
 * @throws RangeError on an invalid date or time.
 */
export function shopInstant(date: string, time: string): Date {
  assertDate(date);
  assertTime(time);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi) - SHOP_UTC_OFFSET_MINUTES * MINUTE_MS);
}

/** `date` plus `days` calendar days ('2026-02-28' + 1 → '2026-03-01'). @throws RangeError. */
export function addDays(date: string, days: number): string {
  assertDate(date);
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * `date` plus `months` calendar months, clamped to the month's last day
 * ('2026-08-31' + 6 → '2027-02-28'). @throws RangeError.
 */
export function addMonths(date: string, months: number): string {
  assertDate(date);
  return dayjs.utc(date).add(months, 'month').format('YYYY-MM-DD');
}

/** Day of the week of a date: 0 Sunday … 6 Saturday. @throws RangeError. */
export function weekdayOf(date: string): number {
  assertDate(date);
  return dayjs.utc(date).day();
}

/** Minutes since midnight of an 'HH:mm' time ('14:30' → 870). @throws RangeError. */
export function minutesOfDay(time: string): number {
  assertTime(time);
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** 'HH:mm' of minutes since midnight (870 → '14:30'). @throws RangeError outside 0–1439. */
export function timeOfMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60) {
    throw new RangeError(`Minutes of day must be an integer 0–1439, got ${minutes}`);
  }
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
