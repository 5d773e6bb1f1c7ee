/**
 * Which Chromium the browser tests drive: Playwright's own when installed, else Debian's headless
 * shell (/usr/bin/chromium-headless-shell, package chromium-headless-shell), else Debian's full
 * /usr/bin/chromium (CHROMIUM_PATH overrides). The headless shell is the same engine without the
 * browser's own interface: on a two-core machine it ran the browser tests in about half the time of
 * the full browser in headless mode. A missing browser fails loudly with how to get one.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    /* Playwright's browser is not installed */
  }
  for (const p of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (fs.existsSync(p)) return p;
  throw new Error(
    'No Chromium found for the browser tests. Install one: `apt-get install -y chromium-headless-shell` (Debian/Ubuntu), ' +
      'or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium/Chrome binary.',
  );
}
