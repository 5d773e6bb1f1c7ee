/**
 * Every instance shows a catalogue change at once (issue "The chain's own catalogue" §5; ADR 26).
 *
 * Pages say what they show with cache tags (`cacheCatalogue(Astro, tags)`, src/server/cache.ts;
 * the names are `pageTags`). A service that changed something calls `pagesChanged(db, tags)` once its
 * transaction has committed:
 * - this process's page cache drops the pages carrying any of the tags at once (the hook that
 *   src/server/http/serve.ts registers, as Astro's `cache.invalidate` does through
 *   src/server/page-cache-provider.ts);
 * - the other instances hear it through PostgreSQL: `pg_notify('xs_page_changes', …)` with the tags
 *   and this process's id, and each instance LISTENs on its own connection
 *   (`listenForPageChanges`, started by src/server/runtime.ts when DATABASE_URL is set). Several
 *   instances always share one PostgreSQL database (ADR 11), so no other broker is needed. On the
 *   embedded database there is one process and the notice goes nowhere.
 * A listener that (re)connects drops every cached page ('catalogue'): notices sent while it was away
 * are lost, so nothing it kept can be trusted.
 *
 * The storefront at the edge (a Cloudflare Worker, ADR 36), when EDGE_PURGE_URL is set, hears it
 * from the instance that made the change: src/server/edge-purge.ts sends the tags to its purge address.
 *
 * A storefront apart from its API (XS_API_URL) has no database to listen on: it follows the API's
 * `page_changes` feed instead (src/server/remote-page-changes.ts), which carries the same tags.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './xs-api/db/client';
import { PAGE_CACHE_HOOK } from './page-cache-provider';
import { errorFields, log } from './log';
import { processEdgePurger } from './edge-purge';

/** The PostgreSQL channel of page changes. */
export const PAGE_CHANGES_CHANNEL = 'xs_page_changes';
/** This process, so it skips its own notices (it has already dropped those pages). */
export const INSTANCE_ID = randomUUID();
/** Largest payload sent in one notice, in bytes (PostgreSQL allows just under 8000). */
const MAX_PAYLOAD_BYTES = 7_000;

type PageCacheHook = { invalidate(options: { tags?: string | string[] }): void };

/** Who follows this process's page changes (the page_changes feed of storefronts apart from the API). */
const followers = new Set<(tags: string[]) => void>();

/**
 * Calls `listener` with the tags of every page change this process learns of — its own and, on
 * PostgreSQL, the other instances' — until the returned function is called. The API's
 * `page_changes` feed (src/server/xs-api/routes/page-changes.ts) hands them to storefronts apart from it.
 */
export function followPageChanges(listener: (tags: string[]) => void): () => void {
  followers.add(listener);
  return () => void followers.delete(listener);
}

/** Drops this process's cached pages carrying any of `tags` (nothing when no page cache runs), and tells its followers. */
export function invalidateHere(tags: readonly string[]): void {
  if (tags.length === 0) return;
  const hook = (globalThis as Record<symbol, PageCacheHook | undefined>)[PAGE_CACHE_HOOK];
  hook?.invalidate({ tags: [...tags] });
  for (const follower of followers) follower([...tags]);
}

/** The tags as notice payloads of at most MAX_PAYLOAD_BYTES each: `{"from": id, "tags": [...]}`. */
export function noticePayloads(tags: readonly string[], from: string = INSTANCE_ID): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  const encode = (t: string[]) => JSON.stringify({ from, tags: t });
  for (const tag of new Set(tags)) {
    if (chunk.length > 0 && Buffer.byteLength(encode([...chunk, tag])) > MAX_PAYLOAD_BYTES) {
      payloads.push(encode(chunk));
      chunk = [];
    }
    chunk.push(tag);
  }
  if (chunk.length > 0) payloads.push(encode(chunk));
  return payloads;
}

/**
 * After a committed change: drops the pages carrying `tags` here and tells the other instances.
 * Never throws: a notice that cannot be sent is logged (those pages then expire as before, within
 * their max-age and stale-while-revalidate).
 */
export async function pagesChanged(db: Db, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  invalidateHere(tags);
  processEdgePurger()?.enqueue(tags);
  try {
    for (const payload of noticePayloads(tags)) await db.execute(sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${payload})`);
  } catch (err) {
    log.warn({ ...errorFields(err), tags: tags.slice(0, 20) }, 'page changes: notice not sent');
  }
}

/**
 * Listens for other instances' page changes on a connection of its own to `url` and drops the
 * pages they name from this process's page cache (`invalidate`, by default the page cache hook).
 * postgres.js reconnects a lost listener by itself; each (re)connection drops every cached page.
 * @returns `close()` that ends the connection.
 */
export async function listenForPageChanges(url: string, invalidate: (tags: string[]) => void = invalidateHere): Promise<{ close: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  let connectedBefore = false;
  await client.listen(
    PAGE_CHANGES_CHANNEL,
    (payload) => {
      try {
        const notice = JSON.parse(payload) as { from?: string; tags?: unknown };
        if (notice.from === INSTANCE_ID || !Array.isArray(notice.tags)) return;
        invalidate(notice.tags.filter((t): t is string => typeof t === 'string'));
      } catch {
        log.warn({ bytes: payload.length }, 'page changes: unreadable notice ignored');
      }
    },
    () => {
      if (connectedBefore) {
        log.warn({}, 'page changes: listener reconnected; every cached page dropped');
        invalidate(['catalogue']);
      }
      connectedBefore = true;
    },
  );
  return { close: () => client.end({ timeout: 2 }) };
}
