/**
 * Settings checked at start (issue "Safe to run in production" §1; src/server/settings.ts): the
 * server refuses to start with a value it cannot run with, names the variable and what it takes,
 * exits 1, and never listens (so no /healthz says ok). One test per refused setting the issue found
 * starting a broken shop, and one per combination that cannot work.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';

const refused: [string, Record<string, string>, string][] = [
  ['TRUST_PROXY=99', { TRUST_PROXY: '99' }, 'TRUST_PROXY: the number of proxies in front of the shop, 0 to 10 (got "99").'],
  ['RATE_LIMIT_SCALE=0', { RATE_LIMIT_SCALE: '0' }, 'RATE_LIMIT_SCALE: a number from 0.01 to 1000 (got "0").'],
  ['PAYMENT_PROVIDER=paypal', { PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER: sandbox or stripe (got "paypal").'],
  ['PAYMENT_WINDOW_MINUTES=0', { PAYMENT_WINDOW_MINUTES: '0' }, 'PAYMENT_WINDOW_MINUTES: a whole number from 1 to 1440 (got "0").'],
  ['a 10-character OPS_TOKEN', { OPS_TOKEN: 'ten-chars!' }, 'OPS_TOKEN: at least 24 characters (got 10 characters).'],
  ['Stripe without its keys', { PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe.'],
  ['a request timeout shorter than the headers timeout', { SERVER_HEADERS_TIMEOUT_MS: '20000', SERVER_REQUEST_TIMEOUT_MS: '10000' }, 'SERVER_REQUEST_TIMEOUT_MS: at least SERVER_HEADERS_TIMEOUT_MS (20000).'],
];

for (const [what, env, message] of refused) {
  test(`${what} refuses the start: exit 1, the variable named, nothing listening`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-settings-'));
    const shop = startShop({ port: await freePort(), env: { DATA_DIR: path.join(dir, 'pglite'), ...env } });
    try {
      expect(await shop.exited).toBe(1);
      const out = shop.output();
      expect(out).toContain(message);
      // A secret's value is never echoed, only its length.
      if (env.OPS_TOKEN) expect(out).not.toContain(env.OPS_TOKEN);
      expect(await fetch(`${shop.url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
    } finally {
      await shop.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a port another program holds: the server and npm start say so and exit 1', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-settings-'));
  const port = await freePort();
  const holder = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok'));
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  const shop = startShop({ port, env: { DATA_DIR: path.join(dir, 'pglite') } });
  try {
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain(`Port ${port} is already in use`);
    // npm start's own check, before it builds or starts anything: another program's answer is not "ready".
    const start = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, encoding: 'utf8', timeout: 60_000 });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(`Port ${port} is already in use`);
    expect(start.stdout).not.toContain('Shop ready');
  } finally {
    await shop.stop('SIGKILL');
    holder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('one build serves any address: SITE_URL is read when the server starts, not when it was built', async () => {
  test.setTimeout(120_000);
  const api = '/api/mobile_ecom/xs_api.php';
  const opsToken = 'ops-token-for-this-test-0123456789';
  for (const site of ['https://shop-one.example.my', 'https://shop-two.example.my']) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-settings-'));
    const shop = startShop({ port: await freePort(), env: { DATA_DIR: path.join(dir, 'pglite'), SITE_URL: site, OPS_TOKEN: opsToken } });
    try {
      await shop.ready();
      const html = await fetch(`${shop.url}/product/P0001`).then((r) => r.text());
      // Links that leave the page (canonical, language alternates) name the run-time origin, never another.
      expect(html).toContain(`<link rel="canonical" href="${site}/product/P0001"`);
      expect(html).not.toContain(site.includes('one') ? 'shop-two.example.my' : 'shop-one.example.my');
      expect(html).not.toContain('localhost:4321');
      // The password-reset link texted to the demo member points at the run-time address too.
      const headers = { 'x-api-key': 'xs-local-dev-key' };
      const asked = await fetch(`${shop.url}${api}/retrieve_password_by_SMS/0123456789/0123456789`, { method: 'POST', headers });
      expect(asked.status, await asked.text()).toBe(200);
      const outbox = await fetch(`${shop.url}${api}/ops/sms_outbox?to=0123456789`, { headers: { ...headers, authorization: `Bearer ${opsToken}` } });
      const { data } = (await outbox.json()) as { data: { message: string }[] };
      expect(data[0]?.message, JSON.stringify(data)).toContain(`${site}/password-reset?token=`);
    } finally {
      await shop.stop('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});
