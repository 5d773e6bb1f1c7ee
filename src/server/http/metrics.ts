/**
 * The shop's Prometheus metrics (docs/architecture.md "Operations"), one registry per process
 * shared by the server (./serve.ts: requests, the page cache) and the app it imports from
 * dist/ (orders, payments, expiry of unpaid orders, the database pool; src/server/metrics.ts). The
 * bundle carries its own copy of this module, so the registry and every metric live on
 * `globalThis` under one symbol: whichever side asks first creates them, the other finds them.
 * Served at `/metrics` by ./serve.ts behind METRICS_TOKEN (README Metrics).
 *
 * Names (all with prom-client's default process and Node metrics: CPU, memory, heap, GC, open
 * file descriptors, and event-loop lag `nodejs_eventloop_lag_seconds` with its percentiles):
 * - `xs_http_request_duration_seconds{method,route,status}` histogram: one observation per answer
 *   (its `_count` is the request rate). `route` is the page or endpoint's pattern
 *   (`/product/[id]`, `/api/mobile_ecom/xs_api.php/add_order/:member`), never the raw URL, so the
 *   labels stay a bounded set; `static` for files, `other` for what no route answered.
 * - `xs_page_cache_requests_total{result="hit"|"miss"}`, `xs_page_cache_stores_total`,
 *   `xs_page_cache_evictions_total`, `xs_page_cache_entries`, `xs_page_cache_bytes`,
 *   `xs_page_cache_max_bytes`: read from the page cache's own figures at each scrape.
 * - `xs_orders_placed_total{fulfilment="PICKUP"|"DELIVERY"}`: new orders (not replays of a submit).
 * - `xs_payment_events_total{provider,kind,outcome}`: provider events (kind paid, failed,
 *   cancelled, ignored) by what they did (applied, ignored, flagged, duplicate).
 * - `xs_order_expiry_runs_total{result="ok"|"failed"}`, `xs_order_expiry_cancelled_total`,
 *   `xs_order_expiry_run_seconds` histogram, `xs_order_expiry_backlog` (orders still To Pay past
 *   their payment window after the last run), `xs_order_expiry_last_run_timestamp_seconds`.
 * - `xs_db_pool_max_connections{driver}`, `xs_db_pool_connections{driver,state="busy"|"idle"}`:
 *   the PostgreSQL pool of this process (1 for the embedded database, whose one connection is busy
 *   while a query runs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import client from 'prom-client';

const KEY = Symbol.for('xs-storefront.metrics');

/** Seconds; from 5 ms (a cached page) to 10 s (a slow render or a timed-out dependency). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What the app tells the server about the request it handled: the route's pattern, the client IP
 * as it resolved it (TRUST_PROXY), the request id of its log lines and the path as it may be
 * logged (numbers masked); `cache` is set by the server for an answer from the page cache.
 */
export interface RequestRecord {
  route?: string;
  ip?: string | null;
  reqId?: string;
  path?: string;
  cache?: 'HIT' | 'STALE';
}

/** The page cache's figures (`stats()` of ./page-cache.ts): entries, bytes, budget and counts. */
export interface PageCacheFigures {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stores: number;
  evictions: number;
}

/** The database pool's figures at a scrape (busy and idle null when the driver does not tell). */
export interface DbPoolFigures {
  driver: string;
  max: number;
  busy: number | null;
  idle: number | null;
}

