/**
 * The shops' opening hours as facts, read from the pick-up settings (coverage.md §1 "Monday to Friday,
 * 8.00 a.m. to 5.30 p.m.", §3 Pickup settings; issue 9: one truth per fact). The same row gives the
 * pick-up slots (./pickup.ts), so the hours a page shows and the slots offered never disagree.
 * Wording in a language is src/i18n/opening-hours.ts.
 */
import { parseDaysRange, type PickupSettings } from './pickup';

/** Opening hours: open weekdays as runs, Monday first, and the times of day 'HH:mm'. */
export interface OpeningHours {
  /**
   * Runs of consecutive open weekdays, Monday first, each [first, last] as weekday numbers
   * 0 Sunday … 6 Saturday: '0,1,1,1,1,1,0' → [[1, 5]] (Monday to Friday); '1,1,0,1,1,1,1' →
   * [[1, 1], [3, 0]] (Monday; Wednesday to Sunday).
   */
  runs: [number, number][];
  /** Opening time 'HH:mm' (pickup_min_time_range). */
  open: string;
  /** Closing time 'HH:mm' (pickup_max_time_range). */
  close: string;
}

/** Monday-first order of the weekdays (0 Sunday … 6 Saturday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * The opening hours the pick-up settings describe.
 * @throws RangeError when `pickup_days_range` is not seven 0/1 flags.
 */
export function openingHours(settings: PickupSettings): OpeningHours {
  const open = parseDaysRange(settings.pickup_days_range);
  const runs: [number, number][] = [];
  let run: [number, number] | null = null;
  for (const day of WEEK) {
    if (!open[day]) {
      run = null;
      continue;
    }
    if (run) run[1] = day;
    else runs.push((run = [day, day]));
  }
  return { runs, open: settings.pickup_min_time_range, close: settings.pickup_max_time_range };
}
