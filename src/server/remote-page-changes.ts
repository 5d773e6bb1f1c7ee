/**
 * A storefront apart from its API (XS_API_URL) keeps its page cache true to the catalogue by
 * following the API's page-change feed (`GET <API base>/page_changes`, Server-Sent Events; ADR 30):
 * each `changed` event drops the pages carrying its tags here, as a PostgreSQL notice does for an
 * instance with the database (src/server/page-changes.ts). When the feed is lost it is opened again
 * (after 1 s, doubling up to 30 s), and every cached page is dropped when it is back: what was said
 * meanwhile is lost. A feed silent for FEED_SILENCE_MS (the API pings every 20 s) counts as lost.
 */
import { createParser } from 'eventsource-parser';
import { API_KEY_HEADER } from '../lib/xs-api/contract';
import { invalidateHere } from './page-changes';
import { onShutdown } from './lifecycle';
import { errorFields, log } from './log';

/** How long the feed may say nothing before it is opened again (ms). */
export const FEED_SILENCE_MS = 60_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** A running follower: `close()` ends it. */
export type PageChangeFollower = { close: () => void };

/**
 * Follows the feed of the API at `remote` with `apiKey`, calling `invalidate` with the tags of each
 * change, and with ['catalogue'] (every page) on each reconnection after the first. Never throws;
 * failures are logged and retried.
 */
export function followRemotePageChanges(
  remote: { origin: string; basePath: string },
  apiKey: string,
  invalidate: (tags: string[]) => void = invalidateHere,
): PageChangeFollower {
  let closed = false;
  let current: AbortController | undefined;
  let connectedBefore = false;
  let retryMs = RETRY_FIRST_MS;

  async function once(): Promise<void> {
    const abort = new AbortController();
    current = abort;
    let silence = setTimeout(() => abort.abort(), FEED_SILENCE_MS);
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), FEED_SILENCE_MS);
    };
    try {
      const res = await fetch(new URL(`${remote.basePath}/page_changes`, remote.origin), { headers: { [API_KEY_HEADER]: apiKey, accept: 'text/event-stream', 'accept-encoding': 'identity' }, signal: abort.signal });
      if (!res.ok || !res.body) throw new Error(`the API answered ${res.status}`);
      const parser = createParser({
        onEvent: (event) => {
          if (event.event === 'ready') {
            if (connectedBefore) {
              log.warn({}, 'page changes: the API feed is back; every cached page dropped');
              invalidate(['catalogue']);
            }
            connectedBefore = true;
            retryMs = RETRY_FIRST_MS;
          } else if (event.event === 'changed') {
            const tags = (JSON.parse(event.data) as { tags?: unknown }).tags;
            if (Array.isArray(tags)) invalidate(tags.filter((t): t is string => typeof t === 'string'));
          }
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of res.body) {
        heard();
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
    }
  }

  void (async () => {
    while (!closed) {
      await once().catch((err: unknown) => {
        if (!closed) log.warn({ ...errorFields(err), retry_ms: retryMs }, 'page changes: the API feed is lost; opening it again');
      });
      if (closed) break;
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  })();

  return {
    close() {
      closed = true;
      current?.abort();
    },
  };
}

let started: PageChangeFollower | undefined;

/** Starts this process's follower once (the first call to a remote API does); it ends at shutdown. */
export function ensureRemotePageChanges(remote: { origin: string; basePath: string }, apiKey: string): void {
  if (started) return;
  started = followRemotePageChanges(remote, apiKey);
  onShutdown(async () => started?.close());
}
