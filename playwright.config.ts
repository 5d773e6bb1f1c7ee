import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable } from './tests/e2e/browser';

/**
 * Browser tests against the built server on a fresh embedded database (DESIGN Tests). The server is
 * started by Playwright on E2E_PORT (default 4510) with a throwaway DATA_DIR, and a per-IP rate limit
 * high enough for a whole run from 127.0.0.1 (the limit itself: tests/api/request-edge.test.ts).
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
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'pglite'), SESSION_SECRET: 'e2e-secret-that-is-long-enough-0123456789', OPS_TOKEN: E2E_OPS_TOKEN, RATE_LIMIT_PER_MINUTE: '100000' },
  },
});
