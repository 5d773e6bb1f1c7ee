/**
 * sharp loaded on first use (src/server/sharp.ts, ADR 40): one module for every caller, and the
 * server's thread limit applied when it loads and at once after.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { limitSharpThreads, loadSharp } from '../../src/server/sharp';

describe('loadSharp', () => {
  // The unit tests share a process: sharp's own default is put back afterwards.
  let before: number | undefined;
  afterAll(() => {
    if (before !== undefined) limitSharpThreads(before);
  });

  it('applies a limit set before loading, gives every caller the same module, and applies a later limit at once', async () => {
    before = (await import('sharp')).default.concurrency();
    limitSharpThreads(1);
    const [a, b] = await Promise.all([loadSharp(), loadSharp()]);
    expect(a).toBe(b);
    expect(a.concurrency()).toBe(1);
    limitSharpThreads(2);
    expect(a.concurrency()).toBe(2);
    // It works: a 2 × 2 picture encoded as WebP.
    const webp = await a({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } }).webp().toBuffer();
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});
