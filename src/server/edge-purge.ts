/**
 * Catalogue changes reach the pages cached at the edge (ADR 36; README "At the edge"). When the
 * storefront also runs as a Cloudflare Worker, its catalogue pages are kept by the platform's cache
 * in front of it; the Node shop that made a change (`pagesChanged`, src/server/page-changes.ts)
 * sends the same tags its own page cache drops to the worker's purge address
 * (`POST {EDGE_PURGE_URL}/_edge/purge`, Bearer EDGE_PURGE_TOKEN; src/edge/purge.ts).
 *
 * - Only the instance that made the change sends it (the others hear it over PostgreSQL for their
 *   own caches only), so one change is one purge however many instances run.
 * - Tags are gathered for BATCH_MS and sent together (an import's many changes → few requests), at
 *   most PURGE_TAGS_MAX per request; a batch holding `catalogue` (every page) is sent as that tag alone.
 * - A failed request (network, timeout of REQUEST_TIMEOUT_MS, 408, 429 or 5xx) is tried again with
 *   backoff (p-retry, RETRIES times, from about 0.5 s to 8 s); a 4xx refusal is not. A purge that
 *   still fails is logged as an error: those pages then leave the edge within their max-age and
 *   stale-while-revalidate (src/server/cache.ts), as before purging existed.
 * Nothing is sent when EDGE_PURGE_URL is unset (no storefront at the edge).
 */
import pRetry, { AbortError } from 'p-retry';
import { EDGE_PURGE_PATH, PURGE_TAGS_MAX } from './edge-purge-names';
import { errorFields, log } from './log';
import { currentEnv, setting, type Env } from './settings';

/** How long tags are gathered before a purge is sent, in ms. */
export const BATCH_MS = 200;
/** How long one purge request may take, in ms. */
export const REQUEST_TIMEOUT_MS = 5_000;
/** How many times a failed purge request is tried again. */
export const RETRIES = 5;

/**
 * Where purges go, from EDGE_PURGE_URL (the worker's origin) and EDGE_PURGE_TOKEN; null when either
 * is unset. @throws Error naming the variable when a value does not fit the settings schema.
 */
export function edgePurgeTarget(env: Env = currentEnv()): { url: string; token: string } | null {
  const origin = setting('EDGE_PURGE_URL', env);
  const token = setting('EDGE_PURGE_TOKEN', env);
  if (!origin || !token) return null;
  return { url: new URL(EDGE_PURGE_PATH, origin).href, token };
}

/** The requests a batch of tags becomes: ['catalogue'] alone when it is there, else chunks of PURGE_TAGS_MAX. */
export function purgeBatches(tags: Iterable<string>): string[][] {
  const all = [...new Set(tags)];
  if (all.includes('catalogue')) return [['catalogue']];
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += PURGE_TAGS_MAX) batches.push(all.slice(i, i + PURGE_TAGS_MAX));
  return batches;
}

/** Options of `edgePurger`: where to send, and (for tests) the retry timing and the fetch to use. */
export interface EdgePurgerOptions {
  target: { url: string; token: string };
  batchMs?: number;
  minTimeoutMs?: number;
  retries?: number;
  fetch?: typeof fetch;
}

/**
 * A sender of purges: `enqueue(tags)` gathers tags and sends them after `batchMs`; `flush()`
 * sends what is gathered now and resolves when every request so far has ended (sent or given up).
 */
export function edgePurger({ target, batchMs = BATCH_MS, minTimeoutMs = 500, retries = RETRIES, fetch: send = fetch }: EdgePurgerOptions) {
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inFlight = new Set<Promise<void>>();

  async function sendOne(tags: string[]): Promise<void> {
    const attempt = async () => {
      const res = await send(target.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return;
      const error = new Error(`edge purge answered ${res.status}`);
      if (res.status >= 500 || res.status === 408 || res.status === 429) throw error;
      throw new AbortError(error);
    };
    try {
      await pRetry(attempt, { retries, minTimeout: minTimeoutMs, maxTimeout: minTimeoutMs * 16 });
      log.info({ event: 'edge_purge', tags: tags.slice(0, 20), count: tags.length }, 'edge purge sent');
    } catch (err) {
      log.error({ ...errorFields(err), event: 'edge_purge', tags: tags.slice(0, 20), count: tags.length }, 'edge purge failed: those pages leave the edge when they expire');
    }
  }

  function flushNow(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Set();
    for (const tags of purgeBatches(batch)) {
      const p = sendOne(tags).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }

  return {
    enqueue(tags: readonly string[]): void {
      if (tags.length === 0) return;
      for (const tag of tags) pending.add(tag);
      if (!timer) timer = setTimeout(flushNow, batchMs);
      timer.unref?.();
    },
    async flush(): Promise<void> {
      flushNow();
      await Promise.all([...inFlight]);
    },
  };
}

let shared: ReturnType<typeof edgePurger> | null | undefined;

/** The process's sender, made from the settings on first use; null when no edge is configured. */
export function processEdgePurger(): ReturnType<typeof edgePurger> | null {
  if (shared === undefined) {
    const target = edgePurgeTarget();
    shared = target ? edgePurger({ target }) : null;
  }
  return shared;
}
