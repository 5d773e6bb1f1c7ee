/**
 * The process-wide bundled API and database for the storefront (DESIGN One picture). The database
 * opens, migrates and — when empty and SEED_DEMO_DATA is on — loads the demo data on first use.
 */
import { count } from 'drizzle-orm';
import { createXsApi } from './xs-api/app';
import { getDb } from './xs-api/db/client';
import { products } from './xs-api/db/schema';
import { config } from './config';
import { loginThrottleFromEnv } from './xs-api/adapters/rate-limit';

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

/** The bundled API app (Hono), sharing the process database; login throttling in Redis when REDIS_URL is set. */
export function bundledApi() {
  api ??= loginThrottleFromEnv().then((loginThrottle) => createXsApi({ db: readyDb, apiKey: config.xsApiKey, loginThrottle }));
  return api;
}
