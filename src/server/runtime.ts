/**
 * The process-wide bundled API and database for the storefront (DESIGN One picture). The database
 * opens, migrates and — when empty and SEED_DEMO_DATA is on — loads the demo data on first use.
 */
import { count } from 'drizzle-orm';
import { createXsApi } from './xs-api/app';
import { getDb } from './xs-api/db/client';
import { products } from './xs-api/db/schema';
import { config } from './config';
import { limitsFromEnv, type AbuseLimits } from './xs-api/adapters/rate-limit';
import { errorFields, log } from './log';
import { paymentAdapter } from './xs-api/adapters/payment';
import { expireUnpaidOrders } from './xs-api/services/payments';

let ready: Promise<Awaited<ReturnType<typeof getDb>>> | undefined;

/** The database, migrated and seeded. */
export function readyDb() {
  ready ??= (async () => {
    const db = await getDb();
    if (config.seedDemoData) {
      const [row] = await db.select({ n: count() }).from(products);
      if (!row || row.n === 0) {
        const { seed } = await import('./xs-api/db/seed');
        await seed(db);
      }
    }
    return db;
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

let api: Promise<ReturnType<typeof createXsApi>> | undefined;
let limits: Promise<AbuseLimits> | undefined;

/** The process's abuse limits (adapters/rate-limit.ts): in Redis when REDIS_URL is set, else memory. */
export function abuseLimits(): Promise<AbuseLimits> {
  limits ??= limitsFromEnv();
  return limits;
}

/** The payment adapter of PAYMENT_PROVIDER (ADR 10), over the process database. */
export const payments = () =>
  (adapter ??= paymentAdapter(config.paymentProvider, {
    db: readyDb,
    sandboxSecret: config.paymentSandboxSecret,
    stripeSecretKey: config.stripeSecretKey,
    stripeWebhookSecret: config.stripeWebhookSecret,
  }));
let adapter: ReturnType<typeof paymentAdapter> | undefined;

/**
 * The bundled API app (Hono), sharing the process database; abuse limits in Redis when REDIS_URL is
 * set; payments through PAYMENT_PROVIDER. Starts the expiry of unpaid orders.
 */
export function bundledApi() {
  api ??= abuseLimits().then((limits) => {
    startPaymentExpiry();
    return createXsApi({
      db: readyDb,
      apiKey: config.xsApiKey,
      limits,
      payment: payments(),
      paymentWindowMinutes: config.paymentWindowMinutes,
      opsToken: config.opsToken,
    });
  });
  return api;
}

/** How often each instance looks for orders whose payment window is over (ms). */
const EXPIRY_INTERVAL_MS = 60_000;
let expiryTimer: NodeJS.Timeout | undefined;

/**
 * Every minute, cancels the orders whose payment window is over (services/payments/expiry.ts).
 * Safe with several instances: each cancel names the status it expects.
 */
function startPaymentExpiry() {
  if (expiryTimer || config.xsApiUrl) return;
  const run = () =>
    readyDb()
      .then((db) => expireUnpaidOrders(db, { windowMinutes: config.paymentWindowMinutes }))
      .then((expired) => expired.length && log.info({ expired: expired.length, orders: expired }, 'payments: expired unpaid orders'))
      .catch((err) => log.error(errorFields(err), 'payments: expiry failed'));
  expiryTimer = setInterval(run, EXPIRY_INTERVAL_MS);
  expiryTimer.unref();
  void run();
}
