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
 *
 * Tried for the RSS right after start (issue 22: ≤ 300 MB; ADR 38), none adopted. On a fresh
 * embedded database the process peaks at 800–890 MB before its first page while V8's optimising
 * compiler tiers up PostgreSQL's hottest WebAssembly functions (the seed runs them), then falls back
 * to about 310 MB. Measured from the spawn (`startShopProcess`), RSS at the first page / 10 s later,
 * on the 2-core machine at load 16–20: no flag 314 / 320 MB (median of 3; peak 803–877);
 * `--wasm-tiering-budget=100000000` (tier-up 8× later) 304 / 298 (median of 3; peak 787–887);
 * 650000000 (50×) 297 / 293 and 305 / 305 (peak 812–819); `--wasm-num-compilation-tasks=1` 365 / 319;
 * `--v8-pool-size=1` 371 / 314; `--no-wasm-inlining` 367 / 295 (peaks 850–875); `--liftoff-only`
 * 273 / 267, peak 315, but 11 % more CPU under load. CPU under the bench's load mix (load-mix.mjs,
 * 1,000 requests to warm, 3,000 measured, load 13): no flag 13.07 ms a request, the 8× budget 13.48
 * (+3.1 %, at the ~3 % limit) for 20 MB less, within the spread of the runs: not worth a flag.
 * What was done instead: a new database is prepared by a process of its own (./prepare-database.ts,
 * ADR 41), so the server never holds that memory.
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
