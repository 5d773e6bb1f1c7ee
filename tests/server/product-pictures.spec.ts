/**
 * A product picture uploaded through one instance is on the other instance's pages and served by
 * it at once (issue 20 item 2; ADR 28): two built servers share a fresh PostgreSQL database and one
 * UPLOADS_DIR. B's page cache holds the product's page (X-Cache: HIT); HQ adds a JPEG through A;
 * B's product page names the upload on the next requests (A's NOTIFY dropped it), and B serves
 * the picture at every size the pages use with the caching of build-time pictures (a year,
 * immutable, an ETag, 304). No rebuild, no restart. Needs TEST_DATABASE_URL (a user allowed to
 * CREATE DATABASE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { sharedEnv, startShop } from '../../scripts/two-instances.mjs';
import { UPLOADED_PREVIEW_WIDTH, UPLOADED_WEBP_WIDTHS, uploadedPictureAddress } from '../../src/server/http/uploaded-pictures.ts';
import { freePort, freshDatabase } from './processes';

const API = '/api/mobile_ecom/xs_api.php';
const KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key' };
const PRODUCT = 'P0012';
/** How long B may take to show the new picture before the test fails (ms): a bound for a loaded machine. */
const BOUND_MS = 10_000;

test('a picture added through one instance is on the other’s product page and served by it at every size', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set TEST_DATABASE_URL (PostgreSQL, allowed to CREATE DATABASE) for the two-instance picture test.');
  const database = await freshDatabase(adminUrl, 'xs_pictures');
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-shared-uploads-'));
  const env = { ...sharedEnv({}), DATABASE_URL: database.url, DATABASE_POOL_SIZE: '4', PICTURE_WARMUP: 'false', UPLOADS_DIR: uploads };
  const a = startShop({ port: await freePort(), env });
  const b = startShop({ port: await freePort(), env });
  try {
    await Promise.all([a.ready(90_000), b.ready(90_000)]);
    const api = async (base: string, op: string, init: { json?: unknown; form?: FormData; token?: string } = {}) => {
      const res = await fetch(`${base}${API}/${op}`, {
        method: init.json === undefined && !init.form ? 'GET' : 'POST',
        headers: { ...KEY, ...(init.json !== undefined && { 'content-type': 'application/json' }), ...(init.token && { authorization: `Bearer ${init.token}` }) },
        body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      });
      const json = await res.json();
      expect(res.status, `${op}: ${JSON.stringify(json)}`).toBe(200);
      return json;
    };
    await api(a.url, 'staff/add', { token: env.OPS_TOKEN, json: { login: 'hq.pictures', name: 'HQ Pictures', password: 'hq-password-42', role: 'hq', outlets: [] } });
    const { token } = await api(a.url, 'staff/login', { json: { login: 'hq.pictures', password: 'hq-password-42' } });

    const page = `/product/${PRODUCT}`;
    await fetch(b.url + page).then((r) => r.text());
    const cached = await fetch(b.url + page);
    await cached.text();
    expect(cached.headers.get('x-cache')).toBe('HIT');

    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('product_code', PRODUCT);
    form.append('picture', new Blob([new Uint8Array(jpeg)]), 'shelf.jpg');
    const { picture } = (await api(a.url, 'ops/catalogue/product_picture_add', { form, token })) as { picture: string };
    const id = /^\/_u\/([0-9a-f]{32})\.webp$/.exec(picture)![1]!;

    const changedAt = Date.now();
    for (;;) {
      const html = await fetch(b.url + page).then((r) => r.text());
      if (html.includes(`/_u/${id}/`)) break;
      if (Date.now() - changedAt > BOUND_MS) throw new Error(`${page} on the other instance still without the new picture after ${BOUND_MS} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }

    const sizes = [...UPLOADED_WEBP_WIDTHS.map((w) => [w, 'webp'] as const), [UPLOADED_PREVIEW_WIDTH, 'png'] as const];
    for (const [w, format] of sizes) {
      const address = uploadedPictureAddress(picture, w, w, format)!;
      const res = await fetch(b.url + address);
      const body = Buffer.from(await res.arrayBuffer());
      expect([address, res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([address, 200, `image/${format}`, 'public, max-age=31536000, immutable']);
      expect((await sharp(body).metadata()).width).toBe(w);
      const etag = res.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const again = await fetch(b.url + address, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    const bare = await fetch(b.url + picture);
    expect([bare.status, bare.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  } finally {
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    await database.drop();
    fs.rmSync(uploads, { recursive: true, force: true });
  }
});
