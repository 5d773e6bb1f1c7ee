/**
 * Production settings (issue "Hardened for the open internet" §2, §3; README Security): a server
 * with NODE_ENV=production refuses to start with unsafe settings, naming the variable; over https it
 * sends HSTS; behind an HTTPS proxy, form posts from the shop's own address are accepted, with the
 * forwarded host and protocol believed only for SITE_URL's (built into a separate copy of the shop).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT, E2E_WORKERS } from './shops';
import { expect, test } from './test';
import { DEMO } from './helpers';

test.describe.configure({ mode: 'serial' });

/** Past the test shops' ports (tests/e2e/shops.ts): this file's own servers take BASE_PORT + 7 to + 9. */
const BASE_PORT = E2E_PORT + E2E_WORKERS;
const SITE = 'https://shop.example.test';
const SECRET = 'production-test-secret-0123456789abcdef';
const SAFE = { NODE_ENV: 'production', XS_API_KEY: 'a-key-of-our-own-0123456789', SESSION_SECRET: SECRET };
const children: ChildProcess[] = [];

const builds: string[] = [];
test.afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  for (const b of builds) fs.rmSync(b, { recursive: true, force: true });
});

/** The environment of a server: this one's, less what the tests set, plus `env`. */
function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of ['NODE_ENV', 'XS_API_KEY', 'SESSION_SECRET', 'COOKIE_SECURE', 'SITE_URL', 'DATABASE_URL']) delete base[k];
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xs-prod-')), 'pglite');
  return { ...base, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env };
}

/** Starts `node <args>` and resolves once it answers on `port`; its address and data folder. */
async function startServer(args: string[], port: number, env: Record<string, string>): Promise<{ url: string; dataDir: string }> {
  const fullEnv = serverEnv(port, env);
  const child = spawn(process.execPath, args, { env: fullEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${err}`);
    if (await fetch(`${url}/`).then((r) => r.ok, () => false)) return { url, dataDir: fullEnv.DATA_DIR! };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${err}`);
}

const unsafe: [string, Record<string, string>, RegExp][] = [
  ['no API key of its own', { NODE_ENV: 'production', SESSION_SECRET: SECRET }, /XS_API_KEY.*xs-local-dev-key/],
  ['the development API key', { ...SAFE, XS_API_KEY: 'xs-local-dev-key' }, /XS_API_KEY.*xs-local-dev-key/],
  ['a short session secret', { ...SAFE, SESSION_SECRET: 'too-short' }, /SESSION_SECRET.*at least 32 characters/],
  ['an insecure cookie on an https site', { ...SAFE, SITE_URL: SITE, COOKIE_SECURE: 'false' }, /COOKIE_SECURE/],
];
for (const [what, env, message] of unsafe) {
  test(`production refuses to start with ${what}`, () => {
    const r = spawnSync(process.execPath, ['scripts/serve.mjs'], { env: serverEnv(BASE_PORT + 9, env), encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    // A short secret is refused by the settings check (any mode); the others by the production check.
    expect(r.stderr).toMatch(/Refusing to start (in production|with settings that cannot work)/);
    expect(r.stderr).toMatch(message);
  });
}

test('a production server on an https address sends HSTS on every response; a second one on its data folder is refused', async ({ request }) => {
  const { url, dataDir } = await startServer(['scripts/serve.mjs'], BASE_PORT + 8, { ...SAFE, SITE_URL: SITE });
  for (const p of ['/', '/favicon.svg', '/no-such-page', '/api/mobile_ecom/xs_api.php/mobile_ecommerce_header_banner']) {
    const res = await request.get(url + p, { maxRedirects: 0 });
    expect(res.headers()['strict-transport-security'], p).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers()['x-frame-options'], p).toBe('DENY');
  }
  // The embedded database is open (and locked) now: a second server on the same folder stops at once.
  const second = spawnSync(process.execPath, ['scripts/serve.mjs'], { env: { ...serverEnv(BASE_PORT + 9, SAFE), DATA_DIR: dataDir }, encoding: 'utf8', timeout: 30_000 });
  expect(second.status).toBe(1);
  expect(second.stderr).toMatch(/is in use by another process .*DATABASE_URL/);
});

test('behind an HTTPS proxy, form posts from the site are accepted and forwarded headers are believed only for SITE_URL', async ({ request }) => {
  test.setTimeout(300_000);
  // A copy of the shop built for SITE_URL (allowed domains are part of the build), inside the project
  // so that it finds the packages.
  fs.mkdirSync('node_modules/.cache', { recursive: true });
  const outDir = fs.mkdtempSync(path.resolve('node_modules/.cache/xs-proxy-build-'));
  builds.push(outDir);
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
    env: { ...process.env, SITE_URL: SITE },
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(build.status, build.stderr).toBe(0);
  const serve = `process.env.ASTRO_NODE_AUTOSTART='disabled';const {handler}=await import(${JSON.stringify(path.join(outDir, 'server/entry.mjs'))});require('node:http').createServer(handler).listen(Number(process.env.PORT),'127.0.0.1')`;
  const { url } = await startServer(['--input-type=commonjs', '-e', `(async()=>{${serve}})()`], BASE_PORT + 7, { ...SAFE, SITE_URL: SITE });

  const login = { mobile: DEMO.mobile, password: DEMO.password };
  const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.test' };
  const post = (headers: Record<string, string>) => request.post(`${url}/login?_action=access.login`, { form: login, headers, maxRedirects: 0 });

  const ok = await post({ origin: SITE, ...proxied });
  expect(ok.status(), await ok.text()).toBe(303);
  expect(ok.headers()['set-cookie']).toMatch(/; Secure/i);
  // The member's other form posts pass the origin check too (whatever the Action then answers).
  const cookie = ok.headers()['set-cookie']!.split('\n').map((c) => c.split(';')[0]).join('; ');
  const member = { origin: SITE, ...proxied, cookie };
  const add = await request.post(`${url}/product/P0001?_action=cart.add`, { form: { product_code: 'P0001', quantity: '1' }, headers: member, maxRedirects: 0 });
  expect(add.status(), await add.text()).not.toBe(403);
  expect(add.status()).toBeLessThan(500);
  const logout = await request.post(`${url}/?_action=access.logout`, { form: {}, headers: member, maxRedirects: 0 });
  expect(logout.status(), await logout.text()).toBe(303);
  // A foreign origin is still refused, through the proxy or not.
  expect((await post({ origin: 'https://evil.example', ...proxied })).status()).toBe(403);
  // Forwarded headers naming another host are not believed: the site's origin no longer matches.
  expect((await post({ origin: 'https://evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })).status()).toBe(403);
  expect((await post({ origin: SITE, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })).status()).toBe(403);
  // Without the proxy's headers, the site's origin does not match a plain-HTTP request either.
  expect((await post({ origin: SITE })).status()).toBe(403);
});
