/**
 * The page cache in front of the app (src/server/http/page-cache.ts, ADR 16), on a real HTTP server
 * with the same compression middleware as scripts/serve.mjs and a stand-in app that counts renders.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache, etagMatches, pageCacheBytes } from '../../src/server/http/page-cache.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const PAGE = `<!doctype html><html><body>${'<p>Fresh pork, frozen and dried food.</p>'.repeat(200)}</body></html>`;
const PUBLIC = { 'content-type': 'text/html', 'cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600', 'cdn-cache-control': 'max-age=60, stale-while-revalidate=600', 'cache-tag': 'catalogue' };

/** The stand-in app: what each path answers. */
function app(req: http.IncomingMessage, res: http.ServerResponse, renders: Map<string, number>) {
  const path = (req.url ?? '/').split('?')[0]!;
  renders.set(path, (renders.get(path) ?? 0) + 1);
  const send = (status: number, headers: Record<string, string | string[]>, body: string) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  if (path === '/account') return send(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store' }, `${PAGE}member 1`);
  if (path === '/with-cookie') return send(200, { ...PUBLIC, 'set-cookie': 'xs_session=abc; Path=/; HttpOnly' }, PAGE);
  if (path === '/missing') return send(404, PUBLIC, 'not here');
  if (path.startsWith('/big')) return send(200, PUBLIC, `${path}${noise(path)}`);
  // The first render of /slow waits for `releaseSlow`; later ones answer at once.
  if (path === '/slow' && renders.get(path) === 1) return void slowGate.then(() => send(200, PUBLIC, `${PAGE}slow`));
  // A page rendered for a form post is one shopper's answer (cacheCatalogue marks it no-store).
  if (req.method === 'POST') return send(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store' }, 'posted');
  return send(200, PUBLIC, `${PAGE}${path}`);
}

/** 30,000 hex characters, the same for a path: compressed to about half, so a page with both compressed copies weighs about 60 KB. */
const noisy = new Map<string, string>();
const noise = (path: string) => noisy.get(path) ?? noisy.set(path, randomBytes(15_000).toString('hex')).get(path)!;

let releaseSlow!: () => void;
let slowGate = new Promise<void>((r) => (releaseSlow = r));

let servers: http.Server[] = [];
afterEach(async () => {
  releaseSlow();
  slowGate = new Promise<void>((r) => (releaseSlow = r));
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

/** A server as scripts/serve.mjs wires it: page cache, then compression, then the app. */
async function shop(options: { maxBytes?: number; now?: () => number; waitMs?: number } = {}) {
  const renders = new Map<string, number>();
  const compress = compression({ threshold: 1024, level: 4 });
  let base = '';
  const refreshed: string[] = [];
  const cache = createPageCache({
    ...options,
    refresh: async (url: string, headers: Record<string, string>) => {
      refreshed.push(url);
      await call(url, headers);
    },
  });
  const server = http.createServer((req, res) => {
    const render = (beforeApp?: () => void) =>
      compress(req as never, res as never, () => {
        beforeApp?.();
        app(req, res, renders);
      });
    void cache.handle(req, res, render);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  function call(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(base + path, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? 'mobile=0123456789' : undefined);
    });
  }
  /** Waits until the page cache has kept `n` pages in all (a page is kept once its answer has ended). */
  const settle = async (n = 1) => {
    for (let i = 0; i < 500 && cache.stats().stores < n; i++) await new Promise((r) => setTimeout(r, 10));
  };
  return { call, renders, cache, refreshed, settle };
}

/** Waits until `test()` holds (at most 5 s). */
async function until(test: () => boolean) {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('chooseEncoding', () => {
  it('prefers br, then gzip, honours q values and refusals, else identity', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip;q=0')).toBe('identity');
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('reads PAGE_CACHE_MB (default 48, 0 turns it off) and refuses nonsense', () => {
    expect(pageCacheBytes({})).toBe(48 * 1024 * 1024);
    expect(pageCacheBytes({ PAGE_CACHE_MB: '0' })).toBe(0);
    expect(pageCacheBytes({ PAGE_CACHE_MB: '8' })).toBe(8 * 1024 * 1024);
    expect(() => pageCacheBytes({ PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/);
    expect(() => pageCacheBytes({ PAGE_CACHE_MB: '-1' })).toThrow(/PAGE_CACHE_MB/);
  });
});

describe('page cache', () => {
  it('renders a public page once and serves the kept copy in br, gzip and identity', async () => {
    const s = await shop();
    const first = await s.call('/product/P0001', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cdn-cache-control']).toBeUndefined();
    expect(first.headers['cache-tag']).toBeUndefined();
    await s.settle();
    const expected = `${PAGE}/product/P0001`;

    const br = await s.call('/product/P0001', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['x-cache']).toBe('HIT');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('public');
    expect(br.headers['cdn-cache-control']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected);

    const gz = await s.call('/product/P0001', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(expected);

    const plain = await s.call('/product/P0001');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);

    expect(br.headers.etag).toMatch(/^W\/"/);
    expect(gz.headers.etag).toBe(br.headers.etag);
    expect(s.renders.get('/product/P0001')).toBe(1);
    expect(s.cache.stats()).toMatchObject({ entries: 1, hits: 3 });
  });

  it('lets requests for a page being rendered wait for that render, up to waitMs, then render it themselves', async () => {
    const s = await shop({ waitMs: 300 });
    const first = s.call('/slow');
    await until(() => s.renders.get('/slow') === 1);
    // A render that hangs holds up only its own request: the next one renders after waitMs.
    const started = Date.now();
    const second = await s.call('/slow');
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(`${PAGE}/slow`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(s.renders.get('/slow')).toBe(2);
    releaseSlow();
    expect((await first).status).toBe(200);

    // Requests that arrive while a render is under way share it.
    const pages = await Promise.all([s.call('/product/P0009'), s.call('/product/P0009'), s.call('/product/P0009')]);
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(s.renders.get('/product/P0009')).toBe(1);
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const s = await shop();
    await s.call('/category/PORK');
    await s.settle();
    const { headers } = await s.call('/category/PORK', { 'accept-encoding': 'gzip' });
    const etag = String(headers.etag);
    const notModified = await s.call('/category/PORK', { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'gzip' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    const changed = await s.call('/category/PORK', { 'if-none-match': 'W/"not-this-one"' });
    expect(changed.status).toBe(200);
    const head = await s.call('/category/PORK', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(s.renders.get('/category/PORK')).toBe(1);
  });

  it('never keeps a member page, an answer with Set-Cookie, an error or a form post', async () => {
    const s = await shop();
    for (let i = 0; i < 2; i++) {
      const account = await s.call('/account', { cookie: 'xs_session=member-1' });
      expect(account.body.toString()).toContain('member 1');
      expect(account.headers['x-cache']).toBeUndefined();
      const cookie = await s.call('/with-cookie');
      expect(cookie.headers['set-cookie']).toBeDefined();
      expect((await s.call('/missing')).status).toBe(404);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(s.renders.get('/account')).toBe(2);
    expect(s.renders.get('/with-cookie')).toBe(2);
    expect(s.renders.get('/missing')).toBe(2);
    expect(s.cache.stats().entries).toBe(0);

    // A page kept for GET still renders for a POST to the same URL (an Action's form).
    await s.call('/login-page');
    await s.settle(1);
    const posted = await s.call('/login-page', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST');
    expect(posted.body.toString()).toBe('posted');
    expect(posted.headers['x-cache']).toBeUndefined();
    expect(s.renders.get('/login-page')).toBe(2);
    // Only the public page was ever kept.
    expect(s.cache.stats()).toMatchObject({ stores: 1, entries: 1 });
  });

  it('renders for a request that carries the flash cookie, even when the page is kept', async () => {
    const s = await shop();
    await s.call('/');
    await s.settle();
    expect((await s.call('/')).headers['x-cache']).toBe('HIT');
    const flashed = await s.call('/', { cookie: 'xs_session=m; xs_flash=login_successful' });
    expect(flashed.headers['x-cache']).toBeUndefined();
    expect(s.renders.get('/')).toBe(2);
  });

  it("renders for a request that carries the operators' error drill, even when the page is kept", async () => {
    const s = await shop();
    await s.call('/contacts');
    await s.settle();
    expect((await s.call('/contacts')).headers['x-cache']).toBe('HIT');
    const drilled = await s.call('/contacts', { 'x-error-drill': 'any value: the app decides' });
    expect(drilled.headers['x-cache']).toBeUndefined();
    expect(s.renders.get('/contacts')).toBe(2);
  });

  it('keeps within its budget, dropping the least recently used page', async () => {
    // Each 30 KB page with its gzip and brotli copies (made as they are asked for) weighs about 60 KB: two fit in 150 KB, not three.
    const s = await shop({ maxBytes: 150_000 });
    const keepInEveryEncoding = async (path: string, kept: number) => {
      await s.call(path);
      await s.settle(kept);
      for (const encoding of ['gzip', 'br']) expect((await s.call(path, { 'accept-encoding': encoding })).headers['content-encoding']).toBe(encoding);
    };
    await keepInEveryEncoding('/big-a', 1);
    await keepInEveryEncoding('/big-b', 2);
    expect((await s.call('/big-a')).headers['x-cache']).toBe('HIT'); // a is now the most recent
    await keepInEveryEncoding('/big-c', 3);
    const stats = s.cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(150_000);
    expect(stats.entries).toBe(2);
    expect(stats.evictions).toBe(1);
    expect((await s.call('/big-a')).headers['x-cache']).toBe('HIT');
    expect((await s.call('/big-c')).headers['x-cache']).toBe('HIT');
    expect((await s.call('/big-b')).headers['x-cache']).toBe('MISS');
  });

  it('compresses a kept page in an encoding once, when a request first asks for it, and counts it in the budget', async () => {
    const s = await shop();
    await s.call('/big-a');
    await s.settle(1);
    const before = s.cache.stats().bytes;
    // Two requests for gzip at once: one compression, both answered from the cache.
    const [a, b] = await Promise.all([s.call('/big-a', { 'accept-encoding': 'gzip' }), s.call('/big-a', { 'accept-encoding': 'gzip' })]);
    for (const answer of [a, b]) {
      expect(answer.headers['x-cache']).toBe('HIT');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(answer.body).toString()).toBe(`/big-a${noise('/big-a')}`);
    }
    expect(a.body.equals(b.body)).toBe(true);
    const gzipped = s.cache.stats().bytes;
    expect(gzipped - before).toBe(a.body.length);
    // Asked for again: the kept copy, nothing added. Brotli: made now, counted too.
    await s.call('/big-a', { 'accept-encoding': 'gzip' });
    expect(s.cache.stats().bytes).toBe(gzipped);
    const br = await s.call('/big-a', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(`/big-a${noise('/big-a')}`);
    expect(s.cache.stats().bytes - gzipped).toBe(br.body.length);
    expect(s.renders.get('/big-a')).toBe(1);
  });

  it('serves a stale page while one background request renders it again, then the fresh one', async () => {
    let clock = 1_000_000;
    const s = await shop({ now: () => clock });
    await s.call('/about-us');
    await s.settle();
    clock += 61_000; // past max-age, within stale-while-revalidate
    const stale = await s.call('/about-us');
    expect(stale.headers['x-cache']).toBe('STALE');
    await s.settle(2);
    expect(s.refreshed).toEqual(['/about-us']);
    expect(s.renders.get('/about-us')).toBe(2);
    const fresh = await s.call('/about-us');
    expect(fresh.headers['x-cache']).toBe('HIT');
    expect(fresh.headers.age).toBe('0');
    clock += 700_000; // past stale-while-revalidate: rendered again for the shopper
    expect((await s.call('/about-us')).headers['x-cache']).toBe('MISS');
    expect(s.renders.get('/about-us')).toBe(3);
  });

  it('does not keep a page whose render was in flight when its tags were dropped (it may have read the old data)', async () => {
    const s = await shop();
    const first = s.call('/slow');
    await until(() => s.renders.get('/slow') === 1);
    s.cache.invalidate({ tags: ['catalogue'] });
    releaseSlow();
    expect((await first).status).toBe(200);
    // A request now waits for that render's entry (or renders itself when none was kept).
    expect((await s.call('/slow')).headers['x-cache']).toBe('MISS');
    await s.settle();
    expect(s.cache.stats().stores).toBe(1);
    expect((await s.call('/slow')).headers['x-cache']).toBe('HIT');
  });

  it('ignores a refresh header without the secret and drops entries by tag or path', async () => {
    const s = await shop();
    await s.call('/product/P0002');
    await s.settle();
    const forged = await s.call('/product/P0002', { 'x-page-cache-refresh': 'guess' });
    expect(forged.headers['x-cache']).toBe('HIT');
    s.cache.invalidate({ path: '/product/P0002' });
    expect(s.cache.stats().entries).toBe(0);
    await s.call('/product/P0003');
    await s.settle(2);
    s.cache.invalidate({ tags: ['catalogue'] });
    expect(s.cache.stats().entries).toBe(0);
  });
});
