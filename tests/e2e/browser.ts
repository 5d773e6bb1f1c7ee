/**
 * Which Chromium the browser tests drive: Playwright's own when installed, else Debian's headless
 * shell (/usr/bin/chromium-headless-shell, package chromium-headless-shell), else Debian's full
 * /usr/bin/chromium (CHROMIUM_PATH overrides). The headless shell is the same engine without the
 * browser's own interface: on a two-core machine it ran the browser tests in about half the time of
 * the full browser in headless mode. A missing browser fails loudly with how to get one.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** The switches every test browser starts with: no sandbox (containers), no GPU, no background traffic. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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

/**
 * How to launch a Chromium in Chrome's own headless mode (the "new" headless: the whole browser
 * without a window), for the tests that need what the headless shell leaves out: the headless shell
 * answers every page `Notification.permission === 'denied'`, even with the permission granted, so a
 * service worker there can never show a notification. Playwright's own full Chromium when installed
 * (its `chromium` channel), else Debian's /usr/bin/chromium (package chromium) or another full
 * Chrome on the path; CHROMIUM_FULL_PATH overrides. A missing one fails loudly with how to get one.
 */
export function fullChromium(): { executablePath?: string; channel?: string; args: string[] } {
  if (process.env.CHROMIUM_FULL_PATH) return { executablePath: process.env.CHROMIUM_FULL_PATH, args: CHROMIUM_ARGS };
  try {
    if (fs.existsSync(chromium.executablePath())) return { channel: 'chromium', args: CHROMIUM_ARGS };
  } catch {
    /* Playwright's browser is not installed */
  }
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (fs.existsSync(p)) return { executablePath: p, args: CHROMIUM_ARGS };
  throw new Error(
    'No full Chromium found for the notification test (the headless shell cannot show notifications). Install one: ' +
      '`apt-get install -y chromium` (Debian/Ubuntu), or `npx playwright install chromium`, or set CHROMIUM_FULL_PATH.',
  );
}
