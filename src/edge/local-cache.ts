/**
 * The platform's cache in front of the worker, stood in for when the worker runs in workerd on a
 * developer's machine or in CI (ADR 36). On Cloudflare, Workers Cache serves a cached page before
 * the worker runs and purges it by tag (`cache.purge` through Astro's Cloudflare provider); local
 * workerd has neither, so `npm run start:edge` sets EDGE_LOCAL_CACHE=true and the worker keeps the
 * same pages with the runtime's Cache API under the same rules, so the edge's caching and purging
 * can be tested and measured here. Never on the platform: wrangler.edge.jsonc leaves it unset.
 *
 * The rules the platform applies, and this stand-in with it:
 * - kept: a GET answered 200 whose `Cloudflare-CDN-Cache-Control` (set by the provider from
 *   `Astro.cache.set`, src/server/cache.ts) has max-age > 0 and neither no-store nor private, and
 *   that sets no cookie; keyed by its URL; with the tags of its `Cache-Tag`;
 * - fresh for max-age seconds (`x-edge-cache: HIT`), then served for stale-while-revalidate seconds
 *   while one background render replaces it (`STALE`), then rendered again (`MISS`);
 * - `purge(tags)` drops every page carrying one of the tags, including pages whose render started
 *   before the purge and ends after it (they may hold the old data);
 * - `Cache-Tag` and `Cloudflare-CDN-Cache-Control` never leave the worker (the platform removes them).
 * The purge marks live in the isolate's memory: workerd on one machine runs one isolate, and a new
 * run starts with an empty cache (scripts/start-edge.mjs gives each run its own state folder).
 */

/** The Cache API's shared cache of the runtime. */
declare const caches: { default: Cache };

/** Headers the platform consumes and never sends on. */
const PLATFORM_ONLY = ['cache-tag', 'cloudflare-cdn-cache-control'];
/** What the stand-in writes on a kept copy, removed when it is served. */
const STORED_AT = 'x-edge-stored-at';
const ORIGIN_CACHE_CONTROL = 'x-edge-origin-cache-control';

/** Seconds of a directive in a Cache-Control value, e.g. ('public, max-age=60', 'max-age') → 60. */
function seconds(value: string, directive: string): number {
  const m = new RegExp(`(?:^|,)\\s*${directive}=(\\d+)`, 'i').exec(value);
  return m ? Number(m[1]) : 0;
}

/** Freshness and tags of an answer the platform would keep, or null. */
export function keepRule(res: Response, method: string): { maxAge: number; swr: number; tags: string[] } | null {
  if (method !== 'GET' || res.status !== 200 || res.headers.has('set-cookie')) return null;
  const cdn = res.headers.get('cloudflare-cdn-cache-control') ?? '';
  if (/(^|,)\s*(no-store|private)\b/i.test(cdn)) return null;
  const maxAge = seconds(cdn, 'max-age');
  if (maxAge <= 0) return null;
  const tags = (res.headers.get('cache-tag') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  return { maxAge, swr: seconds(cdn, 'stale-while-revalidate'), tags };
}

/** The answer as it leaves the platform: without the headers only the platform reads. */
/** `request` without what names the shopper (cookies, credentials): a background render of a shared page. */
function anonymous(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  headers.delete('authorization');
  return new Request(request.url, { method: 'GET', headers });
}

function outgoing(res: Response, served?: 'HIT' | 'STALE' | 'MISS', age?: number): Response {
  if (!PLATFORM_ONLY.some((h) => res.headers.has(h)) && !served) return res;
  const out = new Response(res.body, res);
  for (const h of PLATFORM_ONLY) out.headers.delete(h);
  if (served) out.headers.set('x-edge-cache', served);
  if (age !== undefined) out.headers.set('age', String(age));
  return out;
}

/** The local stand-in: `serve` in front of the app's render, `purge` for the purge address. */
export function localEdgeCache(now: () => number = Date.now) {
  /** When each tag was last purged (ms). */
  const purgedAt = new Map<string, number>();
  /** URLs being rendered again in the background. */
  const refreshing = new Set<string>();

  const purgedSince = (tags: string[], since: number) => tags.some((t) => (purgedAt.get(t) ?? -1) >= since);

  /** Renders and keeps the answer when the rules allow; answers what was rendered. */
  async function renderAndKeep(key: Request, request: Request, render: (request: Request) => Promise<Response>, waitUntil: (p: Promise<unknown>) => void): Promise<Response> {
    const startedAt = now();
    const res = await render(request);
    const method = request.method;
    const rule = keepRule(res, method);
    if (!rule || purgedSince(rule.tags, startedAt)) return res;
    const copy = new Response(res.clone().body, res);
    copy.headers.set(STORED_AT, String(startedAt));
    copy.headers.set(ORIGIN_CACHE_CONTROL, res.headers.get('cache-control') ?? '');
    copy.headers.set('cache-control', `public, max-age=${rule.maxAge + rule.swr}`);
    waitUntil(caches.default.put(key, copy).catch(() => undefined));
    return res;
  }

  return {
    /**
     * The answer to `request`: from the cache when a kept copy is fresh or may be served stale,
     * else rendered (`render`) and kept. `waitUntil` holds the worker for the background work. A stale
     * copy is rendered again for nobody in particular: `render` is then given the request without the
     * shopper's cookies and credentials, so the new copy can be kept (an answer that sets a cookie never is).
     */
    async serve(request: Request, render: (request: Request) => Promise<Response>, waitUntil: (p: Promise<unknown>) => void): Promise<Response> {
      if (request.method !== 'GET') return outgoing(await render(request));
      const key = new Request(request.url);
      const kept = await caches.default.match(key);
      if (kept) {
        const rule = keepRule(kept, 'GET');
        const storedAt = Number(kept.headers.get(STORED_AT));
        const age = Math.max(0, Math.floor((now() - storedAt) / 1000));
        if (rule && Number.isFinite(storedAt) && !purgedSince(rule.tags, storedAt) && age < rule.maxAge + rule.swr) {
          const out = new Response(kept.body, kept);
          out.headers.set('cache-control', kept.headers.get(ORIGIN_CACHE_CONTROL) ?? '');
          out.headers.delete(STORED_AT);
          out.headers.delete(ORIGIN_CACHE_CONTROL);
          const stale = age >= rule.maxAge;
          if (stale && !refreshing.has(key.url)) {
            refreshing.add(key.url);
            const again = renderAndKeep(key, anonymous(request), render, waitUntil).then((r) => r.body?.cancel()).catch(() => undefined).finally(() => refreshing.delete(key.url));
            waitUntil(again);
          }
          return outgoing(out, stale ? 'STALE' : 'HIT', age);
        }
        waitUntil(caches.default.delete(key).catch(() => undefined));
      }
      return outgoing(await renderAndKeep(key, request, render, waitUntil), 'MISS');
    },
    /** Drops every kept page carrying one of `tags` (from now on, and renders started before now). */
    async purge(tags: string[]): Promise<void> {
      const at = now();
      for (const tag of tags) purgedAt.set(tag, at);
    },
  };
}
