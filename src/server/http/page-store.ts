/**
 * The page cache's store (ADR 16): the pages kept by ./page-cache.ts, which answers requests from
 * it. Each entry holds one page's headers and its body as rendered, with a weak ETag; the body is
 * compressed in an encoding (brotli, gzip) once, off the event loop, when a request first asks for
 * the page in that encoding (`encoded`; ADR 43), and kept beside it. A page rendered once and never
 * asked again (a rare product in a rare language) costs no compression beyond its first answer's.
 *
 * - Kept only: GET, 200, `Cache-Control` with `public`, `CDN-Cache-Control` max-age > 0, no
 *   Set-Cookie, no `Vary: Cookie` or `Vary: *` (`storableMeta`), and a body of at most a quarter of
 *   the budget (the caller tees at most `maxEntryBytes`).
 * - Freshness as Astro's route cache: fresh for max-age seconds, then served stale for
 *   stale-while-revalidate seconds while one background request renders it again; later, gone.
 * - Bounded: at most `maxBytes` (bodies and headers), least recently used entries go first.
 * - `invalidate({ tags, path })` drops entries by the tags of `Cache-Tag` or by path (the app's
 *   `Astro.cache.invalidate`, through src/server/page-cache-provider.ts, and the catalogue's
 *   changes, src/server/page-changes.ts, ADR 26). A render still in flight when it is called (its
 *   tags matching, or not known yet) may have read the data before the change: its answer goes to
 *   its shopper but is not kept (its flight is marked `dropped`).
 */
import type { Env } from '../settings.ts';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { TeedResponse } from './response-tee.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that belong to one answer, or that the cache sets itself, never replayed from an entry. */
const NOT_STORED = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'vary', 'age', 'x-request-id', 'x-astro-cache', 'x-cache', 'cdn-cache-control', 'cache-tag', 'set-cookie']);
/**
 * Brotli quality of a cached page's body. Not 9: on these pages quality 9 cost 110–150 ms of CPU per
 * page (product page 40 KB, home 114 KB), quality 6 1.3–2.8 ms, for bodies 0.7–1.5 % larger
 * (8,868 against 8,810 bytes; 12,736 against 12,552). Every new or refreshed page pays it once, so
 * at quality 9 compressing a page cost five times its render.
 */
export const BROTLI_QUALITY = 6;
/**
 * Gzip level of a cached page's body: zlib's default, not 9. Measured on the pages themselves
 * (product 48 KB, category 37 KB, home 96 KB, 200 compressions each): level 9 cost 0.59 / 0.37 /
 * 0.98 ms a page, level 6 0.46 / 0.30 / 0.63 ms, for bodies 28 / 32 / 82 bytes (0.2–0.6 %) larger;
 * every kept page pays it once, at the first request that asks for it in gzip (ADR 43).
 */
export const GZIP_LEVEL = 6;
/** Default budget when PAGE_CACHE_MB is unset, in MB. */
export const DEFAULT_PAGE_CACHE_MB = 48;

/** One cached page: its headers, its body in three encodings, its freshness (s) and tags. */
export interface Entry {
  key: string;
  headers: [string, OutgoingHttpHeader][];
  /** The body as rendered, and in each encoding a request has asked for so far (see `encoded`). */
  bodies: { identity: Buffer; gzip?: Buffer; br?: Buffer };
  /** A compression under way, per encoding (shared by every request that waits for it). */
  compressing: { gzip?: Promise<Buffer>; br?: Promise<Buffer> };
  etag: string;
  /** When it was kept, ms on the store's clock. */
  storedAt: number;
  maxAge: number;
  swr: number;
  tags: string[];
  bytes: number;
  refreshing: boolean;
  label: string | undefined;
}

/** What a render in flight learnt from its headers (`seen` once they were sent). */
export interface Meta {
  cacheable: boolean;
  headers: [string, OutgoingHttpHeader][];
  maxAge: number;
  swr: number;
  tags: string[];
  seen: boolean;
}

