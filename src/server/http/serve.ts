/**
 * Serves the built shop (dist/) on HOST:PORT (default 0.0.0.0:4321) with gzip/brotli compression of
 * pages, JSON and scripts (the `compression` middleware, honouring Accept-Encoding and Vary).
 * Catalogue and content pages marked public come from the page cache when it holds them, with
 * bodies compressed once per encoding (./page-cache.ts, PAGE_CACHE_MB, ADR 16, ADR 43). The build's hashed
 * scripts and styles are answered from memory, compressed at build time (./static-assets.ts).
 * The build's other files in dist/client are answered by ./public-files.ts, and every other address
 * goes straight to the Astro app (the Node adapter in middleware mode; ADR 49), a ZH or AR page by its
 * path without the prefix (./app-entry.ts, ADR 50). Every response
 * carries the security headers of ./security-policy.ts (a page's own
 * Content-Security-Policy, with its script and style hashes, replaces the strict default).
 * Used by `npm start`, the container image (Dockerfile), the browser tests and `npm run bench`,
 * through scripts/serve.mjs (which first makes sure the project's Node 24 runs it). TypeScript run by
 * Node's type stripping, no build step (ADR 34): erasable syntax only, `.ts` in relative imports.
 *
 * The service worker (`/sw.js`) is answered from memory with `Cache-Control: no-cache` and a policy
 * of its own (./service-worker-file.ts); no answer that sets a cookie, and no page for a
 * signed-in shopper, leaves marked `public` (./private-answers.ts; ADR 31).
 *
 * Product pictures uploaded at run time (`/_u/…`, ./uploaded-pictures.ts, ADR 28) are
 * answered from UPLOADS_DIR with the caching of the pictures made at build time.
 *
 * Health (docs/architecture.md "Operations"; ADR 11): `/healthz` is answered here, before the app
 * (200 while the process runs); `/readyz` goes to the app (src/pages/readyz.ts: database and Redis)
 * except while shutting down, when it answers 503 `{"status":"shutting_down"}`.
 *
 * Graceful shutdown on SIGTERM or SIGINT: stop accepting connections, answer /readyz with 503, let
 * the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS, default 10000 ms; then the remaining
 * connections are cut), close idle keep-alive connections, then run the app's closers (expiry of
 * unpaid orders, Redis, the database pool or PGlite; src/server/lifecycle.ts) and exit 0.
 *
 * Without trusted proxies (TRUST_PROXY unset or 0) a client's X-Forwarded-For is dropped here, so
 * nothing downstream takes a client's claim for its address (src/server/client-ip.ts).
 *
 * Metrics and logs (docs/architecture.md "Operations"; README Metrics and Logs):
 * - `/metrics`: the Prometheus metrics of this process (./metrics.ts, one registry for
 *   this server and the app), only with `Authorization: Bearer <METRICS_TOKEN>`; 401 with another
 *   token or none, and 404 when METRICS_TOKEN is not set (metrics are then off).
 * - One JSON line `request` per answer, written here once it is sent, cached pages, pictures and
 *   files included: method, path, route (the pattern the app matched), status, ms, client IP (as
 *   TRUST_PROXY resolves it), cache (HIT, STALE or MISS), the app's reqId. Answers from the page
 *   cache are logged at the rate LOG_CACHE_HIT_SAMPLE (0 to 1, default 1: every one); /healthz,
 *   /readyz and /metrics at level debug. Every answer is measured in the metrics either way.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import pino from 'pino';
import { securityHeaders } from './security-policy.ts';
import { drainBeforeEnd } from './drain-request.ts';
import { currentEnv, productionConfigProblems, serverSettings, settingsProblems } from '../settings.ts';
import { dataDirInUse, lockedMessage, lockPathOf, lockStaleMs } from './data-dir-lock.ts';
import { createPageCache, pageCacheBytes, type Render } from './page-cache.ts';
import { createImageCache, imageCacheDir, pictureTransforms } from './image-cache.ts';
import { limitSharpThreads } from '../sharp.ts';
import { createUploadedPictures, uploadsDirOf } from './uploaded-pictures.ts';
import { createStaticAssets } from './static-assets.ts';
import { createAppEntry, type AppHandler } from './app-entry.ts';
import { createServiceWorkerFile } from './service-worker-file.ts';
import { keepPrivateAnswersPrivate } from './private-answers.ts';
import { SERVICE_WORKER_PATH } from './app-manifest.ts';
import { shopMetrics, type RequestRecord } from './metrics.ts';
import { clientIpFrom } from './client-ip.ts';
import { metricsAccess } from './metrics-access.ts';
import { needsNewEmbeddedDatabase, prepareDatabaseHere, prepareNewDatabase, PREPARE_DATABASE_ARG } from './prepare-database.ts';

/** The settings, read once here (src/server/settings.ts) and checked before anything else. */
const env = currentEnv();

