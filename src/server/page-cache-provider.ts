/**
 * Astro cache provider of the shop (astro.config.mjs `cache.provider`, ADR 16). Pages still say what
 * may be cached with `Astro.cache.set` (src/server/cache.ts); Astro turns that into the
 * `CDN-Cache-Control` (max-age, stale-while-revalidate, in seconds) and `Cache-Tag` headers, and
 * the page cache in front of the app (src/server/http/page-cache.ts, run by src/server/http/serve.ts) keeps
 * the page with its compressed bodies and removes those two headers. This provider stores nothing
 * itself (no second copy in memory); `invalidate` reaches the page cache of this process.
 */
import type { CacheProviderFactory } from 'astro';

/** What src/server/http/serve.ts registers under this symbol: its page cache's invalidate. */
type PageCacheHook = { invalidate(options: { tags?: string | string[]; path?: string }): void };
export const PAGE_CACHE_HOOK = Symbol.for('xs-storefront.page-cache');

const pageCacheProvider: CacheProviderFactory = () => ({
  name: 'page-cache',
  async invalidate(options) {
    const hook = (globalThis as Record<symbol, PageCacheHook | undefined>)[PAGE_CACHE_HOOK];
    hook?.invalidate({ tags: options.tags, path: options.path });
  },
});

export default pageCacheProvider;
