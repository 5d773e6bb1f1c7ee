/**
 * Planner statistics and dead rows of the embedded database (ADR 23). PGlite runs PostgreSQL as a
 * single backend, without the autovacuum launcher: nothing ever ran ANALYZE, so every table had no
 * statistics (`pg_statistic` empty) and the planner guessed. A product page's two product queries
 * then took 9–11 ms of CPU each, a hash join rebuilt for every row of a stock subquery, against
 * 3 ms with statistics. This module does what autovacuum does on a PostgreSQL server:
 *
 * - `analyzeAll` at start, once the start-up data is in (db/start-data.ts): about 0.5 s on the
 *   demo catalogue; PGlite keeps no activity counters across restarts, so a start cannot tell
 *   which tables changed while the shop was down.
 * - `runUpkeep` every `UPKEEP_INTERVAL_MS`: the tables that passed autovacuum's own thresholds
 *   since their last pass (PostgreSQL's defaults: ANALYZE after 50 + 10 % of the rows changed,
 *   VACUUM after 50 + 20 % of the rows dead, read from `pg_stat_user_tables`), one table per
 *   statement, so shoppers' queries wait for one small table at a time, not for the whole database.
 *
 * On PostgreSQL autovacuum does this; the shop only analyzes a database it has just seeded, which
 * would otherwise wait for autovacuum's first round (src/server/runtime.ts).
 */
import { sql } from 'drizzle-orm';
import { resultRows, type Db } from './client';

/** How often the embedded database's tables are checked against autovacuum's thresholds (ms). */
export const UPKEEP_INTERVAL_MS = 5 * 60_000;

/** PostgreSQL's autovacuum defaults: a pass once `THRESHOLD + SCALE × rows` rows changed (or died). */
export const AUTOVACUUM = { threshold: 50, analyzeScale: 0.1, vacuumScale: 0.2 } as const;

/** A table's activity since its last pass, from `pg_stat_user_tables`. */
export type TableActivity = { table: string; liveRows: number; deadRows: number; changedSinceAnalyze: number };

/** What a table needs now by autovacuum's rule: 'vacuum' (VACUUM ANALYZE), 'analyze', or null. */
export function upkeepNeeded(t: TableActivity): 'vacuum' | 'analyze' | null {
  if (t.deadRows > AUTOVACUUM.threshold + AUTOVACUUM.vacuumScale * t.liveRows) return 'vacuum';
  if (t.changedSinceAnalyze > AUTOVACUUM.threshold + AUTOVACUUM.analyzeScale * t.liveRows) return 'analyze';
  return null;
}

/** Gathers planner statistics for every table of the database. @throws what the database throws. */
export async function analyzeAll(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * One round of upkeep: VACUUM ANALYZE or ANALYZE each table that passed autovacuum's thresholds,
 * one statement per table. @returns the tables done and what was done to each.
 * @throws what the database throws (the caller logs it and tries again at the next round).
 */
export async function runUpkeep(db: Db): Promise<{ table: string; done: 'vacuum' | 'analyze' }[]> {
  const rows = resultRows<{ table: string; live: number; dead: number; changed: number }>(
    await db.execute(sql`select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as changed
      from pg_stat_user_tables where schemaname = 'public' order by relname`),
  );
  const done: { table: string; done: 'vacuum' | 'analyze' }[] = [];
  for (const r of rows) {
    const need = upkeepNeeded({ table: r.table, liveRows: Number(r.live), deadRows: Number(r.dead), changedSinceAnalyze: Number(r.changed) });
    if (!need) continue;
    const table = sql.identifier(r.table);
    await db.execute(need === 'vacuum' ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
    done.push({ table: r.table, done: need });
  }
  return done;
}
