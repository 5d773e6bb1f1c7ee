/**
 * How requests reach the built app (src/server/http/app-entry.ts, src/i18n/locale-prefix.ts; ADR 49 and
 * 50): a URL that cannot be decoded is refused with 400; a file of the build is answered without the
 * app; a GET or HEAD of a ZH or AR page goes to the app by its path without the prefix, naming the
 * asked path in `locals.requestPath`, and back the usual way (prefix and all, no locals) when no
 * route matches; every other request (EN, a post, the API, Astro's own addresses, the console) goes
 * as it came.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppEntry, type AppHandler } from '../../src/server/http/app-entry.ts';
import { splitLocale, unprefixedPage } from '../../src/i18n/locale-prefix.ts';
import { raw } from '../e2e/raw-http';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-entry-'));
/** What the fake app was given, call by call. */
let calls: { url: string | undefined; locals: unknown; withNext: boolean }[] = [];
/** Paths the fake app has a route for (without prefix). */
const routes = new Set(['/', '/cart', '/product/P0001']);
let server: http.Server;
let base = '';

const handler: AppHandler = async (req: IncomingMessage, res: ServerResponse, next, locals) => {
  calls.push({ url: req.url, locals, withNext: next !== undefined });
  const pathname = (req.url ?? '/').split('?')[0];
  if (!routes.has(pathname) && next) return next();
  res.statusCode = routes.has(pathname) ? 200 : 404;
  res.end(`app ${req.url}`);
};

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/client/favicon.svg'), '<svg/>');
  const entry = createAppEntry(root, handler);
  server = http.createServer(entry);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  calls = [];
});

/** A request as written (path not normalised): its status and body text (tests/e2e/raw-http.ts). */
async function send(url: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const answer = await raw(base, method, url);
  return { status: answer.status, body: answer.body.toString() };
}

describe('the app entry', () => {
  it('refuses a URL that cannot be decoded with 400, before the app', async () => {
    expect(await send('/zh/%E0%A4%A')).toEqual({ status: 400, body: 'Bad request.' });
    expect(calls).toEqual([]);
  });

  it('answers a file of the build without the app', async () => {
    expect(await send('/favicon.svg')).toEqual({ status: 200, body: '<svg/>' });
    expect(calls).toEqual([]);
  });

  it('hands a ZH or AR page to the app by its path without the prefix, query kept, naming the asked path', async () => {
    expect(await send('/zh/product/P0001?sort=latest')).toEqual({ status: 200, body: 'app /product/P0001?sort=latest' });
    expect(calls).toEqual([{ url: '/product/P0001?sort=latest', locals: { requestPath: '/zh/product/P0001' }, withNext: true }]);
    calls = [];
    expect((await send('/ar', 'HEAD')).status).toBe(200);
    expect(calls).toEqual([{ url: '/', locals: { requestPath: '/ar' }, withNext: true }]);
  });

  it('sends a path no page matches the usual way: prefix and all, no locals', async () => {
    expect(await send('/zh/zh/cart')).toEqual({ status: 404, body: 'app /zh/zh/cart' });
    expect(calls).toEqual([
      { url: '/zh/cart', locals: { requestPath: '/zh/zh/cart' }, withNext: true },
      { url: '/zh/zh/cart', locals: undefined, withNext: false },
    ]);
  });

  it('sends EN pages, posts, the API, Astro’s own addresses and the console as they came', async () => {
    for (const [url, method] of [['/cart', 'GET'], ['/zh/cart', 'POST'], ['/zh/api/mobile_ecom/xs_api.php/x', 'GET'], ['/ar/_actions/cart.add', 'GET'], ['/zh/_image?href=x', 'GET'], ['/zh/staff', 'GET'], ['/zh/staff/orders', 'GET']]) {
      calls = [];
      await send(url, method);
      expect(calls).toEqual([{ url, locals: undefined, withNext: false }]);
    }
  });
});

describe('locale prefixes', () => {
  it('splits only a whole zh or ar segment', () => {
    expect(splitLocale('/zh')).toEqual({ locale: 'zh', path: '/' });
    expect(splitLocale('/ar/cart')).toEqual({ locale: 'ar', path: '/cart' });
    expect(splitLocale('/zhx/cart')).toEqual({ locale: 'en', path: '/zhx/cart' });
    expect(splitLocale('/ZH/cart')).toEqual({ locale: 'en', path: '/ZH/cart' });
    expect(splitLocale('')).toEqual({ locale: 'en', path: '/' });
  });

  it('names the pages handed over unprefixed, and nothing else', () => {
    expect(unprefixedPage('GET', '/zh/category/PORK?sort=latest')).toEqual({ url: '/category/PORK?sort=latest', requestPath: '/zh/category/PORK' });
    expect(unprefixedPage('HEAD', '/ar/')).toEqual({ url: '/', requestPath: '/ar/' });
    expect(unprefixedPage('GET', '/cart')).toBeNull();
    expect(unprefixedPage('POST', '/zh/cart')).toBeNull();
    expect(unprefixedPage(undefined, '/zh/cart')).toBeNull();
    expect(unprefixedPage('GET', '/zh/api/mobile_ecom/x')).toBeNull();
    expect(unprefixedPage('GET', '/zh/_actions/x')).toBeNull();
    expect(unprefixedPage('GET', '/zh/staff')).toBeNull();
    expect(unprefixedPage('GET', '/zh/staffroom')).toEqual({ url: '/staffroom', requestPath: '/zh/staffroom' });
  });
});
