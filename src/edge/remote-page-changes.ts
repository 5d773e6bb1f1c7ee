/**
 * The edge build's `src/server/remote-page-changes.ts` (ADR 35): a worker keeps no page cache of
 * its own and may not hold a connection open between requests, so it follows no page-change feed.
 * Pages cached at the edge are dropped by tag from the API process instead (issue 25 item 2).
 */
import type { ensureRemotePageChanges as nodeEnsure } from '../server/remote-page-changes';

/** Nothing to follow at the edge. */
export const ensureRemotePageChanges: typeof nodeEnsure = () => {};
