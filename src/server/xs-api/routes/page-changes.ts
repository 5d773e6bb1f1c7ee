/**
 * The page-change feed (ADR 30): `GET <API base>/page_changes`, a stream of Server-Sent Events for
 * storefronts apart from the API (XS_API_URL) that keep their own page caches. `event: ready` once
 * connected (a follower that connects again drops every cached page: what it missed is lost), then
 * `event: changed` with `{"tags": [...]}` for every page change this process learns of (its own
 * writes and, on PostgreSQL, the other instances'; src/server/page-changes.ts), and a comment line
 * every PAGE_CHANGES_PING_MS so idle connections stay open through proxies. Needs the API key.
 */
import type { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { ApiEnv } from '../http';
import { followPageChanges } from '../../page-changes';
import { onShutdown } from '../../lifecycle';

/** How often an idle feed sends a comment line (ms): well under the 60 s a follower waits before it reconnects. */
export const PAGE_CHANGES_PING_MS = 20_000;

/** The feeds open in this process, closed at shutdown so a draining server does not wait for them. */
const open = new Set<SSEStreamingApi>();
let closing = false;
onShutdown(async () => {
  closing = true;
  await Promise.all([...open].map((stream) => stream.close()));
});

/** Registers GET page_changes. */
export function pageChangeRoutes(app: Hono<ApiEnv>) {
  app.get('/page_changes', (c) => {
    const res = streamSSE(c, async (stream) => {
      if (closing) return;
      open.add(stream);
      const stop = followPageChanges((tags) => void stream.writeSSE({ event: 'changed', data: JSON.stringify({ tags }) }).catch(() => undefined));
      const ping = setInterval(() => void stream.write(': ping\n\n').catch(() => undefined), PAGE_CHANGES_PING_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        await new Promise<void>((resolve) => stream.onAbort(resolve));
      } finally {
        clearInterval(ping);
        stop();
        open.delete(stream);
      }
    });
    // no-transform: the server's compression would hold the events back until a buffer fills
    // (set after streamSSE, which sets its own Cache-Control).
    res.headers.set('cache-control', 'no-store, no-transform');
    res.headers.set('x-accel-buffering', 'no');
    return res;
  });
}
