/**
 * The stand-in for the platform's cache in local workerd (src/edge/local-cache.ts, ADR 36): what it
 * keeps, for how long, what a purge drops, and what never leaves the worker. The runtime's Cache API
 * is a map here; the clock is the test's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { keepRule, localEdgeCache } from '../../src/edge/local-cache';

/** The Cache API's `caches.default`, as a map of URL to answer. */
class MapCache {
  entries = new Map<string, Response>();
  async match(req: Request) {
    return this.entries.get(req.url)?.clone();
  }
  async put(req: Request, res: Response) {
    this.entries.set(req.url, new Response(await res.arrayBuffer(), res));
  }
  async delete(req: Request) {
    return this.entries.delete(req.url);
  }
}

const CATALOGUE = { 'cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600', 'cloudflare-cdn-cache-control': 'public, max-age=60, stale-while-revalidate=600', 'cache-tag': 'catalogue,product:P0001,astro-path:/product/P0001', 'content-type': 'text/html' };

describe('the local stand-in for the edge\'s cache', () => {
  let clock = 0;
  let renders = 0;
  let waiting: Promise<unknown>[] = [];
  let cache: ReturnType<typeof localEdgeCache>;
  const waitUntil = (p: Promise<unknown>) => void waiting.push(p);
  const settle = async () => {
    while (waiting.length) await Promise.all(waiting.splice(0));
  };
  const page = (headers: Record<string, string> = CATALOGUE, status = 200) => async () => new Response(`render ${++renders}`, { status, headers });
  const get = async (render: (request: Request) => Promise<Response> = page(), url = 'https://shop.test/product/P0001', method = 'GET') => {
    const res = await cache.serve(new Request(url, { method }), render, waitUntil);
    await settle();
    return { state: res.headers.get('x-edge-cache'), body: await res.text(), res };
  };

  beforeEach(() => {
    clock = 1_000_000;
    renders = 0;
    waiting = [];
    (globalThis as unknown as { caches: { default: MapCache } }).caches = { default: new MapCache() };
    cache = localEdgeCache(() => clock);
  });

  it('keeps a catalogue page: fresh for max-age, then stale while one render replaces it, then a miss', async () => {
    expect(await get()).toMatchObject({ state: 'MISS', body: 'render 1' });
    clock += 59_000;
    expect(await get()).toMatchObject({ state: 'HIT', body: 'render 1' });
    clock += 2_000;
    expect(await get()).toMatchObject({ state: 'STALE', body: 'render 1' });
    expect(await get()).toMatchObject({ state: 'HIT', body: 'render 2' });
    clock += 661_000;
    expect(await get()).toMatchObject({ state: 'MISS', body: 'render 3' });
  });

  it('renders a stale page again without the shopper\'s cookies and credentials, so the new copy is kept', async () => {
    const asked: Request[] = [];
    // Like the shop: an answer to a request with a session cookie refreshes it (sets a cookie), which is never kept.
    const render = async (request: Request) => {
      asked.push(request);
      const headers: Record<string, string> = { ...CATALOGUE };
      if (request.headers.has('cookie')) headers['set-cookie'] = 'session=renewed';
      return new Response(`render ${++renders}`, { status: 200, headers });
    };
    const shopper = () => new Request('https://shop.test/product/P0001', { headers: { cookie: 'session=abc', authorization: 'Bearer x', 'accept-language': 'ms' } });
    await get(render);
    clock += 61_000;
    const stale = await cache.serve(shopper(), render, waitUntil);
    await settle();
    expect(stale.headers.get('x-edge-cache')).toBe('STALE');
    const again = asked.at(-1)!;
    expect([again.headers.has('cookie'), again.headers.has('authorization'), again.headers.get('accept-language')]).toEqual([false, false, 'ms']);
    expect(await get(render)).toMatchObject({ state: 'HIT', body: 'render 2' });
  });

  it('drops the pages of a purged tag, and keeps the others', async () => {
    const home = page({ ...CATALOGUE, 'cache-tag': 'catalogue,listing,astro-path:/' });
    await get();
    await get(home, 'https://shop.test/');
    await cache.purge(['product:P0001']);
    clock += 1;
    expect(await get()).toMatchObject({ state: 'MISS', body: 'render 3' });
    expect(await get(home, 'https://shop.test/')).toMatchObject({ state: 'HIT', body: 'render 2' });
    await cache.purge(['catalogue']);
    clock += 1;
    expect(await get(home, 'https://shop.test/')).toMatchObject({ state: 'MISS' });
  });

  it('does not keep a page whose render started before a purge and ended after it', async () => {
    const slow = async () => {
      const res = await page()();
      await cache.purge(['catalogue']);
      clock += 1;
      return res;
    };
    expect((await get(slow)).state).toBe('MISS');
    expect((await get()).state).toBe('MISS');
  });

  it.each([
    ['a per-user page', { ...CATALOGUE, 'cloudflare-cdn-cache-control': 'no-store' }, 200, 'GET'],
    ['a page that sets a cookie', { ...CATALOGUE, 'set-cookie': 'xs_flash=; Max-Age=0' }, 200, 'GET'],
    ['an error', CATALOGUE, 500, 'GET'],
    ['a page without the provider\'s header', { 'cache-control': 'public, max-age=60' }, 200, 'GET'],
    ['a form post', CATALOGUE, 200, 'POST'],
  ])('never keeps %s', async (_what, headers, status, method) => {
    await get(page(headers as Record<string, string>, status), undefined, method);
    const again = await get(page(headers as Record<string, string>, status), undefined, method);
    expect(again.state).not.toBe('HIT');
    expect(renders).toBe(2);
  });

  it('sends neither Cache-Tag nor the platform\'s Cache-Control on, and keeps the page\'s own', async () => {
    for (const { res } of [await get(), await get()]) {
      expect(res.headers.get('cache-tag')).toBeNull();
      expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
      expect(res.headers.get('cache-control')).toBe(CATALOGUE['cache-control']);
      expect([...res.headers.keys()].filter((k) => k.startsWith('x-edge-') && k !== 'x-edge-cache')).toEqual([]);
    }
    expect(keepRule(new Response('', { headers: CATALOGUE }), 'GET')).toEqual({ maxAge: 60, swr: 600, tags: ['catalogue', 'product:P0001', 'astro-path:/product/P0001'] });
  });
});
