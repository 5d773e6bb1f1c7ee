/**
 * The page cache in front of the app (ADR 16): catalogue and content pages that the app marks public
 * (`cacheCatalogue` in src/server/cache.ts: `Cache-Control: public…` and the route cache's
 * `CDN-Cache-Control: max-age=…, stale-while-revalidate=…`) are kept with their bodies (compressed
 * per encoding once, when first asked: ADR 43) and a weak ETag, so a cached page costs about what a
 * static file costs: no render, no recompression. This module answers requests; what is kept, for
 * how long, within which budget and how it is invalidated is ./page-store.ts.
 *
 * - Key: the request's path and query as sent (`/zh/product/P0001?x=1`); the locale is in the path,
 *   and the app answers any query parameter a page does not read with a 308 to its canonical URL.
 *   One entry serves the three encodings, each compressed when first asked for (ADR 43); the
 *   answer picks one by Accept-Encoding (`Vary: Accept-Encoding`), 304 when If-None-Match names the
 *   ETag, no body for HEAD.
 * - Looked up only for GET and HEAD, never for a request that carries the one-time flash cookie
 *   (that request is rendered, like any per-user page) or the operators' error drill header.
 * - A miss is rendered while its answer is teed into the store (./response-tee.ts); a stale entry
 *   is served while one background request renders it again (`refresh`, REFRESH_HEADER).
 * - Concurrent misses of one page wait for the first render instead of rendering it again.
 * Each instance behind a proxy keeps its own cache (ADR 11): an entry is never shared; a catalogue
 * change reaches every instance's cache by tag (src/server/page-changes.ts, ADR 26).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { teeResponse } from './response-tee.ts';
import { ERROR_DRILL_HEADER, FLASH_COOKIE } from './request-names.ts';
import type { PageCacheFigures } from './metrics.ts';
import { createPageStore, DEFAULT_PAGE_CACHE_MB, storableMeta, type Entry } from './page-store.ts';

/** The budget from PAGE_CACHE_MB (./page-store.ts), for the server and the tests. */
export { pageCacheBytes } from './page-store.ts';

/** The header a background revalidation carries (with this process's secret). */
export const REFRESH_HEADER = 'x-page-cache-refresh';

/** Where an answer came from: the cache while fresh (HIT), the cache while revalidated (STALE). */
type Served = 'HIT' | 'STALE';

/** Compression, then the app; `beforeApp` runs right before the app handler. */
export type Render = (beforeApp?: () => void) => void;

/** The page cache's options (see createPageCache). */
export interface PageCacheOptions {
  maxBytes?: number;
  now?: () => number;
  refresh?: (url: string, headers: Record<string, string>) => Promise<void>;
  warn?: (msg: string, data?: object) => void;
  waitMs?: number;
  describe?: (req: IncomingMessage) => string | undefined;
  onServe?: (req: IncomingMessage, served: { state: Served; label: string | undefined }) => void;
}

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q among br, gzip and
 * identity ('*' stands for any not named); ties go to br, then gzip. Identity is acceptable unless
 * refused, but loses to any accepted compression.
 * E.g. 'gzip, deflate, br;q=0.9' → 'gzip'.
 */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') weight = Number.isFinite(Number(v)) ? Number(v) : 0;
    }
    q.set(name, weight);
  }
  const star = q.get('*');
  const of = (name: string) => q.get(name) ?? star ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** True when an If-None-Match header names `etag` (weak comparison) or is '*'. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** True when a Cookie header carries the one-time flash cookie. */
function hasFlash(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return String(cookieHeader)
    .split(';')
    .some((c) => c.trim().startsWith(`${FLASH_COOKIE}=`));
}

/**
 * How long a request for a page waits for the render of the same URL that another request started
 * (ms). Past it, the request renders the page itself: one render that hangs (a stalled database
 * call) holds up only its own shopper, never everyone who asks for that page after them.
 */
export const IN_FLIGHT_WAIT_MS = 5_000;


/**
 * A page cache. Options:
 * - `maxBytes`: budget for bodies and headers, bytes (default 48 MB; ./page-store.ts);
 * - `now`: clock in ms (tests; by default a monotonic one, freshness being a matter of elapsed time);
 * - `refresh(url, headers)`: asks the server for `url` with `headers` (the background revalidation;
 *   ./serve.ts sends it to itself);
 * - `warn(msg, data)`;
 * - `waitMs`: how long a request waits for a render of the same URL already in flight before it
 *   renders the page itself, ms (default IN_FLIGHT_WAIT_MS);
 * - `describe(req)`: a short label kept with a page when it is stored, asked once its render is
 *   complete (./serve.ts: the route pattern the app reported, for the metrics of the hits);
 * - `onServe(req, { state, label })`: called when a request is answered from the cache, before the
 *   answer is written: its state (the X-Cache header) and the page's label.
 */
