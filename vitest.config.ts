import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (pure domain rules) and API tests (the Hono app on PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). The message catalogue is compiled to src/paraglide before a run (npm test
 * does it; or `npx paraglide-js compile --project ./project.inlang --outdir ./src/paraglide`).
 */
/**
 * The API project's settings. The demo database is migrated and seeded once per run and each file
 * starts from a copy (tests/setup/database-template.ts); on PostgreSQL each worker has a database
 * of its own (testDatabaseUrl, tests/api/harness.ts).
 */
const API = { globalSetup: ['tests/setup/database-template.ts'], testTimeout: 60_000, hookTimeout: 120_000 };

/**
 * Test files run one after another in a worker on the modules it has already loaded (`isolate:
 * false`): loading the app anew for every file cost about 1.5 minutes of CPU a run. Each file makes
 * its own app and database (createHarness), and the clock is set again before each file
 * (tests/setup/clock.ts). These files change what a module sees when it loads (a mocked module,
 * the environment read once by the process-wide database), so they get modules of their own.
 */
const OWN_MODULES = ['tests/api/suggest.test.ts', 'tests/api/health.test.ts', 'tests/api/db-lock.test.ts'];

/**
 * Files that test the embedded database itself (its data-directory lock, the process database of
 * an empty PGlite, the seed on a PGlite of its own): they open PGlite whatever TEST_DATABASE_URL
 * says, so the run on PostgreSQL leaves them to the PGlite run instead of repeating them.
 */
const EMBEDDED_ONLY = ['tests/api/db-lock.test.ts', 'tests/api/health.test.ts', 'tests/api/seed.test.ts'];
/**
 * Files whose subject does not depend on the shop's clock: the backup (it drives other processes,
 * which keep the real time), the fuzz (malformed input never answers 5xx, at any hour; thousands of
 * requests), expiry at scale (which orders are due is set relative to the clock; the subject is
 * concurrency), the abuse limits (their windows run on the rate limiter's own real-time timers) and
 * the profile picture (bytes in, bytes out). The extra runs at fixed instants (TEST_INSTANTS=all,
 * scripts/test.mjs, which sets TEST_SKIP_CLOCK_FREE) leave them out; the second run of `npm test`,
 * on PostgreSQL at its instant, keeps them.
 */
const CLOCK_FREE = ['tests/api/backup.test.ts', 'tests/api/fuzz.test.ts', 'tests/api/expiry-at-scale.test.ts', 'tests/api/abuse-limits.test.ts', 'tests/api/customer-picture.test.ts'];
const skipped = [...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : []), ...(process.env.TEST_SKIP_CLOCK_FREE === 'true' ? CLOCK_FREE : [])];
/**
 * Files that take another path on each database and run on both even when the others run once:
 * the backup (a copy of the data folder on PGlite, pg_dump and pg_restore on PostgreSQL); Web Push
 * (the VAPID keys made in each database, subscriptions checked on both).
 */
const BOTH_DATABASES = ['tests/api/backup.test.ts', 'tests/api/push.test.ts'];
/**
 * TEST_EMBEDDED_ONLY=true: of the API tests, only the files that test the embedded database itself
 * (EMBEDDED_ONLY) and those of BOTH_DATABASES. `npm test` sets it for its PGlite run when the API
 * tests run on PostgreSQL (scripts/test.mjs): each other API test then runs once, on PostgreSQL,
 * while the browser tests run the whole shop on PGlite.
 */
const embeddedOnly = process.env.TEST_EMBEDDED_ONLY === 'true';
const embeddedRun = [...EMBEDDED_ONLY, ...BOTH_DATABASES];
const apiFiles = embeddedOnly ? embeddedRun.filter((f) => !OWN_MODULES.includes(f)) : ['tests/api/**/*.test.ts'];
const ownModuleFiles = embeddedOnly ? OWN_MODULES.filter((f) => embeddedRun.includes(f)) : OWN_MODULES;

export default defineConfig({
  test: {
    // TEST_NOW moves the shop's clock for the whole run (tests/setup/clock.ts).
    setupFiles: ['tests/setup/clock.ts'],
    // The server's JSON log (src/server/log.ts) stays quiet in test output unless LOG_LEVEL says otherwise.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // Vitest's default leaves a core to its own process (cores − 1): on a two-core machine that is
    // one worker, with the second core idle while PGlite works. The main process does little here.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'api', include: apiFiles, exclude: [...OWN_MODULES, ...skipped], isolate: false, ...API } },
      { extends: true, test: { name: 'api-isolated', include: ownModuleFiles, exclude: skipped, ...API } },
    ],
  },
});
