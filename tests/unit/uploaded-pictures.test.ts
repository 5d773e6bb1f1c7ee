/**
 * Serving product pictures uploaded at run time (ADR 28; src/server/http/uploaded-pictures.ts, as
 * scripts/serve.mjs mounts it): a picture the API stored (services/catalogue-writes/pictures.ts)
 * is answered at every size the pages name with the caching of build-time pictures (a year,
 * immutable, an ETag, 304), by a server that did not store it (a second instance on the shared
 * folder); sizes that were not made, and other addresses, are 404.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUploadedPictures,
  UPLOADED_PREVIEW_WIDTH,
  UPLOADED_WEBP_WIDTHS,
  uploadedPictureAddress,
  uploadedPictureFiles,
  uploadedPicturePath,
} from '../../src/server/http/uploaded-pictures.ts';
import { encodeProductPicture } from '../../src/server/xs-api/services/catalogue-writes/pictures';

const ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploaded-pictures-'));
  // Stored as the API stores an upload (a 640 × 480 JPEG: letterboxed into squares).
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c81e1e' } }).jpeg().toBuffer();
  for (const [name, body] of await encodeProductPicture(jpeg, ID)) await fs.writeFile(path.join(dir, name), body);
  // Another process: it knows only the folder.
  const uploaded = createUploadedPictures({ dir });
  server = http.createServer((req, res) => {
    const answer = uploaded.handle(req, res);
    if (!answer) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

const picture = uploadedPicturePath(ID);

describe('an uploaded picture', () => {
  it('is served at every size the pages use, with the caching of build-time pictures', async () => {
    const sizes = [...UPLOADED_WEBP_WIDTHS.map((w) => [w, 'webp'] as const), [UPLOADED_PREVIEW_WIDTH, 'png'] as const];
    expect(sizes).toHaveLength(uploadedPictureFiles(ID).length);
    const etags = new Set<string>();
    for (const [w, format] of sizes) {
      const address = uploadedPictureAddress(picture, w, w, format)!;
      const res = await fetch(base + address);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"u-[0-9a-f]{32}-\d+/);
      etags.add(etag);
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, w, w]);
      const again = await fetch(base + address, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    expect(etags.size).toBe(sizes.length);
  });

  it('answers its stored address with the 800 px picture, and HEAD without a body', async () => {
    const res = await fetch(base + picture);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(800);
    const head = await fetch(base + picture, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toContain('immutable');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('is 404 at a size that was not made, for an unknown id or a malformed address; other paths are left alone', async () => {
    expect(uploadedPictureAddress(picture, 301, 301, 'webp')).toBeNull();
    expect(uploadedPictureAddress(picture, 300, 150, 'webp')).toBeNull();
    expect(uploadedPictureAddress('/images/products/P0001-1.svg', 300, 300, 'webp')).toBeNull();
    for (const address of [`/_u/${ID}/301x301.webp`, `/_u/${ID}/300x300.png`, `/_u/${'a'.repeat(32)}.webp`, '/_u/..%2F..%2Fetc%2Fpasswd', `/_u/${ID}/300x300.avif`]) {
      const res = await fetch(base + address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    }
    expect((await fetch(`${base}/_p/x.svg/300x300.webp`)).status).toBe(418);
    expect((await fetch(base + picture, { method: 'POST' })).status).toBe(418);
  });
});
