/**
 * The app's side of the Prometheus metrics (issue "Safe to run in production" §6): the one registry
 * of src/server/http/metrics.ts, shared with src/server/http/serve.ts through `globalThis` (the names and
 * labels are listed there and in README Metrics). Here: the route label of a request, the record
 * the app fills for the server's request log line and latency histogram, and the database pool's
 * figures.
 */
import { and, count, inArray, lt, sql } from 'drizzle-orm';
import { currentRequest, shopMetrics } from './http/metrics.ts';
import { API_BASE } from '../lib/xs-api/contract/operation';
import { operations } from '../lib/xs-api/contract';
import type { Db } from './xs-api/db/client';
import { POOL_APPLICATION_NAME, poolSize, resultRows } from './xs-api/db/client';
import { orders } from './xs-api/db/schema';
import { clock } from './clock';

/** The process's metrics (counters of orders, payments, expiry runs…). */
export const metrics = shopMetrics();

export { currentRequest };

/** Each operation's path and its segments: ':param' stands for any one segment, ':param?' for one or none at the end. */
const OPERATION_PATHS = Object.values(operations as Record<string, { path: string }>).map((op) => ({ path: op.path, segments: op.path.split('/') }));

/** True when the request's path `segments` (after the API base) fit an operation's `pattern`. */
function fits(pattern: string[], segments: string[]): boolean {
  const required = pattern.filter((s) => !(s.startsWith(':') && s.endsWith('?'))).length;
  if (segments.length < required || segments.length > pattern.length) return false;
  return segments.every((s, i) => pattern[i]!.startsWith(':') || pattern[i] === s);
}

/**
 * The route label of a request: for the bundled API, the operation's path pattern
 * (`/api/mobile_ecom/xs_api.php/product_detail/:code/:member?`; `…/unknown` for a path naming none), else the
 * route pattern Astro matched (`/product/[id]`). Never the raw URL: the labels stay a bounded set.
 * A locale's path answered before its rewrite (/zh/cart → 302 to the login) still carries the 404
 * route Astro first matched: any answer but a 404 under that route is labelled `other`.
 * @param pathname the request's path without the locale prefix
 * @param routePattern Astro's `ctx.routePattern`
 * @param status the answer's status, when known
 */
export function routeLabel(pathname: string, routePattern: string | undefined, status?: number): string {
  if (pathname.startsWith(`${API_BASE}/`)) {
    const segments = pathname.slice(API_BASE.length + 1).split('/');
    const op = OPERATION_PATHS.find((p) => fits(p.segments, segments));
    return `${API_BASE}/${op ? op.path : 'unknown'}`;
  }
  if (routePattern === '/404' && status !== undefined && status !== 404) return 'other';
  return routePattern || 'other';
}

/** How long a scrape waits for the pool's figures before it leaves them out (ms). */
const POOL_QUERY_TIMEOUT_MS = 1_000;

/**
 * Reports the database pool at each scrape: on PostgreSQL its maximum (DATABASE_POOL_SIZE) and
 * this process's connections busy or idle, read from pg_stat_activity by the pool's own
 * application_name (the scrape's own query is not counted); on the embedded database its one
 * connection (maximum 1; busy and idle are not reported). When the figures do not come within 1 s
 * (every connection taken) the pool is reported all busy; when the database refuses, only its maximum.
 */
export function reportDbPool(db: () => Promise<Db>, driver: 'postgres' | 'pglite'): void {
  metrics.setDbPoolStats(async () => {
    if (driver === 'pglite') return { driver, max: 1, busy: null, idle: null };
    const max = poolSize();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, POOL_QUERY_TIMEOUT_MS, 'late')));
    const query = db()
      .then((d) => d.execute(sql`select count(*) filter (where state <> 'idle')::int as busy, count(*)::int as open from pg_stat_activity where application_name = ${POOL_APPLICATION_NAME}`))
      .then((r) => resultRows<{ busy: number; open: number }>(r)[0] ?? null)
      .catch(() => null);
    const row = await Promise.race([query, late]).finally(() => clearTimeout(timer));
    if (row === 'late') return { driver, max, busy: max, idle: 0 };
    if (!row) return { driver, max, busy: null, idle: null };
    const busy = Math.max(0, Number(row.busy) - 1);
    return { driver, max, busy, idle: Math.max(0, Number(row.open) - 1 - busy) };
  });
}

/**
 * Orders still To Pay (Pending, Processing Payment) placed more than `windowMinutes` before `now`:
 * what the expiry of unpaid orders has yet to cancel.
 */
export async function expiryBacklog(db: Db, windowMinutes: number, now = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(inArray(orders.status, ['Pending', 'Processing Payment']), lt(orders.createdAt, cutoff)));
  return Number(row?.n ?? 0);
}

/**
 * Runs one expiry of unpaid orders (`run`, answering the order numbers it cancelled) and records it:
 * the run's result and time, the orders cancelled, then the backlog left (`backlog`) and when the
 * run ended. A failed run is counted and its error rethrown; the backlog is then counted anyway.
 */
export async function observeExpiryRun<T extends readonly unknown[]>(run: () => Promise<T>, backlog: () => Promise<number>): Promise<T> {
  const end = metrics.expiryDuration.startTimer();
  try {
    const cancelled = await run();
    metrics.expiryRuns.inc({ result: 'ok' });
    metrics.expiryCancelled.inc(cancelled.length);
    return cancelled;
  } catch (err) {
    metrics.expiryRuns.inc({ result: 'failed' });
    throw err;
  } finally {
    end();
    metrics.expiryLastRun.set(clock.ms() / 1000);
    await backlog().then(
      (n) => metrics.expiryBacklog.set(n),
      () => {},
    );
  }
}
