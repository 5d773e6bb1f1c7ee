import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './processes';
import { loginDemoMember, request } from '../../scripts/lib/load-mix.mjs';
import { startShopProcess } from '../../scripts/lib/shop-process.mjs';

/** Whether process `pid` has libvips (sharp's native library) mapped, i.e. has loaded sharp. */
const hasLibvips = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips');

/**
 * The page cache and the pictures on disk on the built server (ADR 16): a public page is answered
 * from the cache in the encoding asked for, a member's page never is, and a picture made by one
 * server process is served by the next one from disk without a transform. A page is sent whole, with
 * its length (ADR 45). sharp is loaded by the
 * first transform, not at start (ADR 40): pages and the build's pictures are served without it.
 */
test('cached pages, member pages and pictures across a restart', async () => {
  test.setTimeout(600_000);
  const pictures = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-pictures-'));
  const env = { IMAGE_CACHE_DIR: pictures, PICTURE_WARMUP: 'false' };
  const first = await startShopProcess({ port: await freePort(), env });
  let picture = '';
  let made: Buffer | null = null;
  try {
    const page = `${first.base}/product/P0001`;
    // A page is rendered whole, then sent with its length, never streamed in chunks (ADR 45).
    const miss = await request(page);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['transfer-encoding']).toBeUndefined();
    expect(miss.headers['content-length']).toBe(String(miss.bytes));
    let hit = await request(page, { headers: { 'accept-encoding': 'gzip, br' } });
    for (let i = 0; i < 50 && hit.headers['x-cache'] !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      hit = await request(page, { headers: { 'accept-encoding': 'gzip, br' } });
    }
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toBe('Accept-Encoding');
    expect((await request(page, { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
    expect((await request(page, { headers: { 'if-none-match': String(hit.headers.etag) } })).status).toBe(304);

    // The member's own pages are rendered for them every time, never kept.
    const member = await loginDemoMember(first.base);
    expect(member.cookie).toContain('=');
    for (let i = 0; i < 2; i++) {
      const account = await fetch(`${first.base}/account/profile`, { headers: { cookie: member.cookie }, redirect: 'manual' });
      expect(account.status).toBe(200);
      expect(account.headers.get('x-cache')).toBeNull();
      expect(account.headers.get('cache-control')).toContain('no-store');
      expect(await account.text()).toContain('0123456789');
    }

    const html = await fetch(page).then((r) => r.text());
    const named = /\/_p\/[^"' ,]+/.exec(html)![0];
    // The page's own pictures were made at build time (dist/pictures): served at once, nothing kept anew.
    const built = await fetch(first.base + named);
    expect(built.status).toBe(200);
    expect(built.headers.get('x-cache')).toBe('HIT');
    await built.arrayBuffer();
    expect(fs.readdirSync(pictures)).toEqual([]);
    expect(hasLibvips(first.pid), 'sharp loaded before any picture was made').toBe(false);
    // The same picture at another offered size no page shows: made once, kept in IMAGE_CACHE_DIR.
    picture = named.replace(/\/\d+x\d+\./, '/480x150.');
    expect(picture).not.toBe(named);
    const res = await fetch(first.base + picture);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    made = Buffer.from(await res.arrayBuffer());
    expect(hasLibvips(first.pid)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(fs.readdirSync(pictures).length).toBe(1);
  } finally {
    await first.stop();
  }

  const second = await startShopProcess({ port: await freePort(), env });
  try {
    const res = await fetch(second.base + picture);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('HIT');
    expect(Buffer.from(await res.arrayBuffer()).equals(made!)).toBe(true);
  } finally {
    await second.stop();
    fs.rmSync(pictures, { recursive: true, force: true });
  }
});
