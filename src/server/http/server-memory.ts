/**
 * How the server process is started so that its memory stays within budget (ADR 16 "Memory";
 * docs/architecture.md "Budgets": RSS ≤ 400 MB after 10,000 mixed requests on the embedded database). Used by
 * every launcher of the server (./serve.ts): `npm start` (scripts/start.mjs), the measuring scripts
 * (`npm run bench`) and the container image (the Dockerfile repeats both).
 */

/**
 * Node flags put before the server's entry script. `--max-semi-space-size=16` (MB): V8's young generation
 * is two semi-spaces; on a machine with a few GB of memory Node 24 lets each grow to 64 MB, 128 MB
 * that the server keeps resident once a burst of requests has filled them. 16 MB each (V8's
 * earlier default) measured 90–99 MB less RSS after the mixed load; CPU per rendered product page
 * stayed the same within the noise (40.1 against 41.3 ms).
 * `--max-old-space-size=256` (MB): V8 sizes how far the old generation may grow between full
 * collections by this limit, and with the default limit (a quarter of the machine's memory, some GB)
 * it let the heap reach 165–174 MB (117–148 MB in use) after 3,000 mixed requests, most of it
 * garbage that only a later collection finds. With 256 MB it collects sooner; the live heap after the
 * load is about 80 MB, so the limit leaves room for a catalogue import's rows. Measured after 3,000
 * mixed requests on the busy 2-core machine: RSS 422–438 → 347 MB with 192 MB (see ADR 16
 * "Memory" for 256 MB and the 10,000-request figure).
 * V8 reads both only at start, so they cannot be set from inside the server.
 */
export const SERVER_NODE_FLAGS: readonly string[] = Object.freeze(['--max-semi-space-size=16', '--max-old-space-size=256']);

/**
 * glibc malloc settings (environment variables, applied when not already set):
 * - MALLOC_ARENA_MAX=2: the picture transforms' threads would otherwise each keep an arena of up
 *   to 64 MB.
 * - MALLOC_MMAP_THRESHOLD_=131072 (bytes): blocks of 128 KB and more get their own mapping, given
 *   back to the system when freed. Unset, glibc raises the threshold after each large block freed
 *   (up to 32 MB), and later large blocks (picture buffers, compression windows) stay in the
 *   arenas, which seldom shrink. Setting it also turns that adjustment off.
 * - MALLOC_TRIM_THRESHOLD_=131072 (bytes): an arena gives free memory at its top back once 128 KB
 *   is free there (default: twice the moving mmap threshold, up to 64 MB).
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
