/**
 * Runs before every unit and API test file (vitest.config.ts `setupFiles`): with TEST_NOW set (an
 * ISO instant, e.g. `2026-11-28T17:31:00+08:00`), the shop's clock (src/server/clock.ts) reads
 * that instant when the file starts and runs on from there, so a whole suite can be run at a
 * chosen hour (`npm test` runs them at the real time and at 31 December 23:59; TEST_INSTANTS=all at
 * three more: scripts/test.mjs). Tests that need "now" for an
 * expectation read the same clock, never `new Date()`.
 */
import { setClock } from '../../src/server/clock';

// Set before every file, also to the real time: a file that moved the clock leaves nothing to the
// next one in the same worker (vitest.config.ts runs files on shared modules).
setClock(process.env.TEST_NOW?.trim() || null);
