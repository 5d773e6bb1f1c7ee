/**
 * A periodic job that never overlaps itself within one process (issue "Safe to run in production"
 * §7): a tick that comes while the previous run is still going starts nothing. The expiry of unpaid
 * orders and the embedded database's upkeep run this way (src/server/runtime.ts); other instances
 * are kept apart by the database (the expiry's FOR UPDATE SKIP LOCKED).
 */

/** `run` starts the job unless a run is under way (then it answers that run); `current` is the run under way, if any. */
export type OneAtATime = { run: () => Promise<void>; current: () => Promise<void> | undefined };

/**
 * Wraps `job`: its errors go to `onError` (a run never rejects), and a call while a run is under way
 * answers that run instead of starting another.
 */
export function oneAtATime(job: () => Promise<unknown>, onError: (err: unknown) => void): OneAtATime {
  let running: Promise<void> | undefined;
  return {
    run: () =>
      (running ??= Promise.resolve()
        .then(job)
        .then(
          () => undefined,
          (err: unknown) => {
            onError(err);
          },
        )
        .finally(() => (running = undefined))),
    current: () => running,
  };
}
