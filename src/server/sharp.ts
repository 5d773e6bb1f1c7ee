/**
 * sharp (libvips), loaded the first time a picture is made or an upload re-encoded, not when the
 * server starts (ADR 40). Importing it maps libvips and starts its threads: about 22 MB of resident
 * memory, which a server whose pictures were made at build time does not need until an operator
 * uploads a picture or a page asks for a size that is not on disk yet.
 *
 * `loadSharp()` resolves to sharp's default export (one module for every caller, imported once);
 * `limitSharpThreads(n)` sets how many libvips threads one picture may use, applied when sharp
 * loads, or at once when it has (the server sets 1: pictures are made beside shoppers, and each
 * thread keeps its own memory arena). The limit is kept on `globalThis`: the server's own modules
 * (src/server/http) and the built app's copy of this module share it, as they share libvips.
 * Astro's image endpoint imports sharp by itself, so the server's picture maker loads it here first
 * (./http/picture-transforms.ts).
 */
import type Sharp from 'sharp';

const THREADS = Symbol.for('xs-storefront.sharp-threads');
const shared = globalThis as { [THREADS]?: number };

let loading: Promise<typeof Sharp> | undefined;
let loaded: typeof Sharp | undefined;

/** sharp, imported on the first call. @throws what importing sharp throws (a missing native binding). */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    loaded = sharp;
    const threads = shared[THREADS];
    if (threads !== undefined) sharp.concurrency(threads);
    return sharp;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

/** libvips threads per picture (sharp's `concurrency`) for this process, from when sharp is loaded; now if it is. */
export function limitSharpThreads(n: number): void {
  shared[THREADS] = n;
  loaded?.concurrency(n);
}
