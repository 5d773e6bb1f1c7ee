/**
 * Connection limits of the production server (issue "Safe to run in production" §4; scripts/serve.mjs):
 * connections that never finish their request's headers, or never send one, are closed by the
 * server (here with SERVER_HEADERS_TIMEOUT_MS=1000), while an ordinary request is answered. The
 * bound checked is generous (15 s): the test says that they close, not how fast.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';

/** Opens a connection, writes `head` (maybe nothing), and resolves when the server closes it. */
function lingering(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1', () => head && socket.write(head));
  socket.on('data', () => {});
  socket.on('error', () => {});
  return new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

test('idle and half-sent connections are closed by the server; an ordinary request is answered', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-limits-'));
  const env = { DATA_DIR: path.join(dir, 'pglite'), SESSION_SECRET: 'limits-test-secret-0123456789abcdef', SEED_DEMO_DATA: 'false', SERVER_HEADERS_TIMEOUT_MS: '1000' };
  const shop = startShop({ port: await freePort(), env });
  try {
    await shop.ready(90_000);
    const idle = Array.from({ length: 50 }, () => lingering(shop.port, ''));
    const halfSent = Array.from({ length: 50 }, () => lingering(shop.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `));
    const closed = await Promise.race([Promise.all([...idle, ...halfSent]).then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 15_000))]);
    expect(closed).toBe('closed');
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  } finally {
    await shop.stop('SIGKILL');
  }
});
