/**
 * The build's files answered without a look at the disk for other addresses (src/server/http/public-files.ts,
 * ADR 49): a listed file is answered by `send` (length, ETag, 304, Range, HEAD), hashed assets with
 * the immutable cache; a path decoded and normalised to a listed file is that file; anything else
 * (a page's address, a directory, a dot-file, a path outside the folder, a broken %-sequence) is
 * left to the app, and a file removed since the start is left to it too.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicFiles, filePathOf } from '../../src/server/http/public-files.ts';
import { raw } from '../e2e/raw-http';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-public-'));
const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
let server: http.Server;
let base = '';
let files = 0;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'media/recipes'), { recursive: true });
  fs.mkdirSync(path.join(dir, '_astro'));
  fs.mkdirSync(path.join(dir, '.well'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dir, 'media/recipes/soup.mp4'), video);
  fs.writeFileSync(path.join(dir, '_astro/site.Ab12.css'), '.a{}');
  fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(dir, '.well/x.txt'), 'x');
  fs.writeFileSync(path.join(dir, 'gone.txt'), 'soon removed');
  const publicFiles = createPublicFiles(dir);
  files = publicFiles.files;
  fs.rmSync(path.join(dir, 'gone.txt'));
  server = http.createServer((req, res) => {
    const toApp = () => {
      res.statusCode = 418;
      res.end('the app');
    };
    if (!publicFiles.handle(req, res, toApp)) toApp();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request as written (path not normalised), answered whole (tests/e2e/raw-http.ts). */
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => raw(base, method, url, { headers });

describe('public files', () => {
  it('lists every file of the folder at start', () => {
    expect(files).toBe(6);
  });

  it('answers a listed file with its bytes, length and ETag, and 304 when the ETag matches', async () => {
    const first = await get('/favicon.svg');
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe('<svg/>');
    expect(first.headers['content-length']).toBe('6');
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const again = await get('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/favicon.svg', {}, 'HEAD')).body.length).toBe(0);
  });

  it('answers a Range of a video with 206 and those bytes', async () => {
    const part = await get('/media/recipes/soup.mp4', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.body.equals(video.subarray(100, 200))).toBe(true);
  });

  it('caches hashed assets a year as immutable, and nothing else so', async () => {
    expect((await get('/_astro/site.Ab12.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).not.toMatch(/immutable/);
  });

  it('takes a path decoded and normalised to a listed file as that file', async () => {
    expect((await get('/%66avicon.svg')).body.toString()).toBe('<svg/>');
    expect((await get('/media/../favicon.svg?v=2')).body.toString()).toBe('<svg/>');
  });

  it('leaves pages, directories, dot-files, broken escapes and removed files to the app', async () => {
    for (const url of ['/', '/product/P0001', '/zh/favicon.svg', '/media/', '/media', '/favicon.svg/', '/.env', '/.well/x.txt', '/%E0%A4%A', '/gone.txt', '/../etc/passwd']) {
      const res = await get(url);
      expect({ url, status: res.status, body: res.body.toString() }).toEqual({ url, status: 418, body: 'the app' });
    }
  });
});

describe('filePathOf', () => {
  it('decodes, drops the query and normalises; null for a broken escape', () => {
    expect(filePathOf('/a%20b.svg?x=1#y')).toBe('/a b.svg');
    expect(filePathOf('/a/./b/../c.png')).toBe('/a/c.png');
    expect(filePathOf('/%E0%A4%A')).toBeNull();
  });
});