// Every setting against its schema (src/server/settings.ts): a bad value never starts a broken shop.
const badSettings = settingsProblems(env);
if (badSettings.length > 0) {
  console.error(`Refusing to start with settings that cannot work (README Configuration):\n${badSettings.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

const problems = productionConfigProblems(env);
if (problems.length > 0) {
  console.error(`Refusing to start in production (NODE_ENV=production) with unsafe settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

/** Every value the server itself runs with, defaults applied (src/server/settings.ts ServerSettings). */
const settings = serverSettings(env);

// One process per embedded data directory (ADR 14): refuse now rather than fail every request.
const dataDir = path.resolve(settings.dataDir);
if (!settings.databaseUrl && (await dataDirInUse(dataDir, env).catch(() => false))) {
  console.error(lockedMessage(dataDir, lockPathOf(dataDir), lockStaleMs(env)));
  process.exit(1);
}

const log = pino({ level: settings.logLevel, base: { service: 'xs-storefront' }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } });

// A new embedded database is prepared by a short-lived process of its own, which takes the memory
// that preparing it grows along when it exits (./prepare-database.ts, ADR 41). This process loads
// the app meanwhile, and listens once the database is there.
const preparing = process.argv.includes(PREPARE_DATABASE_ARG);
const prepared = !preparing && needsNewEmbeddedDatabase(settings) ? prepareNewDatabase(fileURLToPath(import.meta.url), dataDir, env, log) : undefined;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { handler } = (await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href)) as { handler: AppHandler };

/** The closers the app registered for shutdown (src/server/lifecycle.ts: a Set on globalThis, shared with the bundle). */
const registeredClosers = () => (globalThis as unknown as Record<symbol, Set<() => Promise<unknown>> | undefined>)[Symbol.for('xs-storefront.shutdown')] ?? [];

if (preparing) process.exit((await prepareDatabaseHere(handler, registeredClosers)) ? 0 : 1);
// Stopped (SIGTERM or SIGINT) while the database was being prepared: ends without having served.
if ((await prepared) === 'stopped') process.exit(0);

// Level 4: most of level 6's saving at about half its CPU cost per response.
const compress = compression({ threshold: 1024, level: 4 });
const { host, port, shutdownTimeoutMs } = settings;

let draining = false;
/** Answers not yet finished. */
const open = new Set<ServerResponse>();

/** A small JSON answer that is never cached and sets no cookie. */
function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const hops = settings.trustProxyHops;
const trustProxy = hops > 0;
// Created before the app is imported, so the bundle finds this registry (./metrics.ts).
const metrics = shopMetrics();
const { metricsToken, logCacheHitSample: hitSample } = settings;
/** What the app reported about each request in flight (its route pattern, client IP, request id). */
const records = new WeakMap<IncomingMessage, RequestRecord>();
const headers = Object.entries(securityHeaders(settings.siteUrl));

