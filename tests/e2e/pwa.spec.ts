/**
 * The installable shop and its service worker (ADR 31; README "Installing the shop and using it
 * offline"), in Chromium: installable in English and Arabic with the manifest's icons served as
 * named; catalogue pages visited before open offline in their language, fully styled; a page never
 * visited, and a member's page even when visited, give the offline page of the page's language; the
 * offline page passes axe; a push message in the shape the shop sends (services/push/payload.ts),
 * delivered to the worker through the DevTools protocol, shows its notification in EN and AR (in
 * Chrome's own headless mode: the headless shell denies notifications); a new build's worker takes
 * over the open page at once, drops the old build's page copies, and every page after (online,
 * offline, the offline page) is the new build's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, login } from './helpers';
import { fullChromium } from './browser';
import { pushPayload } from '../../src/server/xs-api/services/push/payload';

// The shop's own service worker is what this file tests (the other browser tests block it).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_TITLE = { '': 'You are offline', '/zh': '您已离线', '/ar': 'أنت غير متصل' } as const;

/** Waits until the page is controlled by the shop's worker (installed with its precache, then claiming the page). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/** Every URL the worker's caches hold, by cache. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(`${name} ${new URL(req.url).pathname}`);
    return out;
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

/** Whether the page has the site's stylesheet applied (not an unstyled copy): the body is a flex column. */
const styled = (page: Page) => page.evaluate(() => getComputedStyle(document.body).display === 'flex' && getComputedStyle(document.body).flexDirection === 'column');

for (const prefix of ['', '/ar'] as const) {
  test(`${prefix || 'EN'}: installable, with the icons its manifest names, and the start URL answers offline`, async ({ page, request, context }) => {
    const home = prefix || '/';
    await page.goto(home);
    await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', `${prefix}/manifest.webmanifest`);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(new URL(url).pathname).toBe(`${prefix}/manifest.webmanifest`);
    const manifest = JSON.parse(data ?? '{}');
    expect(manifest).toMatchObject({ start_url: home, scope: home, lang: prefix ? 'ar' : 'en', dir: prefix ? 'rtl' : 'ltr', display: 'standalone' });
    expect(manifest.name).toBe(prefix ? 'إكس إس فريش مارت' : 'XS Fresh Mart');

    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const res = await request.get(icon.src);
      expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, icon.type]);
      expect(pngSize(await res.body())).toBe(icon.sizes);
    }
    expect((manifest.icons as { purpose: string }[]).map((i) => i.purpose)).toContain('maskable');

    // The start URL, visited under the worker once, answers with no network.
    await page.reload();
    const title = await page.title();
    expect(title).not.toContain(OFFLINE_TITLE[prefix]);
    await context.setOffline(true);
    try {
      const res = await page.goto(manifest.start_url);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      expect(await styled(page)).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });
}

test('offline: pages visited before open in their language, others give the offline page of theirs', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  const visited: Record<string, string> = {};
  for (const prefix of ['', '/ar'] as const) {
    await page.goto(`${prefix}/category/PORK-CUTS`);
    visited[prefix] = (await page.locator('h1').innerText()).trim();
  }
  expect(visited['']).not.toBe(visited['/ar']);
  await context.setOffline(true);
  try {
    for (const prefix of ['', '/ar'] as const) {
      await page.goto(`${prefix}/category/PORK-CUTS`);
      await expect(page.locator('h1')).toHaveText(visited[prefix]);
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      expect(await styled(page)).toBe(true);
      // A product never opened: the offline page, in the language of the address asked for.
      const res = await page.goto(`${prefix}/product/P0003`);
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(`${prefix}/product/P0003`);
      await expect(page.locator('h1')).toHaveText(OFFLINE_TITLE[prefix]);
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? 'ar' : 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      expect(await styled(page)).toBe(true);
      await expectAccessible(page);
    }
  } finally {
    await context.setOffline(false);
  }
  // Online again: the network's page, not the offline one.
  await page.goto('/product/P0003');
  await expect(page.locator('h1')).not.toHaveText(OFFLINE_TITLE['']);
});

