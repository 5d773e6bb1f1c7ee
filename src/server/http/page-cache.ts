/**
 * The page cache in front of the app (ADR 16): catalogue and content pages that the app marks public
 * (`cacheCatalogue` in src/server/cache.ts: `Cache-Control: public…` and the route cache's
 * `CDN-Cache-Control: max-age=…, stale-while-revalidate=…`) are kept with their bodies already
 * compressed (brotli and gzip, computed once, off the event loop) and a weak ETag, so a cached page
 * costs about what a static file costs: no render, no recompression.
 *
 * - Key: the request's path and query as sent (`/zh/product/P0001?x=1`); the locale is in the path,
 *   and the app answers any query parameter a page does not read with a 308 to its canonical URL.
 *   One entry holds the three encodings; the answer picks one by Accept-Encoding
 *   (`Vary: Accept-Encoding`), 304 when If-None-Match names the ETag, no body for HEAD.
 * - Stored only: GET, 200, `Cache-Control` with `public`, `CDN-Cache-Control` max-age > 0, no
 *   Set-Cookie, no `Vary: Cookie` or `Vary: *`, and a body of at most a quarter of the budget.
 *   Never looked up for other methods, nor for a request that carries the one-time flash cookie
 *   (that request is rendered, like any per-user page) or the operators' error drill header.
 * - Freshness as Astro's route cache: fresh for max-age seconds, then served stale for
 *   stale-while-revalidate seconds while one background request renders it again; later, a miss.
 * - Bounded: at most `maxBytes` (bodies and headers), least recently used entries go first.
 * - `invalidate({ tags, path })` drops entries by the tags of `Cache-Tag` or by path (the app's
 *   `Astro.cache.invalidate`, through src/server/page-cache-provider.ts, and the catalogue's
 *   changes, src/server/page-changes.ts, ADR 26). A render still in flight when it is called (its
 *   tags matching, or not known yet) may have read the data before the change: its answer goes to
 *   its shopper but is not kept.
 * - Concurrent misses of one page wait for the first render instead of rendering it again.
 * Each instance behind a proxy keeps its own cache (ADR 11): an entry is never shared; a catalogue
 * change reaches every instance's cache by tag (src/server/page-changes.ts, ADR 26).
 */
import type { Env } from '../settings.ts';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { teeResponse, type TeedResponse } from './response-tee.ts';
import { ERROR_DRILL_HEADER, FLASH_COOKIE } from './request-names.ts';
import type { PageCacheFigures } from './metrics.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that belong to one answer, or that the cache sets itself, never replayed from an entry. */
const NOT_STORED = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'vary', 'age', 'x-request-id', 'x-astro-cache', 'x-cache', 'cdn-cache-control', 'cache-tag', 'set-cookie']);
/** The header a background revalidation carries (with this process's secret). */
export const REFRESH_HEADER = 'x-page-cache-refresh';
/**
 * Brotli quality of a cached page's body. Not 9: on these pages quality 9 cost 110–150 ms of CPU per
 * page (product page 40 KB, home 114 KB), quality 6 1.3–2.8 ms, for bodies 0.7–1.5 % larger
 * (8,868 against 8,810 bytes; 12,736 against 12,552). Every new or refreshed page pays it once, so
 * at quality 9 compressing a page cost five times its render.
 */
export const BROTLI_QUALITY = 6;
/** Default budget when PAGE_CACHE_MB is unset, in MB. */
export const DEFAULT_PAGE_CACHE_MB = 48;

/** Where an answer came from: the cache while fresh (HIT), the cache while revalidated (STALE). */
type Served = 'HIT' | 'STALE';

/** One cached page: its headers, its body in three encodings, its freshness (s) and tags. */
interface Entry {
  key: string;
  headers: [string, OutgoingHttpHeader][];
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  etag: string;
  storedAt: number;
  maxAge: number;
  swr: number;
  tags: string[];
  bytes: number;
  refreshing: boolean;
  label: string | undefined;
}

/** What a render in flight learnt from its headers. */
interface Meta {
  cacheable: boolean;
  headers: [string, OutgoingHttpHeader][];
  maxAge: number;
  swr: number;
  tags: string[];
  seen: boolean;
}

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

