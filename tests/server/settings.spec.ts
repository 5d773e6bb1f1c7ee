/**
 * Settings checked at start (issue "Safe to run in production" §1; scripts/lib/settings.mjs): the
 * server refuses to start with a value it cannot run with, names the variable and what it takes,
 * exits 1, and never listens (so no /healthz says ok).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';

test('a bad setting refuses the start: exit 1, the variable named, nothing listening', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-settings-'));
  const shop = startShop({ port: await freePort(), env: { DATA_DIR: path.join(dir, 'pglite'), TRUST_PROXY: '99', PAYMENT_PROVIDER: 'paypal', OPS_TOKEN: 'ten-chars!' } });
  try {
    expect(await shop.exited).toBe(1);
    const out = shop.output();
    expect(out).toContain('TRUST_PROXY: the number of proxies in front of the shop, 0 to 10 (got "99").');
    expect(out).toContain('PAYMENT_PROVIDER: sandbox or stripe (got "paypal").');
    expect(out).toContain('OPS_TOKEN: at least 24 characters (got 10 characters).');
    expect(out).not.toContain('ten-chars!');
    expect(await fetch(`${shop.url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
  } finally {
    await shop.stop('SIGKILL');
  }
});
