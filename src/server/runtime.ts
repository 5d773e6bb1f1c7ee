/**
 * The process-wide bundled API and database for the storefront (docs/architecture.md One picture). The database
 * opens, migrates and — when empty and SEED_DEMO_DATA is on — loads the demo data on first use
 * (db/start-data.ts).
 */
import { createXsApi } from './xs-api/app';
import { directApi } from './xs-api/direct';
import { sql } from 'drizzle-orm';
import { closeDb, getDb, resultRows, targetFromEnv } from './xs-api/db/client';
import { prepareStartData } from './xs-api/db/start-data';
import { analyzeAll, runUpkeep, UPKEEP_INTERVAL_MS } from './xs-api/db/upkeep';
import { config } from './config';
import { onShutdown } from './lifecycle';
import { limitsFromEnv, type AbuseLimits } from './xs-api/adapters/rate-limit';
import { errorFields, log } from './log';
import { paymentAdapter } from './xs-api/adapters/payment';
import { expireUnpaidOrders } from './xs-api/services/payments';
import { listenForPageChanges } from './page-changes';
import { oneAtATime } from './one-at-a-time';
import { expiryBacklog, observeExpiryRun, reportDbPool } from './metrics';
import { outboxDispatcher } from './xs-api/services/push/outbox';
import { pushFromConfig } from './xs-api/adapters/push';
import { smsFromEnv } from './xs-api/adapters/sms';
import { currentEnv } from './settings';

let ready: Promise<Awaited<ReturnType<typeof getDb>>> | undefined;

/**
 * The database, migrated, with its start-up data (db/start-data.ts, under an advisory lock so
 * instances starting together take turns): the demo data loaded into an empty catalogue when
 * SEED_DEMO_DATA is on, and an existing catalogue's texts and search text brought up to date
 * (ADR 19); then planner statistics gathered (on PostgreSQL only for a database just seeded), and
 * on the embedded database kept up to date as autovacuum would (db/upkeep.ts, ADR 23).
 */
