import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (pure domain rules) and API tests (the Hono app on PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). The message catalogue is compiled to src/paraglide before a run (npm test
 * does it; or `npx paraglide-js compile --project ./project.inlang --outdir ./src/paraglide`).
 */
export default defineConfig({
  test: {
    // The server's JSON log (src/server/log.ts) stays quiet in test output unless LOG_LEVEL says otherwise.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // Vitest's default leaves a core to its own process (cores − 1): on a two-core machine that is
    // one worker, with the second core idle while PGlite works. The main process does little here.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // On PostgreSQL each worker has a database of its own (testDatabaseUrl, tests/api/harness.ts).
        },
      },
    ],
  },
});
