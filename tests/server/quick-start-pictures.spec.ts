import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './processes';
import { startShopProcess } from '../../scripts/lib/shop-process.mjs';

/**
 * The quick start's pictures on the built server (ADR 38): a picture the server makes when first
 * asked is also linked into PICTURES_CACHE_DIR (what `npm start` sets to the build's pictures
 * cache), so the next `npm run build` links it instead of making it again; one made at build time
 * is served as it is and not linked again.
 */
test('a picture the server makes is kept for the next build', async () => {
  test.setTimeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-quick-start-'));
  const keep = path.join(dir, 'build-cache');
  const shop = await startShopProcess({ port: await freePort(), env: { IMAGE_CACHE_DIR: path.join(dir, 'images'), PICTURES_CACHE_DIR: keep, PICTURE_WARMUP: 'false' } });
  try {
    const html = await fetch(`${shop.base}/product/P0001`).then((r) => r.text());
    const named = /\/_p\/[^"' ,]+/.exec(html)![0];
    // Made at build time: a HIT from dist/pictures, nothing new.
    const built = await fetch(shop.base + named);
    expect(built.headers.get('x-cache')).toBe('HIT');
    await built.arrayBuffer();
    // An offered size no page shows: made now, kept in IMAGE_CACHE_DIR and linked for the next build.
    const other = named.replace(/\/\d+x\d+\./, '/480x150.');
    const res = await fetch(shop.base + other);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    const body = Buffer.from(await res.arrayBuffer());
    for (let i = 0; i < 50 && !fs.existsSync(keep); i++) await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 50 && fs.readdirSync(keep).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const kept = fs.readdirSync(keep);
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(keep, kept[0]!)).equals(body)).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'images'))).toEqual(kept);
  } finally {
    await shop.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
