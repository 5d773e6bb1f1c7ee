/**
 * Transformed pictures kept on disk (src/server/http/image-cache.ts, ADR 16), on a real HTTP server
 * with a stand-in for Astro's image endpoint that counts its transforms.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageCache, imageCacheDir, pictureKey, pictureTransforms, warmPictures } from '../../src/server/http/image-cache.ts';
import { allowedPicture, longPictureUrl, pictureAddress, shortPictureUrl } from '../../src/server/http/picture-sizes.ts';

const SITEMAP = `<?xml version="1.0"?><urlset><url><loc>http://shop.test/</loc></url><url><loc>http://shop.test/product/P0001</loc></url><url><loc>http://shop.test/zh/product/P0001</loc></url></urlset>`;
const HOME = `<img src="/_image?href=%2F_astro%2Fa.svg&amp;w=300&amp;h=300&amp;f=webp" srcset="/_image?href=%2F_astro%2Fa.svg&amp;w=300&amp;h=300&amp;f=webp 300w, /_image?href=%2F_astro%2Fa.svg&amp;w=600&amp;h=600&amp;f=webp 600w"><meta property="og:image" content="/_image?href=%2F_astro%2Fa.svg&amp;w=1200&amp;h=1200&amp;f=png"><div data-srcset-pattern="/_image?href={src}&amp;w=300&amp;h=300&amp;f=webp 300w"></div>`;
// As pages write them: short addresses (ADR 22), one of them the same picture as the home page's.
const PRODUCT = `<img src="/_p/a.svg/300x300.webp"><img src="/_p/b.svg/400x400.webp">`;

let servers: http.Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-cache-test-'));
  dirs.push(dir);
  return dir;
}

/**
 * A server as scripts/serve.mjs wires it, over `dir`; `transforms` counts the stand-in's work,
 * `busy` the transforms running now and `busiest` the most at once. With `hold`, each transform waits
 * for that promise before it answers.
 */
