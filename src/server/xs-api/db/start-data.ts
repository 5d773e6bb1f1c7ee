/**
 * The data a database needs before the shop serves from it, at every start (docs/architecture.md Data; ADR 11
 * advisory-locked start-up; ADR 19 catalogue texts). In one transaction holding an advisory lock,
 * so instances starting together on one PostgreSQL take turns:
 * - the order-number key is made when there is none (services/orders/number-key.ts);
 * - demo data on and no products yet: the demo data is loaded (db/seed);
 * - demo data on and a catalogue there: the demo texts in every language are brought up to date
 *   (seed `refreshDemoTexts`: a database seeded by an older version takes the Arabic names);
 * - demo data off: every product's search text is refolded (services/search-index.ts).
 * Idempotent: a second start changes no row.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from './client';
import { products } from './schema';
import { refreshCatalogueText } from '../services/search-index';
import { ensureOrderNumberKey } from '../services/orders/number-key';

/** Advisory lock key held while one instance looks for, and loads or refreshes, the data (arbitrary, fixed). */
export const START_DATA_LOCK_ID = 726_314_002;

/** What a start did: loaded the demo data, or changed this many rows of an existing catalogue. */
export type StartData = { seeded: boolean; changed: number };

/** Prepares the data as the module says. Throws what the database (or the seed) throws; nothing is half-done. */
export async function prepareStartData(db: Db, options: { seedDemoData: boolean }): Promise<StartData> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_DATA_LOCK_ID})`);
    // Before any demo order: a new shop's order numbers get a key of their own.
    await ensureOrderNumberKey(tx);
    if (!options.seedDemoData) return { seeded: false, changed: await refreshCatalogueText(tx) };
    const [row] = await tx.select({ n: count() }).from(products);
    if (!row || row.n === 0) {
      const { seed } = await import('./seed');
      await seed(tx);
      return { seeded: true, changed: 0 };
    }
    const { refreshDemoTexts } = await import('./seed');
    return { seeded: false, changed: await refreshDemoTexts(tx) };
  });
}
