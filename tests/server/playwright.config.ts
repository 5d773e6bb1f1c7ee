import { defineConfig } from '@playwright/test';

/**
 * Tests of the built server as processes (issue "Hardened for the open internet" §11): graceful
 * shutdown on the embedded database, and two instances on PostgreSQL and Redis with one killed
 * under load. No browser; each test starts its own servers (scripts/two-instances.mjs) on free
 * loopback ports (from SERVER_TEST_PORT on when set). Needs a build (dist/); scripts/test.mjs runs
 * them right after the browser tests' build.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
});
