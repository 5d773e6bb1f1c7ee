/**
 * Graceful shutdown (issue "Hardened for the open internet" §11): a request in flight when SIGTERM
 * arrives is answered (200), new connections are refused, the process exits 0 well within the
 * 10 s timeout, and the embedded database's data directory opens again afterwards (PGlite closed,
 * its lock released). Also: /healthz and /readyz answer without a cookie and are never cached.
 * A new database is prepared by a process of its own (ADR 41): a SIGTERM meanwhile ends the server
 * without serving and leaves nothing half-made.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';

const API = '/api/mobile_ecom/xs_api.php';
/** A member registered by the slow request; logs in after the restart, so the row survived the shutdown. */
const MEMBER = { customer_firstname: 'Aisyah', customer_mobile: '0127770001', password: 'secret12', confirm_password: 'secret12', customer_email: '', bill_platform: 'website' };

/** Sends the head and part of a body now, the rest when asked; resolves with the raw answer once the server closes the connection. */
function slowPost(port: number, pathName: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d));
  const closed = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const cut = Math.floor(body.length / 2);
  const head = `POST ${pathName} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: xs-local-dev-key\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return {
    started: connected.then(() => new Promise<void>((resolve) => socket.write(head + body.slice(0, cut), () => resolve()))),
    finish: () => socket.write(body.slice(cut)),
    closed,
  };
}

test('SIGTERM: the request in flight completes with 200, new connections are refused, exit 0, the data directory opens again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-shutdown-'));
  // No demo data: an empty catalogue opens faster, and the test needs only the member it registers.
  const env = { DATA_DIR: path.join(dir, 'pglite'), SESSION_SECRET: 'shutdown-test-secret-0123456789abcdef', SEED_DEMO_DATA: 'false' };
  const shop = startShop({ port: await freePort(), env });
  try {
    await shop.ready(90_000);

    const health = await fetch(`${shop.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not_configured' });
    for (const r of [health, ready]) {
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('set-cookie')).toBeNull();
    }

    const register = slowPost(shop.port, `${API}/insert_customer`, JSON.stringify(MEMBER));
    await register.started;
    const t0 = Date.now();
    shop.child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused while the slow request still runs.
    await expect.poll(() => fetch(`${shop.url}/healthz`).then(() => 'accepted', () => 'refused'), { timeout: 5_000 }).toBe('refused');
    register.finish();
    const answer = await register.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    // insert_customer answers alike for a new and a known number (the code goes by SMS); the login below proves the row.
    expect(answer).toMatch(/\{"Status":1\}/);
    expect(await shop.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(shop.output()).toContain('"msg":"shutdown: done"');
    // The operator's log says the database was migrated, and how far.
    expect(shop.output()).toMatch(/"event":"migrations","applied":\d+,"database":"pglite".*"msg":"database migrated"/);
    // The new database was prepared by a process of its own (ADR 41), which closed it and released its lock.
    expect(shop.output()).toContain('"msg":"new embedded database prepared"');
    expect(shop.output()).not.toContain('this server prepares it itself');
  } finally {
    await shop.stop('SIGKILL');
  }

  // The same data directory opens again (the lock was released, PGlite closed cleanly) with the data in it.
  const again = startShop({ port: await freePort(), env });
  try {
    await again.ready(90_000);
    const res = await fetch(`${again.url}${API}/customer_login`, { method: 'POST', headers: { 'x-api-key': 'xs-local-dev-key', 'content-type': 'application/json' }, body: JSON.stringify([{ mobile: MEMBER.customer_mobile, password: MEMBER.password }]) });
    expect(res.status).toBe(200);
    // An existing database is opened by the server itself.
    expect(again.output()).not.toContain('preparing a new embedded database');
    expect(await again.stop('SIGTERM')).toBe(0);
  } finally {
    await again.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('SIGTERM while a new database is being prepared: the server ends with 0 without serving, and the next start prepares it whole', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-shutdown-'));
  const env = { DATA_DIR: path.join(dir, 'pglite'), SESSION_SECRET: 'shutdown-test-secret-0123456789abcdef' };
  const shop = startShop({ port: await freePort(), env });
  try {
    await expect.poll(() => shop.output(), { timeout: 60_000 }).toContain('preparing a new embedded database');
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toContain('"msg":"stopped while preparing a new embedded database"');
    expect(shop.output()).not.toContain('"msg":"listening"');
    // Nothing half-made: no DATA_DIR (or an empty one), and no preparing folder left beside it.
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('pglite') && !(n === 'pglite' && fs.readdirSync(path.join(dir, n)).length === 0))).toEqual([]);
  } finally {
    await shop.stop('SIGKILL');
  }
  const again = startShop({ port: await freePort(), env });
  try {
    await again.ready(90_000);
    const home = await fetch(`${again.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('/product/');
    expect(await again.stop('SIGTERM')).toBe(0);
  } finally {
    await again.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
