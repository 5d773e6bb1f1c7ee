/**
 * The installable shop and its service worker's rules (ADR 31): what the worker keeps (src/pwa/rules.ts),
 * the push payload contract, each language's manifest (src/server/http/app-manifest.ts), the icons'
 * drawing, the server's rule that no answer meant for one browser is shared
 * (src/server/http/private-answers.ts) and the worker file's answer (src/server/http/service-worker-file.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCataloguePage, isNeverKept, isShareable, notificationFor, offlinePageFor, splitPrefix } from '../../src/pwa/rules';
import { APP_ICONS, appManifest, THEME_COLOR } from '../../src/server/http/app-manifest.ts';
import { iconSvg } from '../../scripts/lib/service-worker-build.mjs';
import { carriesSession, keepPrivateAnswersPrivate, privateCacheControl } from '../../src/server/http/private-answers.ts';
import { createServiceWorkerFile, RETIRING_WORKER, SERVICE_WORKER_CSP } from '../../src/server/http/service-worker-file.ts';

const answer = (cacheControl: string | null, over: Partial<{ status: number; type: string; redirected: boolean }> = {}) => ({
  status: 200,
  type: 'basic',
  redirected: false,
  ...over,
  headers: new Headers(cacheControl === null ? {} : { 'cache-control': cacheControl }),
});

describe('what the service worker keeps', () => {
  it('splits the language prefix off a path', () => {
    expect(splitPrefix('/')).toEqual({ prefix: '', path: '/' });
    expect(splitPrefix('/zh')).toEqual({ prefix: '/zh', path: '/' });
    expect(splitPrefix('/ar/product/P0001')).toEqual({ prefix: '/ar', path: '/product/P0001' });
    expect(splitPrefix('/zhx')).toEqual({ prefix: '', path: '/zhx' });
  });

  it('keeps catalogue and content pages in every language', () => {
    for (const prefix of ['', '/zh', '/ar']) {
      for (const p of ['/', '/category', '/category/PORK-CUTS', '/product/P0001', '/search-products', '/promotion/1', '/outlets', '/about-us', '/contacts', '/privacy-policy', '/brands/XSF', '/product-list/new', '/shop/catalog']) {
        const pathname = prefix && p === '/' ? prefix : `${prefix}${p}`;
        expect(isCataloguePage(pathname), pathname).toBe(true);
      }
    }
  });

  it('never keeps member pages, the shopping flow, the console, Actions or the API', () => {
    for (const prefix of ['', '/zh', '/ar']) {
      for (const p of ['/account', '/account/orders/1', '/cart', '/checkout', '/favourites', '/order-success', '/login', '/register', '/payment/return', '/_actions/cart.add', '/api/mobile_ecom/xs_api.php/x', '/uploads/a.png']) {
        expect(isNeverKept(`${prefix}${p}`), `${prefix}${p}`).toBe(true);
        expect(isCataloguePage(`${prefix}${p}`), `${prefix}${p}`).toBe(false);
      }
    }
    for (const p of ['/staff', '/staff/catalogue', '/_actions/x', '/api/x']) expect(isNeverKept(p), p).toBe(true);
    // Neither a folder alone nor a look-alike name is a catalogue page.
    for (const p of ['/product/', '/products', '/category-x', '/cartography', '/no-such-page']) expect(isCataloguePage(p), p).toBe(false);
    expect(isNeverKept('/cartography')).toBe(false);
  });

  it('keeps only whole, same-origin answers the server marks public', () => {
    expect(isShareable(answer('public, max-age=60, s-maxage=300, stale-while-revalidate=600'))).toBe(true);
    expect(isShareable(answer('Public'))).toBe(true);
    expect(isShareable(answer(null))).toBe(false);
    expect(isShareable(answer('private, max-age=60'))).toBe(false);
    expect(isShareable(answer('private, no-store'))).toBe(false);
    expect(isShareable(answer('public, no-store'))).toBe(false);
    expect(isShareable(answer('public, private'))).toBe(false);
    expect(isShareable(answer('max-age=60'))).toBe(false);
    expect(isShareable(answer('public', { status: 404 }))).toBe(false);
    expect(isShareable(answer('public', { status: 206 }))).toBe(false);
    expect(isShareable(answer('public', { type: 'opaque' }))).toBe(false);
    expect(isShareable(answer('public', { redirected: true }))).toBe(false);
  });

  it('answers a failed page with the offline page of its language', () => {
    expect(offlinePageFor('/category/PORK-CUTS')).toBe('/offline');
    expect(offlinePageFor('/zh')).toBe('/zh/offline');
    expect(offlinePageFor('/ar/account/orders')).toBe('/ar/offline');
  });
});

describe('push payloads', () => {
  const origin = 'https://shop.example.my';
  const icon = '/icons/icon-192.png';

  it('shows the title, body and tag, and leads to the url in its language and direction', () => {
    expect(notificationFor({ title: 'طلبك جاهز', body: 'تعال لاستلامه', url: '/ar/account/orders/12', tag: 'order-12' }, origin, icon)).toEqual({
      title: 'طلبك جاهز',
      options: { body: 'تعال لاستلامه', tag: 'order-12', data: { url: `${origin}/ar/account/orders/12` }, icon, badge: icon, lang: 'ar', dir: 'rtl' },
    });
    const zh = notificationFor({ title: '到货了', body: '猪肉', url: `${origin}/zh/product/P0001` }, origin, icon);
    expect(zh?.options).toMatchObject({ lang: 'zh-Hans', dir: 'ltr', data: { url: `${origin}/zh/product/P0001` } });
    expect(zh?.options).not.toHaveProperty('tag');
    expect(notificationFor({ title: 'Back in stock', body: '', url: '/product/P0001' }, origin, icon)?.options).toMatchObject({ lang: 'en', dir: 'ltr' });
  });

  it('never leads away from the shop', () => {
    expect(notificationFor({ title: 't', body: 'b', url: 'https://evil.example/x' }, origin, icon)?.options.data.url).toBe(`${origin}/`);
    expect(notificationFor({ title: 't', body: 'b', url: '//evil.example/x' }, origin, icon)?.options.data.url).toBe(`${origin}/`);
    expect(notificationFor({ title: 't', body: 'b', url: 'javascript:alert(1)' }, origin, icon)?.options.data.url).toBe(`${origin}/`);
  });

  it('refuses a payload off the contract', () => {
    for (const p of [null, 'text', 42, {}, { title: '', body: 'b', url: '/' }, { title: 't', url: '/' }, { title: 't', body: 'b' }, { title: 't', body: 1, url: '/' }]) {
      expect(notificationFor(p, origin, icon), JSON.stringify(p)).toBeNull();
    }
  });
});

describe('the manifest of each language', () => {
  const base = { name: 'XS Fresh Mart', shortName: 'XS Mart', description: 'Fresh food' };

  it('starts and stays in its language, Arabic right to left', () => {
    const ar = appManifest({ ...base, locale: 'ar', lang: 'ar', dir: 'rtl', home: '/ar' });
    expect(ar).toMatchObject({ id: '/ar', start_url: '/ar', scope: '/ar', lang: 'ar', dir: 'rtl', display: 'standalone', theme_color: THEME_COLOR, name: 'XS Fresh Mart', short_name: 'XS Mart' });
    expect(appManifest({ ...base, locale: 'en', lang: 'en', dir: 'ltr', home: '/' })).toMatchObject({ start_url: '/', scope: '/', dir: 'ltr' });
  });

  it('names PNG icons of 192 and 512 px and a maskable one', () => {
    const icons = appManifest({ ...base, locale: 'zh', lang: 'zh-Hans', dir: 'ltr', home: '/zh' }).icons as { sizes: string; purpose: string; type: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(new Set(icons.map((i) => i.type))).toEqual(new Set(['image/png']));
  });

  it('draws the logo mark, the maskable one inside the safe zone on a full bleed', () => {
    const logo = fs.readFileSync('public/images/logo.svg', 'utf8');
    const any = iconSvg(logo, 'any', 192);
    expect(any).toMatch(/viewBox="4 8 80 80"/);
    expect(any).toMatch(/width="192" height="192"/);
    const maskable = iconSvg(logo, 'maskable', 512);
    // 80 units of mark in 110, the bleed in the mark's own red; the logo's name clipped off.
    expect(maskable).toMatch(/viewBox="-11 -7 110 110"/);
    expect(maskable).toContain('<rect x="-11" y="-7" width="110" height="110" fill="#c62828"/>');
    expect(maskable).toContain('<svg x="4" y="8" width="80" height="80" viewBox="4 8 80 80">');
    expect(APP_ICONS.every((i) => i.src.endsWith('.png'))).toBe(true);
  });
});

describe('no answer meant for one browser is shared', () => {
  it('makes an answer that sets a cookie private and unstored', () => {
    expect(privateCacheControl('public, max-age=60', { setsCookie: true, signedIn: false, page: true })).toBe('private, no-store');
    expect(privateCacheControl(undefined, { setsCookie: true, signedIn: false, page: false })).toBe('private, no-store');
    expect(privateCacheControl('private, no-store', { setsCookie: true, signedIn: false, page: true })).toBeNull();
  });

  it('makes a public page for a signed-in shopper private, files stay shared', () => {
    expect(privateCacheControl('public, max-age=60, s-maxage=300, stale-while-revalidate=600', { setsCookie: false, signedIn: true, page: true })).toBe('private, max-age=60, stale-while-revalidate=600');
    expect(privateCacheControl('public, max-age=31536000, immutable', { setsCookie: false, signedIn: true, page: false })).toBeNull();
    expect(privateCacheControl('public, max-age=60', { setsCookie: false, signedIn: false, page: true })).toBeNull();
    expect(privateCacheControl('private, no-store', { setsCookie: false, signedIn: true, page: true })).toBeNull();
  });

  it('finds the login cookie among others', () => {
    expect(carriesSession('xs_lang=zh; xs_session=abc')).toBe(true);
    expect(carriesSession('xs_session=abc')).toBe(true);
    expect(carriesSession('xs_sessionx=abc; xs_lang=ar')).toBe(false);
    expect(carriesSession(undefined)).toBe(false);
  });

  it('rewrites the header as the answer is sent, headers given to writeHead too', async () => {
    const server = http.createServer((req, res) => {
      keepPrivateAnswersPrivate(req, res);
      if (req.url === '/cookie') res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, max-age=60', 'set-cookie': 'xs_flash=; Max-Age=0' });
      else {
        res.setHeader('content-type', req.url === '/file' ? 'text/css' : 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'public, max-age=60');
      }
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const get = (p: string, cookie?: string) => fetch(base + p, { headers: cookie ? { cookie } : {} }).then((r) => r.headers.get('cache-control'));
      expect(await get('/cookie')).toBe('private, no-store');
      expect(await get('/page')).toBe('public, max-age=60');
      expect(await get('/page', 'xs_session=sealed')).toBe('private, max-age=60');
      expect(await get('/file', 'xs_session=sealed')).toBe('public, max-age=60');
    } finally {
      server.close();
    }
  });
});

describe('the worker file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-sw-'));
  const file = path.join(dir, 'sw.js');
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    fs.writeFileSync(file, `self.addEventListener('fetch',()=>{});\n`.repeat(50));
    const worker = createServiceWorkerFile(file, '/sw.js');
    expect(createServiceWorkerFile(path.join(dir, 'none.js'), '/sw.js').present).toBe(false);
    server = http.createServer((req, res) => {
      if (!worker.handle(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it('is answered unstale, as JavaScript, with a policy that lets it reach the shop', async () => {
    const res = await fetch(`${base}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(SERVICE_WORKER_CSP);
    expect(SERVICE_WORKER_CSP).toMatch(/connect-src 'self'/);
    expect(await res.text()).toBe(fs.readFileSync(file, 'utf8'));
    const again = await fetch(`${base}/sw.js`, { headers: { 'accept-encoding': 'br', 'if-none-match': res.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('sends its bytes compressed when asked, plain otherwise', async () => {
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) =>
      http.get(`${base}/sw.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }),
    );
    expect(raw.encoding).toBe('gzip');
    expect(zlib.gunzipSync(raw.body).toString()).toBe(fs.readFileSync(file, 'utf8'));
    const plain = await new Promise<string | undefined>((resolve) => http.get(`${base}/sw.js`, { headers: { 'accept-encoding': 'identity' } }, (res) => (res.resume(), resolve(res.headers['content-encoding']))));
    expect(plain).toBeUndefined();
    expect((await fetch(`${base}/other.js`)).status).toBe(418);
    expect((await fetch(`${base}/sw.js`, { method: 'POST' })).status).toBe(418);
  });

  it('with SERVICE_WORKER=false, is a worker that empties the caches and unregisters itself', async () => {
    const retiring = createServiceWorkerFile(path.join(dir, 'none.js'), '/sw.js', { retire: true });
    const one = http.createServer((req, res) => void (retiring.handle(req, res) || res.writeHead(418).end()));
    await new Promise<void>((r) => one.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(one.address() as { port: number }).port}/sw.js`);
      expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      const body = await res.text();
      expect(body).toBe(RETIRING_WORKER);
      expect(body).toContain('caches.delete');
      expect(body).toContain('registration.unregister()');
    } finally {
      one.close();
    }
  });
});