test('a member page visited online is never kept: offline it is the offline page', async ({ page, context }) => {
  await login(page);
  await controlled(page);
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.locator('h1')).not.toHaveText(OFFLINE_TITLE['']);
  await page.goto('/zh/cart');
  await expect(page).toHaveURL(/\/zh\/cart$/);
  // A catalogue page seen while signed in is answered privately by the server: not kept either.
  await page.goto('/category/FROZEN-FOOD');
  const kept = await cachedUrls(page);
  expect(kept.filter((u) => /\/(account|cart|checkout|_actions|api)\b|FROZEN-FOOD/.test(u))).toEqual([]);
  // The worker did keep its precache: the offline pages are there.
  expect(kept.filter((u) => u.endsWith('/offline')).length).toBe(3);
  await context.setOffline(true);
  try {
    await page.goto('/account/profile');
    await expect(page.locator('h1')).toHaveText(OFFLINE_TITLE['']);
    await page.goto('/zh/cart');
    await expect(page.locator('h1')).toHaveText(OFFLINE_TITLE['/zh']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  } finally {
    await context.setOffline(false);
  }
});

test('the worker and the manifests are served as browsers need them', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-security-policy']).toContain("connect-src 'self'");
  expect(await sw.text()).toContain('/zh/offline');
  for (const [prefix, lang, dir] of [['', 'en', 'ltr'], ['/zh', 'zh-Hans', 'ltr'], ['/ar', 'ar', 'rtl']] as const) {
    const res = await request.get(`${prefix}/manifest.webmanifest`);
    expect(res.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(await res.json()).toMatchObject({ lang, dir, start_url: prefix || '/', scope: prefix || '/', id: prefix || '/' });
  }
});

/** The words the shop's order-ready push carries (messages/*.json push_order_ready_title), as a member reads them. */
const READY_TITLE = { en: 'Ready for collection', ar: 'طلبك جاهز للاستلام' } as const;

for (const [lang, locale] of [['EN', 'en'], ['AR', 'ar']] as const) {
  test(`${lang}: a push message delivered to the worker shows its notification, in the member's language`, async ({ baseURL }) => {
    // Chrome's own headless mode: the headless shell that runs the other tests never grants notifications.
    const browser = await chromium.launch(fullChromium());
    try {
      const origin = new URL(baseURL!).origin;
      const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
      await context.grantPermissions(['notifications'], { origin });
      const page = await context.newPage();
      await page.goto(locale === 'ar' ? '/ar' : '/');
      await controlled(page);
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');

      // The worker's registration, as the DevTools protocol names it.
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');

      // The message the shop's outbox sends when an order is ready (services/push/payload.ts), in the member's language.
      const payload = pushPayload('order_ready', { notice: 'order_ready', order_refno: 'XS9001', outlet: 'S001', code: '048213' }, locale);
      expect(payload.title).toBe(READY_TITLE[locale]);
      expect(payload.body).toContain('XS9001');
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, dir: n.dir, url: (n.data as { url: string }).url })),
        );
      const id = await registrationId;
      // Delivered again when a busy machine dropped it: the tag keeps it one notification.
      await expect(async () => {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
        await expect.poll(shown, { timeout: 5_000 }).toEqual([
          { title: READY_TITLE[locale], body: payload.body, tag: 'order-XS9001', lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr', url: `${origin}${locale === 'ar' ? '/ar' : ''}/account/orders/XS9001` },
        ]);
      }).toPass({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
  });
}

/**
 * A shop "deployed" twice without a second server: a proxy in front of the test shop, on a port of
 * its own (so a fresh origin, a fresh worker), that answers as build A, then as build B once `next()`
 * is called. Build B's worker is the real /sw.js with the build's id (its page cache's name and the
 * offline pages' precache revision, scripts/lib/service-worker-build.mjs) replaced by another, as a
 * rebuild with changed pages makes it; every HTML page carries `<meta name="x-build">` naming the
 * build that served it. Everything else passes through unchanged, headers included.
 */
