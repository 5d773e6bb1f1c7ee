/**
 * The build's hashed assets compressed once and answered from memory (src/server/http/static-assets.ts):
 * the copies written at build are the asset's bytes; br is preferred when the client takes it, gzip
 * otherwise; each answer has its length (not chunked), Vary and the immutable cache; a matching ETag
 * answers 304, HEAD has no body; identity, a Range, another method or an unknown asset are left to
 * ./public-files.ts (the handler answers false and writes nothing).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticAssets, MIN_BYTES, precompressAssets } from '../../src/server/http/static-assets.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-assets-'));
const css = `.a{color:red}\n`.repeat(400);
let server: http.Server;
let base = '';

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'site.Ab12.css'), css);
  fs.writeFileSync(path.join(dir, 'tiny.Cd34.js'), 'x()');
  fs.writeFileSync(path.join(dir, 'photo.Ef56.webp'), Buffer.alloc(4096));
  const totals = await precompressAssets(dir);
  expect(totals.files).toBe(1);
  const assets = createStaticAssets(dir);
  server = http.createServer((req, res) => {
    if (!assets.handle(req, res)) {
      res.statusCode = 418;
      res.end('left to the adapter');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw answer (no automatic decompression): status, headers and body bytes. */
function get(url: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

describe('precompressed assets', () => {
  it('writes br and gz copies of the text assets of at least MIN_BYTES, and only of those', () => {
    expect(css.length).toBeGreaterThanOrEqual(MIN_BYTES);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'site.Ab12.css.br'))).toString()).toBe(css);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'site.Ab12.css.gz'))).toString()).toBe(css);
    expect(fs.existsSync(path.join(dir, 'tiny.Cd34.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'photo.Ef56.webp.br'))).toBe(false);
  });

  it('takes the bodies of bytes an earlier build compressed from the cache, and compresses changed bytes anew', async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-assets-build-'));
    const cache = path.join(build, 'cache');
    try {
      fs.mkdirSync(path.join(build, 'out'));
      fs.writeFileSync(path.join(build, 'out', 'site.Ab12.css'), css);
      await precompressAssets(path.join(build, 'out'), cache);
      expect(fs.readdirSync(cache).sort().map((n) => path.extname(n))).toEqual(['.br', '.gz']);
      // The cached body is what the next build writes: marked, so a stand-in proves it came from there.
      const [brName] = fs.readdirSync(cache).filter((n) => n.endsWith('.br'));
      const marked = zlib.brotliCompressSync(Buffer.from(css));
      fs.writeFileSync(path.join(cache, brName!), marked);
      fs.rmSync(path.join(build, 'out', 'site.Ab12.css.br'));
      await precompressAssets(path.join(build, 'out'), cache);
      expect(fs.readFileSync(path.join(build, 'out', 'site.Ab12.css.br')).equals(marked)).toBe(true);
      // Other bytes under the same name: compressed anew, never the old body.
      const changed = css.replace('red', 'blue');
      fs.writeFileSync(path.join(build, 'out', 'site.Ab12.css'), changed);
      await precompressAssets(path.join(build, 'out'), cache);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(build, 'out', 'site.Ab12.css.br'))).toString()).toBe(changed);
      expect(fs.readdirSync(cache)).toHaveLength(4);
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it('compresses many files side by side, each body its own', async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-assets-many-'));
    try {
      const texts = Array.from({ length: 12 }, (_, i) => `/* file ${i} */ ${css.repeat(i + 1)}`);
      texts.forEach((text, i) => fs.writeFileSync(path.join(build, `f${i}.css`), text));
      const totals = await precompressAssets(build);
      expect(totals.files).toBe(12);
      texts.forEach((text, i) => {
        expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(build, `f${i}.css.br`))).toString()).toBe(text);
        expect(zlib.gunzipSync(fs.readFileSync(path.join(build, `f${i}.css.gz`))).toString()).toBe(text);
      });
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it('answers br when the client takes it (a browser lists gzip first), with length, Vary and the immutable cache', async () => {
    const res = await get('/_astro/site.Ab12.css', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(css);
  });

  it('answers gzip when br is refused or ranked lower', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get('/_astro/site.Ab12.css', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(zlib.gunzipSync(res.body).toString()).toBe(css);
    }
  });

  it('answers 304 to its own ETag, and HEAD without a body', async () => {
    const first = await get('/_astro/site.Ab12.css', { 'accept-encoding': 'br' });
    const again = await get('/_astro/site.Ab12.css', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/_astro/site.Ab12.css', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });

  it('leaves identity, a Range, a POST, a small or unknown asset and other paths to the adapter', async () => {
    const cases: [string, Record<string, string>, string?][] = [
      ['/_astro/site.Ab12.css', {}],
      ['/_astro/site.Ab12.css', { 'accept-encoding': 'identity' }],
      ['/_astro/site.Ab12.css', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
      ['/_astro/site.Ab12.css', { 'accept-encoding': 'br' }, 'POST'],
      ['/_astro/tiny.Cd34.js', { 'accept-encoding': 'br' }],
      ['/_astro/missing.css', { 'accept-encoding': 'br' }],
      ['/site.Ab12.css', { 'accept-encoding': 'br' }],
    ];
    for (const [url, headers, method] of cases) {
      const res = await get(url, headers, method);
      expect(res.status, `${method ?? 'GET'} ${url} ${JSON.stringify(headers)}`).toBe(418);
    }
  });
});