// Cached pages with their compressed bodies (./page-cache.ts, ADR 16); PAGE_CACHE_MB=0: none.
const pageCacheMaxBytes = pageCacheBytes(env);
/** This server's own address, for the page cache's background revalidations. */
const loopback = () => `http://${['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
const pages =
  pageCacheMaxBytes > 0
    ? createPageCache({
        maxBytes: pageCacheMaxBytes,
        refresh: (url, extra) => fetch(loopback() + url, { headers: extra, redirect: 'manual' }).then((r) => r.arrayBuffer()).then(() => undefined),
        warn: (msg, data) => log.warn(data, msg),
        describe: (req) => records.get(req)?.route,
        onServe: (req, { state, label }) => Object.assign(records.get(req) ?? {}, { cache: state, route: label ?? 'other' }),
      })
    : null;
if (pages) metrics.setPageCacheStats(() => pages.stats());
// The app's Astro.cache.invalidate reaches this cache (src/server/page-cache-provider.ts).
if (pages) (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('xs-storefront.page-cache')] = pages;
// One libvips thread per transform: pictures are made in the background beside shoppers, and each
// thread keeps its own memory arena (Astro's image service already turns sharp's cache off). sharp
// itself is loaded by the first transform (../sharp.ts).
limitSharpThreads(1);
// Transformed pictures: those made at build time (dist/pictures, scripts/make-pictures.mjs), and the
// others kept on disk across restarts, made in the background at start (./image-cache.ts).
// The build's hashed scripts and styles, compressed at build time and answered from memory.
const assets = createStaticAssets(path.join(root, 'dist/client/_astro'));
// The build's other files, and ZH/AR pages routed by their path without the prefix (./app-entry.ts).
const app = createAppEntry(root, handler);
// The service worker: never kept stale, its own security policy (./service-worker-file.ts, ADR 31).
// SERVICE_WORKER=false: a worker that empties the caches and unregisters itself is answered instead.
const worker = createServiceWorkerFile(path.join(root, 'dist/client', SERVICE_WORKER_PATH), SERVICE_WORKER_PATH, { retire: !settings.serviceWorker });
// Product pictures uploaded at run time (ADR 28): read from UPLOADS_DIR, shared by every instance.
const uploaded = createUploadedPictures({ dir: uploadsDirOf(env) });
const pictures = createImageCache({ dir: imageCacheDir(env), keepIn: env.PICTURES_CACHE_DIR?.trim() || undefined, transforms: pictureTransforms(env), builtDir: path.join(root, 'dist/pictures'), warn: (msg, data) => log.warn(data, msg), info: (msg, data) => log.info(data, msg) });
/**
 * Connection limits (docs/architecture.md "Security"; README Configuration): a client has `headersTimeout` to send
 * its request's headers and `requestTimeout` for the whole request (a 5 MB picture over a slow phone
 * line fits); an idle kept-alive connection closes after `keepAliveTimeout`; the server checks every
 * `connectionsCheckingInterval`. Idle or half-sent connections are closed, never held. In ms;
 * SERVER_HEADERS_TIMEOUT_MS, SERVER_REQUEST_TIMEOUT_MS and SERVER_KEEP_ALIVE_TIMEOUT_MS override the
 * first three. Behind a proxy or load balancer that keeps connections to the shop open, the keep-alive
 * timeout must be longer than the proxy's idle timeout: else the shop may close a connection just as
 * the proxy sends the next request on it, and that request fails (ECONNRESET, a 502 at the proxy).
 */
const connectionLimits = {
  headersTimeout: settings.headersTimeoutMs,
  requestTimeout: settings.requestTimeoutMs,
  keepAliveTimeout: settings.keepAliveTimeoutMs,
  connectionsCheckingInterval: 1_000,
};

const server = http.createServer({ ...connectionLimits, requestTimeout: Math.max(connectionLimits.requestTimeout, connectionLimits.headersTimeout) }, (req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  // An answer that sets a cookie, or a page for a signed-in shopper, is never marked shared (ADR 31).
  keepPrivateAnswersPrivate(req, res);
  // Before compression wraps it: an answer sent before the upload was read still arrives whole.
  drainBeforeEnd(req, res);
  if (!trustProxy) delete req.headers['x-forwarded-for'];
  open.add(res);
  res.once('close', () => open.delete(res));
  // While shutting down, each answer closes its connection, so clients and proxies reconnect elsewhere.
  if (draining) res.shouldKeepAlive = false;
  const pathname = (req.url ?? '/').split('?')[0];
  /** Filled by the app while it handles the request (src/server/request-edge.ts), read when the answer is sent. */
  const record: RequestRecord = {};
  records.set(req, record);
  const started = performance.now();
  res.once('close', () => finished(req, res, record, pathname, started));
  if (pathname === '/healthz' || pathname === '/metrics' || (pathname === '/readyz' && draining)) record.route = pathname;
  if (pathname === '/healthz') return json(res, 200, { status: 'ok' });
  if (pathname === '/metrics') return serveMetrics(req, res);
  if (pathname === '/readyz' && draining) return json(res, 503, { status: 'shutting_down' });
  /** Compression, then the app; `beforeApp` (the page cache's copy of the answer) runs inside compression. */
  const render: Render = (beforeApp) =>
    compress(req, res, () => {
      beforeApp?.();
      metrics.requests.run(record, () => app(req, res));
    });
  if (assets.handle(req, res) || worker.handle(req, res)) return void (record.route = 'static');
  const upload = uploaded.handle(req, res);
  if (upload) {
    record.route = '/_u/[picture]';
    return void upload.catch((err) => failed(req, res, err));
  }
  const picture = pictures.handle(req, res, render);
  if (picture) {
    record.route = '/_p/[picture]';
    return void picture.catch((err) => failed(req, res, err));
  }
  if (!pages) return render();
  pages.handle(req, res, render).catch((err) => failed(req, res, err));
});

/** Methods named in the metrics; any other is counted as 'other' (bounded labels). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Measures an answer once it is sent (or cut) and writes its log line (see the top of this file). */
function finished(req: IncomingMessage, res: ServerResponse, record: RequestRecord, pathname: string, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const status = res.statusCode;
  // Files from dist/client and the prerendered pages never reach the app's middleware.
  const route = record.route ?? (status < 400 ? 'static' : 'other');
  metrics.httpDuration.observe({ method: req.method && METHODS.has(req.method) ? req.method : 'other', route, status: String(status) }, seconds);
  const cache = record.cache ?? 'MISS';
  const hit = cache !== 'MISS';
  if (hit && !(hitSample >= 1 || Math.random() < hitSample)) return;
  const fields = {
    ...(record.reqId ? { reqId: record.reqId } : {}),
    method: req.method,
    path: record.path ?? pathname,
    route,
    status,
    ms: Math.round(seconds * 1000),
    ip: record.ip !== undefined ? record.ip : clientIpFrom(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, hops),
    cache,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
  const probe = route === '/healthz' || route === '/readyz' || route === '/metrics';
  if (status >= 500) log.error(fields, 'request');
  else if (status === 429) log.warn(fields, 'request');
  else if (probe) log.debug(fields, 'request');
  else log.info(fields, 'request');
}

/** `/metrics`: the registry's text with the right token (see the top of this file). */
function serveMetrics(req: IncomingMessage, res: ServerResponse): void {
  const access = metricsAccess(metricsToken, req.headers.authorization);
  if (access === 'off') return json(res, 404, { status: 'not_found' });
  if (access === 'refused') {
    res.setHeader('www-authenticate', 'Bearer realm="metrics"');
    return json(res, 401, { status: 'unauthorized' });
  }
  metrics.registry.metrics().then(
    (text) => {
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(text);
    },
    (err) => failed(req, res, err),
  );
}

/** A cache's own failure (not the app's): logged, answered 500 if nothing was sent yet. */
function failed(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  log.error({ err: String((err as Error)?.message ?? err), url: req.url }, 'cache: request failed');
  if (!res.headersSent) json(res, 500, { status: 'error' });
  else res.destroy();
}

/** Resolves once the shop listens. */
export const listening = new Promise<http.Server>((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, host, () => {
    log.info({ url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` }, 'listening');
    resolve(server);
    // Pictures the pages name and the disk does not hold yet are made now, not for a shopper, each
    // step when no request is being answered (the warm-up's own finish before its next).
    if (settings.pictureWarmup) {
      pictures.warm(loopback(), () => open.size > 0).catch((err: unknown) => log.warn({ err: String((err as Error)?.message ?? err) }, 'pictures: warm-up failed'));
    }
  });
});

