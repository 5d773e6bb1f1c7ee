/**
 * The container's runtime files (issue "Safe to run in production" §8; scripts/lib/runtime-files.mjs,
 * Dockerfile): the production server runs from a folder holding only the traced files — no build
 * tools, no dev dependencies — and uses everything native it needs there: the embedded database
 * (PGlite's WebAssembly), password hashing (argon2's binding) and picture re-encoding (sharp's
 * binding); the operators' CLI starts.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { freePort } from './processes';

const KEY = 'xs-local-dev-key';
const API = '/api/mobile_ecom/xs_api.php';

test('the server runs from the traced runtime files alone', async () => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-runtime-'));
  const out = path.join(dir, 'app');
  execFileSync(process.execPath, ['scripts/lib/runtime-files.mjs', out], { stdio: 'pipe' });
  const modules = fs.readdirSync(path.join(out, 'node_modules'));
  // Build tools listed among the dependencies are not in the runtime.
  for (const buildOnly of ['tailwindcss', '@tailwindcss', 'vite', 'typescript', '@astrojs', 'vitest', 'drizzle-kit']) expect(modules, buildOnly).not.toContain(buildOnly);

  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: out,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(dir, 'data/pglite'), UPLOADS_DIR: path.join(dir, 'uploads'), MIGRATIONS_DIR: path.join(out, 'src/server/xs-api/db/migrations'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const base = `http://127.0.0.1:${port}`;
  try {
    let ready = false;
    for (let i = 0; i < 600 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready, log).toBe(true);
    expect((await fetch(`${base}/product/P0001`)).status).toBe(200);

    // argon2: the demo member signs in.
    const login = await fetch(`${base}${API}/customer_login`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify([{ mobile: '0123456789', password: 'demo1234' }]) });
    const member = (await login.json()) as { Status: number; member_code: string; token: string };
    expect(member.Status, log).toBe(1);

    // sharp: a profile picture is re-encoded to WebP and served.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c81e1e' } }).png().toBuffer();
    const body = new FormData();
    body.set('customer_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${base}${API}/upload_customer_picture/${member.member_code}`, { method: 'POST', headers: { 'x-api-key': KEY, authorization: `Bearer ${member.token}` }, body });
    const profile = (await upload.json()) as { data?: { customer_picture: string } };
    expect(upload.status, JSON.stringify(profile)).toBe(200);
    const picture = await fetch(`${base}${profile.data!.customer_picture}`);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    // The operators' CLI loads.
    const cli = spawnSync(process.execPath, ['scripts/ops.mjs', '--help'], { cwd: out, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Usage');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
