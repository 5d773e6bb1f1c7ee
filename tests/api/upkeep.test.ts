/**
 * Planner statistics and dead rows of the embedded database (src/server/xs-api/db/upkeep.ts, ADR 23):
 * PGlite has no autovacuum, so the shop analyzes at start and then, every few minutes, the tables
 * that passed autovacuum's thresholds. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../src/server/xs-api/db/client';
import { analyzeAll, AUTOVACUUM, runUpkeep, upkeepNeeded } from '../../src/server/xs-api/db/upkeep';
import { createHarness, type Harness } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** Rows of planner statistics kept for a table (pg_statistic, one per analyzed column). */
async function statisticRows(table: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await h.db.execute(sql`select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = ${table}`),
  );
  return Number(row?.n);
}

describe('upkeepNeeded (autovacuum thresholds)', () => {
  const table = { table: 't', liveRows: 1000, deadRows: 0, changedSinceAnalyze: 0 };
  it('asks nothing of a quiet table', () => {
    expect(upkeepNeeded(table)).toBeNull();
    expect(upkeepNeeded({ ...table, changedSinceAnalyze: AUTOVACUUM.threshold + 100 })).toBeNull();
  });
  it('analyzes past 50 + 10 % of the rows changed, and vacuums past 50 + 20 % dead', () => {
    expect(upkeepNeeded({ ...table, changedSinceAnalyze: 151 })).toBe('analyze');
    expect(upkeepNeeded({ ...table, changedSinceAnalyze: 150 })).toBeNull();
    expect(upkeepNeeded({ ...table, deadRows: 251, changedSinceAnalyze: 0 })).toBe('vacuum');
    expect(upkeepNeeded({ ...table, deadRows: 250 })).toBeNull();
  });
  it('counts from zero rows for a new table', () => {
    expect(upkeepNeeded({ table: 'new', liveRows: 0, deadRows: 0, changedSinceAnalyze: 51 })).toBe('analyze');
  });
});

describe('statistics of the database', () => {
  it('analyzeAll gives every seeded table its planner statistics', async () => {
    await analyzeAll(h.db);
    for (const table of ['products', 'store_stock', 'product_lines', 'reviews']) expect(await statisticRows(table)).toBeGreaterThan(0);
  });

  it('runUpkeep analyzes a table once enough of it changed, and its count of changes starts again', async () => {
    // PostgreSQL's backends report their row counts to pg_stat_user_tables about a second after
    // they go idle (the seed's among them): settle first, until two rounds a second apart find
    // nothing to do, then change one table and wait for its counts to arrive.
    await analyzeAll(h.db);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let quiet = 0, i = 0; quiet < 2 && i < 20; i++) {
      quiet = (await runUpkeep(h.db)).length === 0 ? quiet + 1 : 0;
      if (quiet < 2) await pause(onPostgres ? 1100 : 0);
    }
    // PostgreSQL's own autovacuum would race this round for the table: off for it here (the schema is this file's).
    if (onPostgres) await h.db.execute(sql`alter table store_stock set (autovacuum_enabled = false)`);
    // Every stock row changes: far past 50 + 10 % of store_stock.
    await h.db.execute(sql`update store_stock set quantity = quantity + 1`);
    let done: Awaited<ReturnType<typeof runUpkeep>> = [];
    for (let i = 0; i < 50 && !done.some((d) => d.table === 'store_stock'); i++) {
      done = await runUpkeep(h.db);
      if (!done.length) await pause(100);
    }
    expect(done.find((d) => d.table === 'store_stock')?.done).toMatch(/^(analyze|vacuum)$/);
    // Which tables a round leaves alone is upkeepNeeded's rule (tested above); here, once analysed,
    // the changed table's count starts again from zero.
    const [after] = resultRows<{ changed: number }>(
      await h.db.execute(sql`select n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = 'store_stock'`),
    );
    expect(Number(after?.changed)).toBe(0);
  });
});