// A port taken by another program is said plainly and ends the process with 1 (an unhandled
// rejection here was swallowed by a listener of the app's and ended it with 0, saying nothing).
listening.catch((err: NodeJS.ErrnoException) => {
  console.error(
    err?.code === 'EADDRINUSE' ? `Port ${port} is already in use on ${host}: stop the program using it, or set PORT to a free port.` : `Cannot listen on ${host}:${port}: ${err?.message ?? err}`,
  );
  process.exit(1);
});

/** Stops the server as described above; the process exits 0 (1 when a closer hangs past the timeout). */
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (draining) return;
  draining = true;
  const started = performance.now();
  for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
  log.info({ signal, inFlight: open.size }, 'shutdown: no new connections; waiting for the requests in flight');
  const closed = new Promise((resolve) => server.close(resolve));
  // Keep-alive connections with nothing in flight are closed now and whenever one becomes idle.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), shutdownTimeoutMs)));
  if ((await Promise.race([closed, late])) === 'timeout') {
    log.warn({ inFlight: open.size, timeoutMs: shutdownTimeoutMs }, 'shutdown: requests still running after the timeout; closing their connections');
    server.closeAllConnections();
  }
  clearInterval(idle);
  clearTimeout(timer);
  const done = Promise.allSettled([...registeredClosers()].map((close) => close())).then((results) => {
    for (const r of results) if (r.status === 'rejected') log.error({ err: String((r.reason as Error)?.message ?? r.reason) }, 'shutdown: closing failed');
    return 'closed' as const;
  });
  const hung = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
  const outcome = await Promise.race([done, hung]);
  log.info({ ms: Math.round(performance.now() - started), connectionsClosed: outcome === 'closed' }, 'shutdown: done');
  process.exit(outcome === 'closed' ? 0 : 1);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