async function shop(dir: string, { limit, hold, builtDir, keepIn }: { limit?: number; hold?: () => Promise<void>; builtDir?: string; keepIn?: string } = {}) {
  const transforms: string[] = [];
  const pages = new Map<string, number>();
  const load = { busy: 0, busiest: 0 };
  const cache = createImageCache({ dir, builtDir, keepIn, transforms: limit });
  const app = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://shop.test');
    if (url.pathname === '/_image') {
      transforms.push(req.url!);
      load.busiest = Math.max(load.busiest, ++load.busy);
      if (hold) await hold();
      load.busy--;
      if (url.searchParams.get('href') === '/_astro/missing.svg') return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such picture');
      const type = url.searchParams.get('f') === 'png' ? 'image/png' : 'image/webp';
      return res.writeHead(200, { 'content-type': type, 'cache-control': 'public, max-age=31536000' }).end(`picture ${req.url}`);
    }
    pages.set(url.pathname, (pages.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/sitemap.xml') return res.writeHead(200, { 'content-type': 'application/xml' }).end(SITEMAP);
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(HOME);
    if (url.pathname.endsWith('/product/P0001')) return res.writeHead(200, { 'content-type': 'text/html' }).end(PRODUCT);
    res.writeHead(404).end();
  };
  const server = http.createServer((req, res) => {
    const render = (beforeApp?: () => void) => {
      beforeApp?.();
      void app(req, res);
    };
    const picture = cache.handle(req, res, render);
    if (!picture) render();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (url: string, init: RequestInit = {}) => fetch(base + url, init);
  /** Waits until `n` pictures are on disk (a transform is written once its answer has finished). */
  const kept = async (n: number) => {
    for (let i = 0; i < 300 && cache.stats().files < n; i++) await new Promise((r) => setTimeout(r, 10));
  };
  return { base, call, cache, transforms, pages, kept, load };
}

/** A gate: `wait()` resolves once `open()` was called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { wait: () => opened, open };
}

/** Resolves once `check()` holds (polled every 5 ms, at most 3 s). */
async function until(check: () => boolean) {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

const A100 = '/_image?href=%2F_astro%2Fa.svg&w=300&h=300&f=webp';

describe('picture cache', () => {
  it('keeps a transform on disk and serves it from there, also after a restart, without transforming again', async () => {
    const dir = tempDir();
    const first = await shop(dir);
    const made = await first.call(A100);
    expect(made.status).toBe(200);
    expect(made.headers.get('x-cache')).toBe('MISS');
    expect(await made.text()).toBe(`picture ${A100}`);
    await first.kept(1);
    expect(fs.readdirSync(dir)).toEqual([`${pictureKey(A100)}.webp`]);

    const again = await first.call(A100);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('content-type')).toBe('image/webp');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe(`picture ${A100}`);
    expect(first.transforms).toEqual([A100]);

    // A new process over the same folder: the picture is there before anyone asks.
    const restarted = await shop(dir);
    expect(restarted.cache.stats().files).toBe(1);
    const cold = await restarted.call(A100);
    expect(cold.status).toBe(200);
    expect(cold.headers.get('x-cache')).toBe('HIT');
    expect(await cold.text()).toBe(`picture ${A100}`);
    expect(restarted.transforms).toEqual([]);
  });

  it('serves a picture another process over the same folder made after it started, without making it again', async () => {
    const dir = tempDir();
    const one = await shop(dir);
    const other = await shop(dir);
    await one.call(A100);
    await one.kept(1);
    const shared = await other.call(A100);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('x-cache')).toBe('HIT');
    expect(await shared.text()).toBe(`picture ${A100}`);
    expect(other.transforms).toEqual([]);
    expect(one.transforms).toEqual([A100]);
  });

  it('serves the pictures made at build time from the first request, and keeps new ones in its own folder only', async () => {
    const built = tempDir();
    const builder = await shop(built);
    await builder.cache.warm(builder.base);
    await builder.kept(4);
    const builtFiles = fs.readdirSync(built).sort();

    const dir = tempDir();
    const fresh = await shop(dir, { builtDir: built });
    expect(fresh.cache.stats().files).toBe(4);
    const cold = await fresh.call(A100);
    expect(cold.headers.get('x-cache')).toBe('HIT');
    expect(await cold.text()).toBe(`picture ${A100}`);
    expect(await fresh.cache.warm(fresh.base)).toMatchObject({ pictures: 4, made: 0 });
    expect(fresh.transforms).toEqual([]);
    // A picture the build did not make is made once and kept beside, never in the build.
    const other = '/_image?href=%2F_astro%2Fc.svg&w=300&h=300&f=webp';
    expect((await fresh.call(other)).headers.get('x-cache')).toBe('MISS');
    await fresh.kept(5);
    expect(fs.readdirSync(dir)).toEqual([`${pictureKey(other)}.webp`]);
    expect(fs.readdirSync(built).sort()).toEqual(builtFiles);
    // A build with no pictures folder is no error.
    expect((await shop(tempDir(), { builtDir: path.join(built, 'absent') })).cache.stats().files).toBe(0);
  });

  it('refuses sizes and formats the pages do not use with 400, before the app, and keeps nothing', async () => {
    const dir = tempDir();
    const s = await shop(dir);
    const refused = [
      '/_image?href=%2F_astro%2Fa.svg&w=300&h=300&f=avif',
      '/_image?href=%2F_astro%2Fa.svg&w=301&h=301&f=webp',
      '/_image?href=%2F_astro%2Fa.svg&w=300&h=299&f=webp',
      '/_image?href=%2F_astro%2Fa.svg&w=300&f=webp',
      '/_image?href=%2F_astro%2Fa.svg&w=300&h=300&f=webp&q=100',
      '/_image?href=%2F_astro%2Fa.svg&w=300&h=300&f=webp&w=600',
      '/_image?href=%2F_astro%2Fa.svg&w=0300&h=300&f=webp',
      '/_image?href=%2F_astro%2Fa.svg&w=%00&h=300&f=webp',
    ];
    for (const url of refused) {
      const res = await s.call(url);
      expect(res.status, url).toBe(400);
      expect(await res.text()).toContain('not offered');
    }
    expect((await s.call(refused[0]!, { method: 'HEAD' })).status).toBe(400);
    expect(s.transforms).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(s.cache.stats().refused).toBe(refused.length + 1);
    expect((await s.call('/_image?href=%2F_astro%2Fa.svg&w=1600&h=500&f=webp')).status).toBe(200);
  });

  it('answers a short address as the image-endpoint URL it stands for, with the same file', async () => {
    const dir = tempDir();
    const s = await shop(dir);
    const short = await s.call('/_p/a.svg/300x300.webp');
    expect(short.status).toBe(200);
    expect(await short.text()).toBe(`picture ${A100}`);
    await s.kept(1);
    const long = await s.call(A100);
    expect(long.headers.get('x-cache')).toBe('HIT');
    expect(s.transforms).toEqual([A100]);
    expect(fs.readdirSync(dir)).toEqual([`${pictureKey(A100)}.webp`]);
    for (const bad of ['/_p/a.svg/300x300', '/_p/../x/300x300.webp', '/_p/a%2Fb.svg/300x300.webp', '/_p/.env/300x300.webp', '/_p/a.svg/300x300.webp?x=1']) {
      expect((await s.call(bad)).status, bad).toBe(404);
    }
    expect((await s.call('/_p/a.svg/300x300.avif')).status).toBe(400);
    expect(s.transforms).toEqual([A100]);
  });

  it('writes short addresses for the shop\'s own pictures and reads them back exactly', () => {
    const long = '/_image?href=%2F_astro%2FP0011-1.rIN6B6Yl.svg&w=300&h=300&f=webp';
    expect(shortPictureUrl(long)).toBe('/_p/P0011-1.rIN6B6Yl.svg/300x300.webp');
    expect(longPictureUrl(shortPictureUrl(long))).toBe(long);
    expect(shortPictureUrl('/_image?href=%2F_astro%2Fa.svg&w=1200&h=375&f=png')).toBe('/_p/a.svg/1200x375.png');
    // Left as they are: another folder, a size that is not offered, another address.
    for (const other of ['/_image?href=%2Fimages%2Fa.svg&w=300&h=300&f=webp', '/_image?href=%2F_astro%2Fa.svg&w=301&h=301&f=webp', '/images/a.svg']) {
      expect(shortPictureUrl(other)).toBe(other);
    }
    expect(longPictureUrl('/_p/a.svg/300x300')).toBeNull();
  });

  it('writes the same short address from a built file as from its image-endpoint URL, and nothing the server would refuse', () => {
    for (const [w, h, f] of [[300, 300, 'webp'], [600, 600, 'webp'], [480, 150, 'webp'], [1200, 375, 'png'], [800, 480, 'webp']] as const) {
      const long = `/_image?${new URLSearchParams({ href: '/_astro/P0011-1.rIN6B6Yl.svg', w: String(w), h: String(h), f })}`;
      const direct = pictureAddress('/_astro/P0011-1.rIN6B6Yl.svg', w, h, f);
      expect(direct).toBe(shortPictureUrl(long));
      expect(longPictureUrl(direct!)).toBe(long);
    }
    // A size or format not offered, a file outside /_astro/, a path that climbs: no address.
    expect(pictureAddress('/_astro/a.svg', 301, 301, 'webp')).toBeNull();
    expect(pictureAddress('/_astro/a.svg', 300, 200, 'webp')).toBeNull();
    expect(pictureAddress('/_astro/a.svg', 300, 300, 'avif')).toBeNull();
    expect(pictureAddress('/images/a.svg', 300, 300, 'webp')).toBeNull();
    expect(pictureAddress('/_astro/../a.svg', 300, 300, 'webp')).toBeNull();
    expect(pictureAddress('/_astro/.a.svg', 300, 300, 'webp')).toBeNull();
  });

  it('allows exactly the widths, aspects and formats of the pages', () => {
    for (const [w, h] of [[44, 44], [192, 192], [480, 150], [1600, 500], [400, 200], [800, 400], [1200, 375], [1200, 720]]) {
      expect(allowedPicture(`href=x&w=${w}&h=${h}&f=webp`), `${w}×${h}`).toBe(true);
    }
    expect(allowedPicture('?href=x&w=1200&h=1200&f=png')).toBe(true);
    expect(allowedPicture('href=x&w=4000&h=4000&f=webp')).toBe(false);
    expect(allowedPicture('href=x&w=600&h=600&f=jpeg')).toBe(false);
    expect(allowedPicture('w=600&h=600&f=webp')).toBe(false);
    expect(allowedPicture('href=x&href=y&w=600&h=600')).toBe(false);
  });

  it('answers 304 to its ETag and HEAD without a body', async () => {
    const s = await shop(tempDir());
    await s.call(A100);
    await s.kept(1);
    const etag = (await s.call(A100)).headers.get('etag')!;
    expect((await s.call(A100, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await s.call(A100, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(`picture ${A100}`.length));
    expect(await head.text()).toBe('');
    expect(s.transforms).toEqual([A100]);
  });

  it('keeps no failed transform and leaves other paths to the app', async () => {
    const s = await shop(tempDir());
    const missing = '/_image?href=%2F_astro%2Fmissing.svg&w=44&h=44&f=webp';
    expect((await s.call(missing)).status).toBe(404);
    expect((await s.call(missing)).status).toBe(404);
    expect(s.transforms).toEqual([missing, missing]);
    expect((await s.call('/')).status).toBe(200);
    expect(s.pages.get('/')).toBe(1);
    expect(s.cache.stats().files).toBe(0);
  });

  it('makes one transform for concurrent requests of a new picture', async () => {
    const s = await shop(tempDir());
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.call(A100).then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set([`picture ${A100}`]));
    expect(s.transforms).toEqual([A100]);
  });

  it('makes every picture the English pages name at start, and none the next time', async () => {
    const dir = tempDir();
    const s = await shop(dir);
    const result = await s.cache.warm(s.base);
    expect(result).toMatchObject({ pages: 2, pictures: 4, made: 4, failed: [] });
    expect(s.pages.get('/zh/product/P0001')).toBeUndefined();
    await s.kept(4);
    const named = [A100, '/_image?href=%2F_astro%2Fa.svg&w=600&h=600&f=webp', '/_image?href=%2F_astro%2Fa.svg&w=1200&h=1200&f=png', '/_image?href=%2F_astro%2Fb.svg&w=400&h=400&f=webp'];
    expect(fs.readdirSync(dir).sort()).toEqual(named.map((u) => `${pictureKey(u)}.${u.endsWith('png') ? 'png' : 'webp'}`).sort());
    const restarted = await shop(dir);
    expect(await restarted.cache.warm(restarted.base)).toMatchObject({ pictures: 4, made: 0 });
    expect(restarted.transforms).toEqual([]);
  });

  it('links each picture it makes into the build\'s pictures cache (keepIn, ADR 38), so the next build finds it', async () => {
    const dir = tempDir();
    const keepIn = path.join(tempDir(), 'pictures');
    const s = await shop(dir, { keepIn });
    await s.cache.warm(s.base);
    await s.kept(4);
    await until(() => fs.readdirSync(keepIn).length === 4);
    expect(fs.readdirSync(keepIn).sort()).toEqual(fs.readdirSync(dir).sort());
    // A hard link: the same file, not a second copy.
    const [name] = fs.readdirSync(dir);
    expect(fs.statSync(path.join(keepIn, name!)).ino).toBe(fs.statSync(path.join(dir, name!)).ino);
  });

  it('yields to shoppers: the warm-up asks for nothing while busy() holds, then goes on', async () => {
    const s = await shop(tempDir());
    let busy = true;
    const warming = s.cache.warm(s.base, () => busy);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.pages.size).toBe(0);
    expect(s.transforms).toEqual([]);
    busy = false;
    expect(await warming).toMatchObject({ pictures: 4, made: 4 });
  });

  it('says after each page how far it is (the progress lines of make-pictures)', async () => {
    const s = await shop(tempDir());
    const said: { page: number; pages: number; made: number }[] = [];
    await warmPictures(s.base, () => false, (p) => said.push(p));
    expect(said).toEqual([{ page: 1, pages: 2, made: 3 }, { page: 2, pages: 2, made: 4 }]);
  });

  it('makes at most `transforms` pictures at once; the others wait their turn and pages are not held up', async () => {
    const g = gate();
    const s = await shop(tempDir(), { limit: 2, hold: g.wait });
    const urls = [44, 56, 88, 96, 112, 192].map((w) => `/_image?href=%2F_astro%2Fa.svg&w=${w}&h=${w}&f=webp`);
    const answers = Promise.all(urls.map((u) => s.call(u).then(async (r) => [r.status, await r.text()])));
    await until(() => s.cache.stats().waiting === 4);
    expect(s.cache.stats()).toMatchObject({ running: 2, waiting: 4 });
    expect(s.transforms).toHaveLength(2);
    // A page does not wait behind the pictures.
    expect((await s.call('/')).status).toBe(200);
    g.open();
    expect(await answers).toEqual(urls.map((u) => [200, `picture ${u}`]));
    expect(s.load.busiest).toBe(2);
    expect(s.transforms.sort()).toEqual([...urls].sort());
    expect(s.cache.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('does not make a picture whose shopper left before its turn; the next request makes it', async () => {
    const g = gate();
    const s = await shop(tempDir(), { limit: 1, hold: g.wait });
    const first = s.call(A100).then((r) => r.text());
    await until(() => s.cache.stats().running === 1);
    const left = '/_image?href=%2F_astro%2Fb.svg&w=400&h=400&f=webp';
    const leaving = new AbortController();
    const abandoned = s.call(left, { signal: leaving.signal }).catch((err: Error) => err.name);
    await until(() => s.cache.stats().waiting === 1);
    leaving.abort();
    expect(await abandoned).toBe('AbortError');
    // The server sees the connection close before the transform's turn comes.
    await new Promise((r) => setTimeout(r, 50));
    g.open();
    expect(await first).toBe(`picture ${A100}`);
    await until(() => s.cache.stats().waiting === 0 && s.cache.stats().running === 0);
    expect(s.transforms).toEqual([A100]);
    expect(await (await s.call(left)).text()).toBe(`picture ${left}`);
    expect(s.transforms).toEqual([A100, left]);
  });

  it('makes as many pictures at once as PICTURE_TRANSFORMS says, else the cores within the thread pool less 2', () => {
    expect(pictureTransforms({ PICTURE_TRANSFORMS: '3' })).toBe(3);
    expect(pictureTransforms({ UV_THREADPOOL_SIZE: '3' })).toBe(1);
    expect(pictureTransforms({ UV_THREADPOOL_SIZE: '64' })).toBe(os.availableParallelism());
    expect(pictureTransforms({})).toBe(Math.max(1, Math.min(os.availableParallelism(), 2)));
    for (const bad of ['0', '-1', '1.5', 'two']) expect(() => pictureTransforms({ PICTURE_TRANSFORMS: bad })).toThrow(/PICTURE_TRANSFORMS/);
  });

  it('lives beside the embedded database unless IMAGE_CACHE_DIR says otherwise', () => {
    expect(imageCacheDir({})).toBe(path.resolve('.data/images'));
    expect(imageCacheDir({ DATA_DIR: '/srv/shop/pglite' })).toBe('/srv/shop/images');
    expect(imageCacheDir({ IMAGE_CACHE_DIR: '/var/cache/pictures' })).toBe('/var/cache/pictures');
  });
});