export function readyDb() {
  ready ??= (async () => {
    const db = await getDb();
    const [applied] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    log.info({ event: 'migrations', applied: Number(applied?.n ?? 0), database: 'url' in targetFromEnv() ? 'postgresql' : 'pglite' }, 'database migrated');
    const { seeded, changed } = await prepareStartData(db, { seedDemoData: config.seedDemoData });
    if (changed > 0) log.info({ changed }, 'catalogue texts refreshed');
    // PostgreSQL's autovacuum keeps its statistics; a database just seeded gets them now, not in a minute.
    const embedded = !('url' in targetFromEnv());
    if (embedded || seeded) await analyzeAll(db);
    if (embedded) startUpkeep();
    reportDbPool(readyDb, embedded ? 'pglite' : 'postgres');
    // Listening before the first page is rendered, so no change made meanwhile goes unheard.
    if (!embedded) await startPageChangeListener();
    return db;
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

let pageListener: ReturnType<typeof listenForPageChanges> | undefined;

/**
 * On PostgreSQL, hears the other instances' catalogue changes and drops the pages they name from
 * this process's page cache (src/server/page-changes.ts, ADR 26). A failed start is logged and
 * this instance's pages then follow other instances' changes only by age (their max-age and
 * stale-while-revalidate). Never throws.
 */
async function startPageChangeListener(): Promise<void> {
  const target = targetFromEnv();
  if (pageListener || !('url' in target)) return;
  const listening = listenForPageChanges(target.url);
  pageListener = listening;
  await listening.catch((err) => {
    log.error(errorFields(err), 'page changes: could not listen');
    if (pageListener === listening) pageListener = undefined;
  });
}

let api: Promise<ReturnType<typeof createXsApi>> | undefined;
let limits: Promise<AbuseLimits> | undefined;

/** The process's abuse limits (adapters/rate-limit.ts): in Redis when REDIS_URL is set, else memory. */
export function abuseLimits(): Promise<AbuseLimits> {
  limits ??= limitsFromEnv();
  return limits;
}

/** The payment adapter of PAYMENT_PROVIDER (ADR 10), over the process database; made once. */
export const payments = () =>
  (adapter ??= paymentAdapter(config.paymentProvider, {
    db: readyDb,
    sandboxSecret: config.paymentSandboxSecret,
    stripeSecretKey: config.stripeSecretKey,
    stripeWebhookSecret: config.stripeWebhookSecret,
  }));
let adapter: ReturnType<typeof paymentAdapter> | undefined;

/** Web Push and text messages of the process (ADR 32), shared by the API and the outbox's dispatcher. */
const push = pushFromConfig();
const sms = smsFromEnv();

/**
 * Sends what changes queued in the outbox once they committed (services/push/outbox.ts): kicked by
 * the API after each write, after each expiry run, and every OUTBOX_INTERVAL_MS for rows another
 * instance or a crash left.
 */
const outbox = outboxDispatcher({ db: readyDb, push, sms, siteUrl: (currentEnv().SITE_URL || 'http://localhost:4321').replace(/\/+$/, '') });
const OUTBOX_INTERVAL_MS = 30_000;
let outboxTimer: NodeJS.Timeout | undefined;

/**
 * The bundled API app (Hono), sharing the process database; abuse limits in Redis when REDIS_URL is
 * set; payments through PAYMENT_PROVIDER. Starts the expiry of unpaid orders and the outbox's timer.
 */
export function bundledApi() {
  api ??= Promise.all([abuseLimits(), payments()]).then(([limits, payment]) => {
    startPaymentExpiry();
    startOutbox();
    return createXsApi({
      sms,
      push,
      outbox,
      db: readyDb,
      apiKey: config.xsApiKey,
      limits,
      payment,
      paymentWindowMinutes: config.paymentWindowMinutes,
      opsToken: config.opsToken,
    });
  });
  return api;
}

let direct: Promise<ReturnType<typeof directApi>> | undefined;

/**
 * The bundled API's direct caller (src/server/xs-api/direct.ts, ADR 33), made once per process:
 * what the feature layer calls in one process. Answers checked against their schema when
 * CHECK_API_ANSWERS is on.
 */
export function bundledDirect() {
  direct ??= bundledApi().then((app) => directApi(app, { checkAnswers: config.checkApiAnswers }));
  return direct;
}

/** How often each instance looks for orders whose payment window is over (ms). */
const EXPIRY_INTERVAL_MS = 60_000;
let expiryTimer: NodeJS.Timeout | undefined;

/**
 * Every minute, cancels the orders whose payment window is over (services/payments/expiry.ts), in
 * batches until none is due (at most EXPIRY_MAX_BATCHES a run). Runs never overlap within this
 * instance (./one-at-a-time.ts): a tick that finds the previous run still going does nothing. Safe
 * with several instances: each batch claims its orders with FOR UPDATE SKIP LOCKED.
 */
const expiry = oneAtATime(
  () =>
    readyDb()
      // Observed from outside (src/server/metrics.ts): runs, time, orders cancelled, backlog left.
      .then((db) => observeExpiryRun(() => expireUnpaidOrders(db, { windowMinutes: config.paymentWindowMinutes }), () => expiryBacklog(db, config.paymentWindowMinutes)))
      .then((expired) => {
        if (expired.length) log.info({ expired: expired.length, first: expired.slice(0, 20) }, 'payments: expired unpaid orders');
        // The members of cancelled orders are told on their devices (ADR 32).
        outbox.kick();
      }),
  (err) => log.error(errorFields(err), 'payments: expiry failed'),
);

function startOutbox() {
  if (outboxTimer || config.xsApiUrl) return;
  outboxTimer = setInterval(() => outbox.kick(true), OUTBOX_INTERVAL_MS);
  outboxTimer.unref();
}

function startPaymentExpiry() {
  if (expiryTimer || config.xsApiUrl) return;
  expiryTimer = setInterval(expiry.run, EXPIRY_INTERVAL_MS);
  expiryTimer.unref();
  void expiry.run();
}

let upkeepTimer: NodeJS.Timeout | undefined;

/**
 * Every UPKEEP_INTERVAL_MS, ANALYZE or VACUUM the embedded database's tables that passed
 * autovacuum's thresholds (db/upkeep.ts): PGlite has no autovacuum of its own. One round at a time.
 */
const upkeep = oneAtATime(
  () =>
    readyDb()
      .then(runUpkeep)
      .then((done) => done.length && log.info({ tables: done }, 'database upkeep')),
  (err) => log.error(errorFields(err), 'database upkeep failed'),
);

function startUpkeep() {
  if (upkeepTimer) return;
  upkeepTimer = setInterval(upkeep.run, UPKEEP_INTERVAL_MS);
  upkeepTimer.unref();
}

/**
 * Graceful shutdown (issue "Hardened for the open internet" §11), called by scripts/serve.mjs once
 * the requests in flight are done: stops the expiry of unpaid orders and the database upkeep (waiting
 * for a run under way),
 * closes the page-change listener, the abuse limits' Redis connection and the database (PostgreSQL pool, or PGlite and its
 * data-directory lock). Safe to call more than once.
 */
export async function stopRuntime(): Promise<void> {
  clearInterval(expiryTimer);
  clearInterval(upkeepTimer);
  clearInterval(outboxTimer);
  expiryTimer = upkeepTimer = outboxTimer = undefined;
  await Promise.all([expiry.current(), upkeep.current(), outbox.idle()]);
  const listener = pageListener;
  pageListener = undefined;
  await (await listener?.catch(() => undefined))?.close().catch(() => {});
  const closing = limits;
  limits = undefined;
  api = undefined;
  await (await closing)?.close().catch(() => {});
  ready = undefined;
  await closeDb();
}
onShutdown(stopRuntime);
