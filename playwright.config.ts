import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/browser';
import { hermeticFontsEnv } from './tests/e2e/fonts';
import { apiUrl, E2E_EDGE, E2E_SPLIT, E2E_WORKERS, shopUrl } from './tests/e2e/shops';

/**
 * Browser tests against the built server on a fresh embedded database (docs/architecture.md Tests). One server per
 * worker (E2E_WORKERS, default 2) is started by Playwright, on E2E_PORT (default 4510) and the next
 * ports, each with a throwaway DATA_DIR; each test talks to its worker's shop (tests/e2e/test.ts),
 * so spec files run side by side without sharing members, carts or orders. The whole run comes from
 * 127.0.0.1, which is exempt from the per-IP limits (tested in tests/api/request-edge.test.ts and
 * tests/api/abuse-limits.test.ts); the per-number and per-member limits still apply. Pictures are made
 * when first asked (PICTURE_WARMUP=false): the background warm-up of a first start would take a CPU
 * core from the tests for minutes; the warm-up itself is tested in tests/unit/image-cache.test.ts.
 * The shops keep what they make in the build's own picture folder (dist/pictures, one folder for all
 * of them, each picture made once), so `npm test` can start these tests before the build's pictures
 * are made and make only the rest afterwards (scripts/test.mjs).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-e2e-'));
/** The operators' token of the test server: the ops CLI journey uses it (tests/e2e/payment.spec.ts). */
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';

/** What every test server is given: one session secret and operators' token, loopback exempt from per-IP limits, pictures made when asked, every direct answer checked against its schema (ADR 33). */
const COMMON_ENV = { HOST: '127.0.0.1', SESSION_SECRET: 'e2e-secret-that-is-long-enough-0123456789', OPS_TOKEN: E2E_OPS_TOKEN, RATE_LIMIT_EXEMPT_IPS: '127.0.0.1,::1,::ffff:127.0.0.1', RATE_LIMIT_SCALE: '100', PICTURE_WARMUP: 'false', IMAGE_CACHE_DIR: path.resolve('dist/pictures'), SERVER_KEEP_ALIVE_TIMEOUT_MS: '120000', CHECK_API_ANSWERS: 'true' };

/**
 * Test shop n (tests/e2e/shops.ts): a server on E2E_PORT + n, on a fresh embedded database of its
 * own; with E2E_TOPOLOGY=split, a storefront there and its API process at apiUrl(n), sharing the
 * uploads folder as instances do; with E2E_TOPOLOGY=edge, the storefront there is the edge build
 * in workerd (`npm run build:edge` first).
 */
/** The token the API process purges the edge's pages with (E2E_TOPOLOGY=edge, ADR 36). */
const EDGE_PURGE_TOKEN = 'e2e-edge-purge-token-0123456789abcdef';

function shopServers(n: number) {
  const database = { DATA_DIR: path.join(dataDir, `shop-${n}`, 'pglite'), UPLOADS_DIR: path.join(dataDir, `shop-${n}`, 'uploads'), PICKUP_SLOT_CAPACITY: '1000', DELIVERY_DAY_CAPACITY: '1000' };
  const server = (url: string, env: Record<string, string>) => ({ command: 'node scripts/serve.mjs', url: `${url}/`, timeout: 120_000, reuseExistingServer: false, env: { ...COMMON_ENV, PORT: new URL(url).port, ...env } });
  if (!E2E_SPLIT) return [server(shopUrl(n), database)];
  return [
    // The API process: the shop's database; its public address is the storefront's (payment returns, links).
    // At the edge it purges the worker's cached pages after each catalogue change.
    server(apiUrl(n), { ...database, SITE_URL: shopUrl(n), ...(E2E_EDGE ? { EDGE_PURGE_URL: shopUrl(n), EDGE_PURGE_TOKEN } : {}) }),
    E2E_EDGE
      ? // The edge build in workerd (its own inspector port, 80 above the storefront's).
        { ...server(shopUrl(n), { XS_API_URL: `${apiUrl(n)}/api/mobile_ecom/xs_api.php`, SITE_URL: shopUrl(n), EDGE_INSPECTOR_PORT: String(Number(new URL(shopUrl(n)).port) + 80), EDGE_PURGE_TOKEN }), command: 'node scripts/start-edge.mjs' }
      : server(shopUrl(n), { XS_API_URL: `${apiUrl(n)}/api/mobile_ecom/xs_api.php`, UPLOADS_DIR: database.UPLOADS_DIR, SITE_URL: shopUrl(n) }),
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  // The edge's own specs need the worker (E2E_TOPOLOGY=edge); the other topologies have none to test.
  testIgnore: E2E_EDGE ? [] : ['**/edge-*.spec.ts'],
  /** Committed screenshots of visual.spec.ts, one folder, named by the test's own names. */
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A page on a busy machine (other work on both cores) can take seconds to answer or draw: every
  // expectation waits up to 15 s (Playwright's default is 5 s). A passing check never waits longer.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Chromium sees only the tests' own fonts (tests/e2e/fonts.ts): the same glyphs on every machine.
    launchOptions: { executablePath: chromiumExecutable(), env: { ...process.env, ...hermeticFontsEnv() }, args: CHROMIUM_ARGS },
    // A trace records every action's page (DOM snapshots, a screencast): on two cores that was a third of
    // the browser tests' CPU. In CI it is kept for the retry of a failed test; locally for failures.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The shop's service worker (ADR 31) precaches about 700 KB into every new browser context: the
    // files that test it (pwa.spec.ts, push-optin.spec.ts) allow it; the others test pages as served.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: shopUrl(0) } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, n) => shopServers(n)).flat(),
});
