/**
 * Readiness (issue "Hardened for the open internet" §11, src/server/health.ts): ready when the
 * database answers and Redis, when configured, answers PING; otherwise not ready, naming the part
 * that failed. The closers registered for shutdown close what the checks opened.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_KEY, type Closer } from '../../src/server/lifecycle';

let readiness: typeof import('../../src/server/health').readiness;
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO_DATA: process.env.SEED_DEMO_DATA };

/** The folder of this test's process database. */
const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-health-')), 'pglite');

beforeAll(async () => {
  // The process database of this test: an empty PGlite in a folder of its own (migrated, not
  // seeded), made from the blank template of the run (tests/setup/database-template.ts), not by
  // initdb; reopened from that folder after the closers ran.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  process.env.SEED_DEMO_DATA = 'false';
  ({ readiness } = await import('../../src/server/health'));
});

afterAll(async () => {
  const closers = (globalThis as { [SHUTDOWN_KEY]?: Set<Closer> })[SHUTDOWN_KEY];
  await Promise.all([...(closers ?? [])].map((close) => close()));
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
  else process.env[k] = v;
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

// The first check opens the embedded database (PGlite compiles its WebAssembly: seconds of a busy
// two-core machine): the bounds are for a stuck check, not timings.
const OPEN_MS = 120_000;

describe('readiness', { timeout: 180_000 }, () => {
  it('is ready when the database answers and no Redis is configured', async () => {
    expect(await readiness(undefined, OPEN_MS)).toEqual({ status: 'ready', database: 'ok', redis: 'not_configured' });
  });

  it('is not ready when Redis cannot be reached, and says so', async () => {
    const r = await readiness('redis://127.0.0.1:1/0', 1_500);
    expect(r.status).toBe('not_ready');
    expect(r.database).toBe('ok');
    expect(['unreachable', 'timeout']).toContain(r.redis);
  });

  it('is ready with a reachable Redis (TEST_REDIS_URL, set in CI), else refuses a closed port again', async () => {
    const url = process.env.TEST_REDIS_URL;
    const r = await readiness(url ?? 'redis://127.0.0.1:1/0', 3_000);
    expect(r).toEqual(url ? { status: 'ready', database: 'ok', redis: 'ok' } : { status: 'not_ready', database: 'ok', redis: expect.stringMatching(/^(unreachable|timeout)$/) });
  });

  it('registers closers for what it opened; after they run, a new check opens the database again', async () => {
    const closers = (globalThis as { [SHUTDOWN_KEY]?: Set<Closer> })[SHUTDOWN_KEY]!;
    expect(closers.size).toBeGreaterThanOrEqual(2); // the runtime (database, expiry, throttle) and a Redis connection
    await Promise.all([...closers].map((close) => close()));
    closers.clear();
    expect(await readiness(undefined, OPEN_MS)).toEqual({ status: 'ready', database: 'ok', redis: 'not_configured' });
  });
});
