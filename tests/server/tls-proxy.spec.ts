/**
 * Behind a TLS-terminating proxy (issue "Safe to run in production" §2; README "Behind a
 * TLS-terminating proxy"): the production build, started with SITE_URL and TRUST_PROXY=1 at run time
 * only, behind a proxy that ends HTTPS (./tls-proxy.ts, as Caddy does): form posts from the site
 * are accepted and sign a member in with a Secure cookie, a form from another site is refused,
 * HSTS is on every answer, and the per-minute limit counts each real client apart, whose address
 * is the one in the request log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';
import { startTlsProxy, viaProxy } from './tls-proxy';

const DEMO = { mobile: '0123456789', password: 'demo1234' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

test('a TLS-terminating proxy in front of the production server: forms, Secure cookies, HSTS and per-client limits', async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-tls-proxy-'));
  const [shopPort, proxyPort] = [await freePort(), await freePort()];
  const host = `shop.test:${proxyPort}`;
  const site = `https://${host}`;
  const shop = startShop({
    port: shopPort,
    env: {
      NODE_ENV: 'production',
      SITE_URL: site,
      TRUST_PROXY: '1',
      XS_API_KEY: 'tls-proxy-test-key-0123456789',
      SESSION_SECRET: 'tls-proxy-test-secret-0123456789abcdef',
      DATA_DIR: path.join(dir, 'pglite'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      RATE_LIMIT_PER_MINUTE: '40',
      RATE_LIMIT_EXEMPT_IPS: '',
      COOKIE_SECURE: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  const proxy = await startTlsProxy({ port: proxyPort, upstreamPort: shopPort, hostname: 'shop.test' });
  try {
    await shop.ready(120_000);
    const as = (from: string, pathname: string, options?: Parameters<typeof viaProxy>[4]) => viaProxy(proxyPort, host, from, pathname, options);

    // HSTS on pages and on the API through the proxy.
    const home = await as('127.0.0.2', '/');
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    // A member signs in with the site's form: accepted, and the session cookie is Secure.
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: site };
    const login = await as('127.0.0.2', '/login?_action=access.login', { method: 'POST', headers: formHeaders, body: form(DEMO) });
    expect(login.status, login.body).toBe(303);
    const cookies = [login.headers['set-cookie'] ?? []].flat();
    expect(cookies.length, JSON.stringify(login.headers)).toBeGreaterThan(1);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const account = await as('127.0.0.2', '/account/profile', { headers: { cookie } });
    expect(account.status).toBe(200);
    expect(account.body).toContain(`<link rel="canonical" href="${site}/account/profile">`);
    const logout = await as('127.0.0.2', '/?_action=access.logout', { method: 'POST', headers: { ...formHeaders, cookie }, body: '' });
    expect(logout.status, logout.body).toBe(303);

    // A form from another site, or one that forwards another host, is refused in the shopper's language.
    const evil = await as('127.0.0.2', '/login?_action=access.login', { method: 'POST', headers: { ...formHeaders, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }, body: form(DEMO) });
    expect(evil.status).toBe(403);
    expect(evil.body).toContain('another website');

    // The per-minute limit counts each client behind the proxy apart: one client is stopped…
    let stoppedAfter = 0;
    for (let i = 1; i <= 200 && !stoppedAfter; i++) if ((await as('127.0.0.3', '/login')).status === 429) stoppedAfter = i;
    expect(stoppedAfter).toBeGreaterThan(0);
    // …while the next client is not.
    expect((await as('127.0.0.4', '/login')).status).toBe(200);

    // The request log names the real client, as TRUST_PROXY resolves it, not the proxy. The log is
    // written asynchronously: the last answer's line may reach the pipe a moment after the answer.
    const loginLines = () =>
      shop
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{') && l.endsWith('}'))
        .map((l) => JSON.parse(l) as { msg?: string; path?: string; ip?: string })
        .filter((l) => l.msg === 'request' && l.path === '/login');
    await expect.poll(() => loginLines().some((l) => l.ip === '127.0.0.4'), { timeout: 15_000 }).toBe(true);
    expect(loginLines().filter((l) => l.ip === '127.0.0.1')).toEqual([]);
  } finally {
    await proxy.close();
    await shop.stop('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
