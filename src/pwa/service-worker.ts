/// <reference lib="webworker" />
/**
 * The shop's service worker (ADR 31; README "Installing the shop and using it offline"), bundled
 * with Workbox into dist/client/sw.js at build time (the `xs-installable` step of astro.config.mjs), which
 * writes the build's precache list into `self.__WB_MANIFEST`.
 *
 * - Precached, by revision: the build's scripts and styles (`/_astro/*.js|css`, hashed), the icons,
 *   the logo mark and the picture placeholder, and the offline page in the three languages.
 * - Catalogue and content pages, every language: network first (always fresh when online, no time
 *   limit, past the browser's HTTP cache), kept in this build's page cache when the server marks them shared (src/pwa/rules.ts);
 *   offline, the kept copy, else the offline page in the page's language.
 * - Every other navigation (member pages, the shopping flow, the console): network only, the
 *   offline page when the network fails. Actions, the API and every other request that is not a
 *   picture are not touched at all.
 * - Pictures of the catalogue: stale while revalidate, shared answers only, 300 at most.
 * - A new build's worker takes over at once (skipWaiting, clientsClaim) and drops the page copies of
 *   every earlier build, so an offline page is never one build's HTML over another's scripts.
 * - Push messages and clicks on their notifications (the payload: `PushPayload`, src/pwa/rules.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { isCataloguePage, isNeverKept, isShareable, notificationFor, offlinePageFor } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** The build's id (written in at build time, astro.config.mjs `xs-installable`): names this build's page cache. */
declare const BUILD_ID: string;
/** The notification icon's path (src/server/http/app-manifest.ts NOTIFICATION_ICON). */
declare const NOTIFICATION_ICON: string;

/** Prefix of the page caches; one per build. */
const PAGES_PREFIX = 'xs-pages-';
const PAGES = `${PAGES_PREFIX}${BUILD_ID}`;
const PICTURES = 'xs-pictures';

void self.skipWaiting();
clientsClaim();
// No navigation preload (and off on devices where an earlier build turned it on): a preloaded
// navigation is fetched with the browser's own cache mode, so a page the HTTP cache still holds
// (catalogue pages are `max-age=60`) would come from there, possibly an earlier build's page.
navigationPreload.disable();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Keeps an answer only when it may be shared (src/pwa/rules.ts `isShareable`). */
const sharedOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (!isNeverKept(new URL(request.url).pathname) && isShareable(response) ? response : null),
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * Asks the server itself for a page (`cache: 'no-store'`), never the browser's HTTP cache, where a
 * page of the previous build may still be fresh for a minute after a deploy (catalogue pages are
 * `max-age=60`), and which answers even offline: such a page, kept here, would be shown offline
 * over this build's scripts. Workbox fetches a navigation as it came (its `fetchOptions` are not
 * applied to navigations), so the request is copied (a copy's mode is same-origin, not navigate).
 */
const fromServer: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => new Request(request, { cache: 'no-store' }),
};

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isCataloguePage(url.pathname),
  new NetworkFirst({ cacheName: PAGES, plugins: [fromServer, sharedOnly, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })] }),
);
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

/** The catalogue's pictures: made at build or upload time, the same for everyone. */
const PICTURE_FOLDERS = /^\/(_p|_image|_u|_astro|images|media|icons)\//;
registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url) && PICTURE_FOLDERS.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: PICTURES, plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
);

// A navigation that failed with nothing kept: the offline page in its language.
setCatchHandler(async ({ request, url }) => {
  if (request.mode === 'navigate' && url) return (await matchPrecache(offlinePageFor(url.pathname))) ?? Response.error();
  return Response.error();
});

// Page copies of earlier builds name scripts this build no longer has: dropped once this worker runs.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(PAGES_PREFIX) && n !== PAGES).map((n) => caches.delete(n)))),
  );
});

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = null;
  }
  const shown = notificationFor(payload, self.location.origin, NOTIFICATION_ICON);
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data as { url?: unknown } | null)?.url;
  const target = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
