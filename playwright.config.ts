import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from './tests/e2e/browser';

/**
 * Browser tests against the built server on a fresh embedded database (DESIGN Tests). The server is
 * started by Playwright on E2E_PORT (default 4510) with a throwaway DATA_DIR; the whole run comes from
 * 127.0.0.1, which is exempt from the per-IP limits (tested in tests/api/request-edge.test.ts and
 * tests/api/abuse-limits.test.ts); the per-number and per-member limits still apply.
 */
const port = Number(process.env.E2E_PORT ?? 4510);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-e2e-'));
/** The operators' token of the test server: the ops CLI journey uses it (tests/e2e/payment.spec.ts). */
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumExecutable(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${port}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'pglite'), SESSION_SECRET: 'e2e-secret-that-is-long-enough-0123456789', OPS_TOKEN: E2E_OPS_TOKEN, RATE_LIMIT_EXEMPT_IPS: '127.0.0.1,::1,::ffff:127.0.0.1', RATE_LIMIT_SCALE: '100' },
  },
});
