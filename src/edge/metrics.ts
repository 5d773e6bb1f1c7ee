/**
 * The edge build's `src/server/metrics.ts` (ADR 35): a worker has no Prometheus registry nor a
 * server around the app that measures each request (the platform's analytics do). The edge
 * middleware (src/server/request-edge.ts) then logs the request line itself.
 */
import type { routeLabel as nodeRouteLabel } from '../server/metrics';

/** No server record of the request at the edge. */
export function currentRequest(): undefined {
  return undefined;
}

/** Not asked at the edge (there is no server record to label). */
export const routeLabel: typeof nodeRouteLabel = () => 'other';