/** The page cache's counters and gauges: metric name, help, and the figure it reads at each scrape. */
const PAGE_CACHE_COUNTS: [string, string, (s: PageCacheFigures) => number][] = [
  ['xs_page_cache_stores_total', 'Pages the page cache kept (new or refreshed).', (s) => s.stores],
  ['xs_page_cache_evictions_total', 'Pages dropped to stay within PAGE_CACHE_MB.', (s) => s.evictions],
];
const PAGE_CACHE_GAUGES: [string, string, (s: PageCacheFigures) => number][] = [
  ['xs_page_cache_entries', 'Pages held by the page cache.', (s) => s.entries],
  ['xs_page_cache_bytes', 'Bytes held by the page cache (bodies in three encodings and headers).', (s) => s.bytes],
  ['xs_page_cache_max_bytes', 'The page cache budget (PAGE_CACHE_MB), bytes.', (s) => s.maxBytes],
];

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** Answers the page cache's figures, or null. */
  let pageCacheStats: () => PageCacheFigures | null = () => null;
  /** Answers the database pool's figures at a scrape, or null while unknown. */
  let dbPoolStats: () => Promise<DbPoolFigures | null> = async () => null;
  const httpDuration = new client.Histogram({
    name: 'xs_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count is the request rate).',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  new client.Counter({
    name: 'xs_page_cache_requests_total',
    help: 'GET and HEAD requests the page cache answered from memory (hit) or sent on to the app (miss).',
    labelNames: ['result'],
    registers,
    collect() {
      const s = pageCacheStats();
      this.reset();
      this.inc({ result: 'hit' }, s?.hits ?? 0);
      this.inc({ result: 'miss' }, s?.misses ?? 0);
    },
  });
  // The page cache keeps its own counts: each scrape copies them (a counter is reset, then set to the total).
  for (const [name, help, pick] of PAGE_CACHE_COUNTS) {
    new client.Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        const s = pageCacheStats();
        this.inc(s ? pick(s) : 0);
      },
    });
  }
  for (const [name, help, pick] of PAGE_CACHE_GAUGES) {
    new client.Gauge({
      name,
      help,
      registers,
      collect() {
        const s = pageCacheStats();
        this.set(s ? pick(s) : 0);
      },
    });
  }
  return {
    registry,
    /** Per-request records, filled by the app while the server handles a request. */
    requests: new AsyncLocalStorage<RequestRecord>(),
    httpDuration,
    ordersPlaced: new client.Counter({
      name: 'xs_orders_placed_total',
      help: 'Orders placed (a replayed submit is not counted again), by fulfilment.',
      labelNames: ['fulfilment'],
      registers,
    }),
    paymentEvents: new client.Counter({
      name: 'xs_payment_events_total',
      help: 'Payment provider events, by provider, kind (paid, failed, cancelled, ignored) and outcome (applied, ignored, flagged, duplicate).',
      labelNames: ['provider', 'kind', 'outcome'],
      registers,
    }),
    expiryRuns: new client.Counter({ name: 'xs_order_expiry_runs_total', help: 'Runs of the expiry of unpaid orders, by result (ok, failed).', labelNames: ['result'], registers }),
    expiryCancelled: new client.Counter({ name: 'xs_order_expiry_cancelled_total', help: 'Unpaid orders this instance cancelled when their payment window was over.', registers }),
    expiryDuration: new client.Histogram({
      name: 'xs_order_expiry_run_seconds',
      help: 'Time one run of the expiry of unpaid orders took.',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
      registers,
    }),
    expiryBacklog: new client.Gauge({ name: 'xs_order_expiry_backlog', help: 'Orders still To Pay past their payment window, counted after the last expiry run.', registers }),
    expiryLastRun: new client.Gauge({ name: 'xs_order_expiry_last_run_timestamp_seconds', help: 'When the last expiry run ended (Unix time, seconds).', registers }),
    dbPoolMax: new client.Gauge({
      name: 'xs_db_pool_max_connections',
      help: 'Connections the database pool may open (DATABASE_POOL_SIZE; 1 for the embedded database).',
      labelNames: ['driver'],
      registers,
      async collect() {
        const s = await dbPoolStats();
        this.reset();
        if (s) this.set({ driver: s.driver }, s.max);
      },
    }),
    dbPoolConnections: new client.Gauge({
      name: 'xs_db_pool_connections',
      help: 'Connections of the database pool, by state (busy: running a query; idle).',
      labelNames: ['driver', 'state'],
      registers,
      async collect() {
        const s = await dbPoolStats();
        this.reset();
        if (!s || s.busy === null || s.idle === null) return;
        this.set({ driver: s.driver, state: 'busy' }, s.busy);
        this.set({ driver: s.driver, state: 'idle' }, s.idle);
      },
    }),
    /** Where the page cache's figures come from (./serve.ts). */
    setPageCacheStats(fn: () => PageCacheFigures | null) {
      pageCacheStats = fn;
    },
    /** Where the database pool's figures come from (src/server/metrics.ts). */
    setDbPoolStats(fn: () => Promise<DbPoolFigures | null>) {
      dbPoolStats = fn;
    },
  };
}

/** The process's metrics: the registry, the metrics the server and the app update, and where the figures read at each scrape come from. */
export type ShopMetrics = ReturnType<typeof create>;

/**
 * The process's metrics (created on first call, then the same object from the server and the
 * bundle alike).
 */
export function shopMetrics(): ShopMetrics {
  const shared = globalThis as unknown as Record<symbol, ShopMetrics | undefined>;
  return (shared[KEY] ??= create());
}

/** The record of the request being handled by the server, if any (the app fills it). */
export function currentRequest(): RequestRecord | undefined {
  return shopMetrics().requests.getStore();
}
