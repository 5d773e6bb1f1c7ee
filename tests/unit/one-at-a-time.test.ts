/** A periodic job never overlaps itself within one process (src/server/one-at-a-time.ts; issue "Safe to run in production" §7). */
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../src/server/one-at-a-time';

/** A job whose runs wait until `finish` is called: the number of runs started so far. */
function gatedJob() {
  let started = 0;
  let release: () => void = () => {};
  const job = () => {
    started += 1;
    return new Promise<void>((r) => (release = r));
  };
  return { job, started: () => started, finish: () => release() };
}

describe('oneAtATime', () => {
  it('starts nothing while a run is under way, and runs again once it is over', async () => {
    const g = gatedJob();
    const runner = oneAtATime(g.job, () => {});
    const first = runner.run();
    const second = runner.run();
    await Promise.resolve();
    expect(g.started()).toBe(1);
    expect(runner.current()).toBe(first);
    expect(second).toBe(first);
    g.finish();
    await first;
    expect(runner.current()).toBeUndefined();
    const third = runner.run();
    await Promise.resolve();
    expect(g.started()).toBe(2);
    g.finish();
    await third;
  });

  it('hands a failed run to onError, never rejects, and runs again on the next tick', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const runner = oneAtATime(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
    }, (err) => errors.push(err));
    await expect(runner.run()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    await runner.run();
    expect([calls, errors.length]).toEqual([2, 1]);
  });
});