async function twoBuilds(shop: string) {
  const real = await (await fetch(new URL('/sw.js', shop))).text();
  const idA = /"revision":"([0-9a-f]{16})","url":"\/offline"/.exec(real)?.[1];
  if (!idA) throw new Error('the build id was not found in /sw.js');
  const idB = idA.replace(/./g, (c) => ((parseInt(c, 16) + 1) % 16).toString(16));
  const builds = { A: real, B: real.replaceAll(idA, idB) };
  let build: 'A' | 'B' = 'A';
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === '/sw.js') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(builds[build]);
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'accept-encoding', 'connection'].includes(k))) as Record<string, string>;
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await new Promise<Buffer>((ok) => { const parts: Buffer[] = []; req.on('data', (c: Buffer) => parts.push(c)).on('end', () => ok(Buffer.concat(parts))); });
      const up = await fetch(new URL(req.url ?? '/', shop), { method: req.method, headers, body: body ? new Uint8Array(body) : undefined, redirect: 'manual' });
      const out: Record<string, string | string[]> = {};
      up.headers.forEach((v, k) => { if (!['content-encoding', 'content-length', 'set-cookie', 'transfer-encoding', 'connection'].includes(k)) out[k] = v; });
      if (up.headers.getSetCookie().length) out['set-cookie'] = up.headers.getSetCookie();
      let bytes = Buffer.from(await up.arrayBuffer());
      if ((up.headers.get('content-type') ?? '').startsWith('text/html')) bytes = Buffer.from(bytes.toString('utf8').replace('<head>', `<head><meta name="x-build" content="${build}">`));
      res.writeHead(up.status, out);
      res.end(bytes);
    } catch (e) {
      res.writeHead(502).end(String(e));
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ids: { A: idA, B: idB },
    next: () => void (build = 'B'),
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

/** The build that served the page shown (its `<meta name="x-build">`). */
const servedBy = (page: Page) => page.locator('meta[name=x-build]').getAttribute('content');

test('a new build: its worker takes over at once, drops the old build\'s page copies, and every page after is the new build\'s', async ({ browser, baseURL }) => {
  const shop = await twoBuilds(baseURL!);
  const context = await browser.newContext({ baseURL: shop.origin, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    // Build A keeps a catalogue page and its offline pages.
    await page.goto('/category/PORK-CUTS');
    expect(await servedBy(page)).toBe('A');
    expect(await cachedUrls(page)).toContain(`xs-pages-${shop.ids.A} /category/PORK-CUTS`);

    // Build B is deployed; the browser checks for an update (as on its next navigation).
    shop.next();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const before = registration.active;
      const claimed = new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      await registration.update();
      await claimed;
      const now = await navigator.serviceWorker.ready;
      const active = now.active!;
      if (active.state !== 'activated') await new Promise((r) => active.addEventListener('statechange', () => active.state === 'activated' && r(null)));
      return { replaced: now.active !== before, state: now.active?.state, waiting: now.waiting, controlsThisPage: navigator.serviceWorker.controller === now.active };
    });
    // B is active and controls the open page without waiting for its tabs to close.
    expect(after).toEqual({ replaced: true, state: 'activated', waiting: null, controlsThisPage: true });

    // A's page copies are gone; the offline pages are B's (precached again at B's revision).
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(`xs-pages-${shop.ids.A}`);
    const offlineRevisions = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) if (new URL(req.url).pathname.endsWith('/offline')) out.push(new URL(req.url).searchParams.get('__WB_REVISION__') ?? '');
      return out;
    });
    expect(offlineRevisions).toEqual([shop.ids.B, shop.ids.B, shop.ids.B]);

    await context.setOffline(true);
    try {
      // Neither the copy A kept nor the browser's HTTP cache's (still fresh: max-age=60) is shown over B: B's offline page.
      await page.goto('/category/PORK-CUTS');
      await expect(page.locator('h1')).toHaveText(OFFLINE_TITLE['']);
      expect(await servedBy(page)).toBe('B');
      expect(await styled(page)).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    // Online, pages are B's, and what B keeps opens offline as B's, fully styled.
    await page.goto('/category/PORK-CUTS');
    expect(await servedBy(page)).toBe('B');
    const heading = (await page.locator('h1').innerText()).trim();
    expect(heading).not.toBe(OFFLINE_TITLE['']);
    expect(await cachedUrls(page)).toContain(`xs-pages-${shop.ids.B} /category/PORK-CUTS`);
    await context.setOffline(true);
    try {
      await page.goto('/category/PORK-CUTS');
      await expect(page.locator('h1')).toHaveText(heading);
      expect(await servedBy(page)).toBe('B');
      expect(await styled(page)).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  } finally {
    await context.close();
    await shop.close();
  }
});
