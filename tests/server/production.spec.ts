/**
 * Production settings (issue "Hardened for the open internet" §2, §3; README Security): a server
 * with NODE_ENV=production refuses to start with unsafe settings, naming the variable; over https it
 * sends HSTS. Behind a TLS-terminating proxy: tls-proxy.spec.ts. Processes of their own, no browser.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './processes';

test.describe.configure({ mode: 'serial' });

const SITE = 'https://shop.example.test';
const SECRET = 'production-test-secret-0123456789abcdef';
const SAFE = { NODE_ENV: 'production', XS_API_KEY: 'a-key-of-our-own-0123456789', SESSION_SECRET: SECRET };
const children: ChildProcess[] = [];

test.afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
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
  test(`production refuses to start with ${what}`, async () => {
    const r = spawnSync(process.execPath, ['scripts/serve.mjs'], { env: serverEnv(await freePort(), env), encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    // A short secret is refused by the settings check (any mode); the others by the production check.
    expect(r.stderr).toMatch(/Refusing to start (in production|with settings that cannot work)/);
    expect(r.stderr).toMatch(message);
  });
}

test('a production server on an https address sends HSTS on every response; a second one on its data folder is refused', async ({ request }) => {
  const { url, dataDir } = await startServer(['scripts/serve.mjs'], await freePort(), { ...SAFE, SITE_URL: SITE });
  for (const p of ['/', '/favicon.svg', '/no-such-page', '/api/mobile_ecom/xs_api.php/mobile_ecommerce_header_banner']) {
    const res = await request.get(url + p, { maxRedirects: 0 });
    expect(res.headers()['strict-transport-security'], p).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers()['x-frame-options'], p).toBe('DENY');
  }
  // The embedded database is open (and locked) now: a second server on the same folder stops at once.
  const second = spawnSync(process.execPath, ['scripts/serve.mjs'], { env: { ...serverEnv(await freePort(), SAFE), DATA_DIR: dataDir }, encoding: 'utf8', timeout: 30_000 });
  expect(second.status).toBe(1);
  expect(second.stderr).toMatch(/is in use by another process .*DATABASE_URL/);
});
