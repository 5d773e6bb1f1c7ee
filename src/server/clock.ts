/**
 * The shop's one clock on the server (docs/adr/0024-one-clock-and-hermetic-tests.md): every rule that reads "now"
 * (pick-up slots, the payment window, birthday month, voucher and session expiry, purchase-history
 * ranges, the expiry job, promotions, row timestamps) reads it here, never `new Date()` itself.
 *
 * In a running shop it is the machine's clock. Tests move it: `setClock(instant)` makes the clock
 * read `instant` now and run on from there in real time (timeouts and waits still work);
 * `setClock(null)` gives the machine's clock back. The test
 * runner sets it for a whole run from TEST_NOW (tests/setup/clock.ts), so the unit and API suites
 * can be run at any instant (a Saturday 17:31, 31 December 23:59 Malaysian time…).
 *
 * Browser code reads the browser's own clock; browser tests set it with Playwright's clock API.
 */

/** Milliseconds added to the machine's clock (0: the real time). */
let offsetMs = 0;

/** The clock every server rule reads: `clock.now()` as a Date, `clock.ms()` in epoch milliseconds. */
export const clock = {
  /** Now, in epoch milliseconds. */
  ms(): number {
    return Date.now() + offsetMs;
  },
  /** Now, as a Date (a new object on every call: callers may keep it). */
  now(): Date {
    return new Date(clock.ms());
  },
};

/**
 * Moves the clock (tests only): from this call it reads `instant` and runs on in real time; `null`
 * gives the machine's clock back.
 * @throws RangeError when `instant` is not a valid date.
 */
export function setClock(instant: Date | string | number | null): void {
  if (instant === null) {
    offsetMs = 0;
    return;
  }
  const ms = new Date(instant).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant for the clock: ${String(instant)}`);
  offsetMs = ms - Date.now();
}