/** A render in flight for `key`; an invalidation that concerns it sets `dropped`. */
export interface Flight {
  key: string;
  meta: Meta;
  dropped: boolean;
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

/**
 * Fills `meta` from an answer's headers as they are about to be sent: whether the page may be kept
 * (see the module's "Kept only"), and if so its freshness, its tags (`cache-tag`, comma-separated)
 * and the headers to replay. `cdn` and `tags` are the CDN-Cache-Control and Cache-Tag values, which
 * the caller has taken off the answer. Returns `meta.cacheable`.
 */
export function storableMeta(meta: Meta, method: string | undefined, r: ServerResponse, cdn: OutgoingHttpHeader | undefined, tags: OutgoingHttpHeader | undefined): boolean {
  meta.seen = true;
  const { maxAge, swr } = parseDirectives(cdn);
  const vary = String(r.getHeader('vary') ?? '').toLowerCase();
  meta.cacheable =
    method === 'GET' &&
    r.statusCode === 200 &&
    maxAge > 0 &&
    /(^|,)\s*public\s*(,|$)/i.test(String(r.getHeader('cache-control') ?? '')) &&
    !r.hasHeader('set-cookie') &&
    !/(^|,)\s*(cookie|\*)\s*(,|$)/.test(vary);
  if (!meta.cacheable) return false;
  meta.maxAge = maxAge;
  meta.swr = swr;
  meta.tags = tags ? String(tags).split(',').map((t) => t.trim()).filter(Boolean) : [];
  meta.headers = Object.entries(r.getHeaders())
    .filter(([name]) => !NOT_STORED.has(name))
    .filter((pair): pair is [string, OutgoingHttpHeader] => pair[1] !== undefined);
  return true;
}

/**
 * A store of pages within `maxBytes` (bodies and headers, bytes), on the clock `now` (ms).
 * `maxEntryBytes` is the largest body it keeps (a quarter of the budget).
 */
export function createPageStore({ maxBytes, now }: { maxBytes: number; now: () => number }) {
  /** key → entry, least recently used first. */
  const entries = new Map<string, Entry>();
  /** Renders in flight, for invalidate. */
  const flights = new Set<Flight>();
  const maxEntryBytes = Math.floor(maxBytes / 4);
  let bytes = 0;
  let evictions = 0;
  let stores = 0;

  function remove(key: string) {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  }

  /** Keeps an entry (replacing one of the same key), then evicts the least recently used over budget. */
  function put(entry: Entry) {
    stores++;
    remove(entry.key);
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    evictOverBudget();
  }

  /** Removes the least recently used entries while the store holds more than its budget. */
  function evictOverBudget() {
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(key);
      evictions++;
    }
  }

  /**
   * The body of `entry` in `encoding`: the identity bytes, or the compressed ones, made when a
   * request first asks for that encoding (brotli at BROTLI_QUALITY, gzip at GZIP_LEVEL, in the thread
   * pool) and then kept with the entry, counted in the budget while the store holds it. Requests
   * asking meanwhile share one compression.
   * @returns the bytes, at once when they are there, else a promise of them (rejected when the
   * compression fails; the caller may answer with the identity bytes instead)
   */
  function encoded(entry: Entry, encoding: 'identity' | 'gzip' | 'br'): Buffer | Promise<Buffer> {
    if (encoding === 'identity') return entry.bodies.identity;
    const done = entry.bodies[encoding];
    if (done) return done;
    const identity = entry.bodies.identity;
    return (entry.compressing[encoding] ??= (
      encoding === 'br' ? brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }) : gzip(identity, { level: GZIP_LEVEL })
    ).then(
      (body) => {
        entry.bodies[encoding] = body;
        delete entry.compressing[encoding];
        const held = holds(entry);
        entry.bytes += body.length;
        if (held) {
          bytes += body.length;
          evictOverBudget();
        }
        return body;
      },
      (err: unknown) => {
        delete entry.compressing[encoding];
        throw err;
      },
    ));
  }

  /** The entry for a key, marked recently used; expired ones are dropped. */
  function get(key: string): Entry | null {
    const e = entries.get(key);
    if (!e) return null;
    if (ageSeconds(e) > e.maxAge + e.swr) {
      remove(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, e);
    return e;
  }

  /** True while `entry` is the one kept for its key (a render's result that was not dropped or evicted). */
  function holds(entry: Entry): boolean {
    return entries.get(entry.key) === entry;
  }

  /** Seconds since an entry was kept (fractional). */
  function ageSeconds(entry: Entry): number {
    return (now() - entry.storedAt) / 1000;
  }

  /** True while an entry is within its max-age (past it, it is stale until max-age + swr). */
  function isFresh(entry: Entry): boolean {
    return ageSeconds(entry) <= entry.maxAge;
  }

  /** Builds an entry from a finished answer (its body as rendered: see `encoded`), or null when it must not be kept. */
  function entryFrom(key: string, captured: TeedResponse | null, meta: Meta, label: string | undefined): Entry | null {
    if (!captured || captured.status !== 200 || !captured.body || !meta.cacheable) return null;
    const identity = captured.body;
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const headerBytes = meta.headers.reduce((n, [k, v]) => n + k.length + String(v).length, 0);
    return {
      key,
      headers: meta.headers,
      bodies: { identity },
      compressing: {},
      etag,
      storedAt: now(),
      maxAge: meta.maxAge,
      swr: meta.swr,
      tags: meta.tags,
      bytes: identity.length + headerBytes + 256,
      refreshing: false,
      label,
    };
  }

  /** Registers a render in flight for `key` (its meta filled in as its headers come); `land` it when done. */
  function takeOff(key: string): Flight {
    const flight: Flight = { key, meta: { cacheable: false, headers: [], maxAge: 0, swr: 0, tags: [], seen: false }, dropped: false };
    flights.add(flight);
    return flight;
  }

  /** Ends a render in flight. */
  function land(flight: Flight): void {
    flights.delete(flight);
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

  /** The store's figures: entries, bytes, budget, pages kept, evictions. */
  function stats() {
    return { entries: entries.size, bytes, maxBytes, stores, evictions };
  }

  return { maxEntryBytes, put, get, holds, ageSeconds, isFresh, entryFrom, encoded, takeOff, land, invalidate, stats };
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