export function createPageCache({ maxBytes = DEFAULT_PAGE_CACHE_MB * 1024 * 1024, now = () => performance.timeOrigin + performance.now(), refresh, warn = () => {}, waitMs = IN_FLIGHT_WAIT_MS, describe = () => undefined, onServe = () => {} }: PageCacheOptions = {}) {
  const store = createPageStore({ maxBytes, now });
  /** key → promise of the entry a render in flight is making (or null). */
  const pending = new Map<string, Promise<Entry | null>>();
  const secret = randomBytes(24).toString('base64url');
  let hits = 0;
  let misses = 0;

  /**
   * Sends an entry in the encoding the request accepts (304 when the ETag matches), compressing it
   * first when no request has asked for that encoding yet (./page-store.ts `encoded`); if that
   * fails, the page goes as it is.
   */
  async function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: Served): Promise<void> {
    onServe(req, { state, label: entry.label });
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Age', String(Math.max(0, Math.floor(store.ageSeconds(entry)))));
    res.setHeader('X-Cache', state);
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      for (const name of ['content-type', 'content-length', 'content-language']) res.removeHeader(name);
      res.writeHead(304);
      res.end();
      return;
    }
    let encoding = chooseEncoding(req.headers['accept-encoding']);
    let body: Buffer;
    try {
      body = await store.encoded(entry, encoding);
    } catch (err) {
      warn('page cache: could not compress a page', { url: entry.key, encoding, err: String((err as Error)?.message ?? err) });
      encoding = 'identity';
      body = entry.bodies.identity;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', String(body.length));
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Starts one background render of a stale entry. */
  function revalidate(entry: Entry) {
    if (entry.refreshing || !refresh) return;
    entry.refreshing = true;
    refresh(entry.key, { [REFRESH_HEADER]: secret, 'accept-encoding': 'identity' })
      .catch((err: unknown) => warn('page cache: background revalidation failed', { url: entry.key, err: String((err as Error)?.message ?? err) }))
      .finally(() => {
        entry.refreshing = false;
      });
  }

  /**
   * Renders through `render(beforeApp)` while copying the answer; keeps it when it may be kept.
   * `render` must call `beforeApp()` right before the app handler (inside compression).
   */
  function renderAndStore(key: string, req: IncomingMessage, res: ServerResponse, render: Render): void {
    const flight = store.takeOff(key);
    let resolveEntry: (entry: Entry | null) => void = () => {};
    const made = new Promise<Entry | null>((resolve) => (resolveEntry = resolve));
    pending.set(key, made);
    render(() => {
      const captured = teeResponse(res, {
        maxBytes: store.maxEntryBytes,
        onHeaders(r) {
          const cdn = r.getHeader('cdn-cache-control');
          const tags = r.getHeader('cache-tag');
          r.removeHeader('cdn-cache-control');
          r.removeHeader('cache-tag');
          if (storableMeta(flight.meta, req.method, r, cdn, tags)) r.setHeader('X-Cache', 'MISS');
        },
      });
      captured
        .then((c) => (flight.dropped ? null : store.entryFrom(key, c, flight.meta, c ? describe(req) : undefined)))
        .then((entry) => {
          // Dropped while it was being compressed too: not kept.
          if (entry && !flight.dropped) store.put(entry);
          resolveEntry(entry && !flight.dropped ? entry : null);
        })
        .catch((err: unknown) => {
          warn('page cache: could not keep a page', { url: key, err: String((err as Error)?.message ?? err) });
          resolveEntry(null);
        })
        .finally(() => {
          store.land(flight);
          if (pending.get(key) === made) pending.delete(key);
        });
    });
  }

  /**
   * Answers `req` from the cache, or renders it with `render(beforeApp)` (compression, then the app;
   * `beforeApp` must run just before the app handler) and keeps the answer when it may be kept.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, render: Render): Promise<void> {
    const method = req.method;
    const key = req.url ?? '/';
    if ((method !== 'GET' && method !== 'HEAD') || key.startsWith('/_image') || key.startsWith('/_p/')) return render();
    if (hasFlash(req.headers.cookie) || req.headers[ERROR_DRILL_HEADER] !== undefined) return render();
    if (req.headers[REFRESH_HEADER] !== undefined) {
      const ours = req.headers[REFRESH_HEADER] === secret;
      delete req.headers[REFRESH_HEADER];
      if (ours) return renderAndStore(key, req, res, render);
    }
    const entry = store.get(key);
    if (entry) {
      const fresh = store.isFresh(entry);
      hits++;
      if (!fresh) revalidate(entry);
      return send(req, res, entry, fresh ? 'HIT' : 'STALE');
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      let timer: NodeJS.Timeout | undefined;
      const made = await Promise.race([inFlight, new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)))]);
      clearTimeout(timer);
      if (made && store.holds(made)) {
        hits++;
        return send(req, res, made, 'HIT');
      }
    }
    misses++;
    if (method === 'HEAD') return render();
    return renderAndStore(key, req, res, render);
  }

  /** Figures for logs and the bench: entries, bytes, budget, hits, misses, pages kept, evictions. */
  function stats(): PageCacheFigures {
    const { entries, bytes, stores, evictions } = store.stats();
    return { entries, bytes, maxBytes, hits, misses, stores, evictions };
  }

  return { handle, invalidate: store.invalidate, stats };
}