/** `max-age` and `stale-while-revalidate` of a Cache-Control-like header, in seconds. */
export function parseDirectives(header: OutgoingHttpHeader | undefined): { maxAge: number; swr: number } {
  let maxAge = 0;
  let swr = 0;
  for (const part of String(header ?? '').split(',')) {
    const [k, v] = part.trim().toLowerCase().split('=');
    if (k === 'max-age') maxAge = Number.parseInt(v ?? '', 10) || 0;
    else if (k === 'stale-while-revalidate') swr = Number.parseInt(v ?? '', 10) || 0;
  }
  return { maxAge, swr };
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
 * - `maxBytes`: budget for bodies and headers, bytes (default 48 MB);
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
  /** key → entry, least recently used first. */
  const entries = new Map<string, Entry>();
  /** key → promise of the entry a render in flight is making (or null). */
  const pending = new Map<string, Promise<Entry | null>>();
  /** Renders in flight; an invalidation that concerns one sets `dropped`. */
  const flights = new Set<{ key: string; meta: Meta; dropped: boolean }>();
  const secret = randomBytes(24).toString('base64url');
  const maxEntryBytes = Math.floor(maxBytes / 4);
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let evictions = 0;
  let stores = 0;

  function remove(key: string) {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  }

  function put(entry: Entry) {
    stores++;
    remove(entry.key);
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(key);
      evictions++;
    }
  }

  /** The entry for a key, marked recently used; expired ones are dropped. */
  function get(key: string): Entry | null {
    const e = entries.get(key);
    if (!e) return null;
    const age = (now() - e.storedAt) / 1000;
    if (age > e.maxAge + e.swr) {
      remove(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, e);
    return e;
  }

  /** Builds an entry from a finished answer, or null when it must not be kept. */
  async function entryFrom(key: string, captured: TeedResponse | null, meta: Meta, label: string | undefined): Promise<Entry | null> {
    if (!captured || captured.status !== 200 || !captured.body || !meta.cacheable) return null;
    const identity = captured.body;
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip(identity, { level: 9 }),
    ]);
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const headerBytes = meta.headers.reduce((n, [k, v]) => n + k.length + String(v).length, 0);
    return {
      key,
      headers: meta.headers,
      bodies: { identity, gzip: gz, br },
      etag,
      storedAt: now(),
      maxAge: meta.maxAge,
      swr: meta.swr,
      tags: meta.tags,
      bytes: identity.length + gz.length + br.length + headerBytes + 256,
      refreshing: false,
      label,
    };
  }

  /** Sends an entry in the encoding the request accepts (304 when the ETag matches). */
  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: Served): void {
    onServe(req, { state, label: entry.label });
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.setHeader('X-Cache', state);
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      for (const name of ['content-type', 'content-length', 'content-language']) res.removeHeader(name);
      res.writeHead(304);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = entry.bodies[encoding];
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
    const meta: Meta = { cacheable: false, headers: [], maxAge: 0, swr: 0, tags: [], seen: false };
    const flight = { key, meta, dropped: false };
    flights.add(flight);
    let resolveEntry: (entry: Entry | null) => void = () => {};
    const made = new Promise<Entry | null>((resolve) => (resolveEntry = resolve));
    pending.set(key, made);
    render(() => {
      const captured = teeResponse(res, {
        maxBytes: maxEntryBytes,
        onHeaders(r) {
          const cdn = r.getHeader('cdn-cache-control');
          const tags = r.getHeader('cache-tag');
          r.removeHeader('cdn-cache-control');
          r.removeHeader('cache-tag');
          meta.seen = true;
          const { maxAge, swr } = parseDirectives(cdn);
          const vary = String(r.getHeader('vary') ?? '').toLowerCase();
          meta.cacheable =
            req.method === 'GET' &&
            r.statusCode === 200 &&
            maxAge > 0 &&
            /(^|,)\s*public\s*(,|$)/i.test(String(r.getHeader('cache-control') ?? '')) &&
            !r.hasHeader('set-cookie') &&
            !/(^|,)\s*(cookie|\*)\s*(,|$)/.test(vary);
          if (!meta.cacheable) return;
          meta.maxAge = maxAge;
          meta.swr = swr;
          meta.tags = tags ? String(tags).split(',').map((t) => t.trim()).filter(Boolean) : [];
          meta.headers = Object.entries(r.getHeaders())
            .filter(([name]) => !NOT_STORED.has(name))
            .filter((pair): pair is [string, OutgoingHttpHeader] => pair[1] !== undefined);
          r.setHeader('X-Cache', 'MISS');
        },
      });
      captured
        .then((c) => (flight.dropped ? null : entryFrom(key, c, meta, c ? describe(req) : undefined)))
        .then((entry) => {
          // Dropped while it was being compressed too: not kept.
          if (entry && !flight.dropped) put(entry);
          resolveEntry(entry && !flight.dropped ? entry : null);
        })
        .catch((err: unknown) => {
          warn('page cache: could not keep a page', { url: key, err: String((err as Error)?.message ?? err) });
          resolveEntry(null);
        })
        .finally(() => {
          flights.delete(flight);
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
    const entry = get(key);
    if (entry) {
      const fresh = (now() - entry.storedAt) / 1000 <= entry.maxAge;
      hits++;
      if (!fresh) revalidate(entry);
      return send(req, res, entry, fresh ? 'HIT' : 'STALE');
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      let timer: NodeJS.Timeout | undefined;
      const made = await Promise.race([inFlight, new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)))]);
      clearTimeout(timer);
      if (made && entries.get(key) === made) {
        hits++;
        return send(req, res, made, 'HIT');
      }
    }
    misses++;
    if (method === 'HEAD') return render();
    return renderAndStore(key, req, res, render);
  }

  /**
   * Drops entries carrying any of `tags`, or stored for `path` (with any query), and keeps from
   * being stored the renders in flight that carry them or whose tags are not known yet.
   */
  function invalidate({ tags, path }: { tags?: string | string[]; path?: string } = {}): void {
    const wanted = new Set(tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]);
    const concerns = (key: string, entryTags: string[]) => (path !== undefined && key.split('?')[0] === path) || entryTags.some((t) => wanted.has(t));
    for (const [key, e] of [...entries]) {
      if (concerns(key, e.tags)) remove(key);
    }
    for (const flight of flights) {
      if (!flight.meta.seen || concerns(flight.key, flight.meta.tags)) flight.dropped = true;
    }
  }

  /** Figures for logs and the bench: entries, bytes, budget, hits, misses, pages kept, evictions. */
  function stats(): PageCacheFigures {
    return { entries: entries.size, bytes, maxBytes, hits, misses, stores, evictions };
  }

  return { handle, invalidate, stats };
}

/**
 * The budget from PAGE_CACHE_MB (megabytes, 0 turns the cache off), in bytes.
 * @throws {Error} when the value is not a non-negative number
 */
export function pageCacheBytes(env: Env): number {
  const raw = (env.PAGE_CACHE_MB ?? '').trim();
  const mb = raw === '' ? DEFAULT_PAGE_CACHE_MB : Number(raw);
  if (!Number.isFinite(mb) || mb < 0) throw new Error(`PAGE_CACHE_MB must be a number of megabytes (0 turns the page cache off), not "${raw}".`);
  return Math.floor(mb * 1024 * 1024);
}
