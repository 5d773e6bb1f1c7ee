/**
 * Database connection (DESIGN Data): PGlite in a local data directory by default, PostgreSQL when
 * `DATABASE_URL` is set. Migrations from `migrations/` are applied on first use.
 *
 * PGlite allows one process per data directory; a lock file (`<dataDir>.lock`, holding the pid)
 * makes a second process fail with a clear message instead of silently losing rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The Drizzle database type shared by the PGlite and PostgreSQL drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Where to connect: a PostgreSQL URL, or a PGlite data directory ('memory://' for tests). */
export type DbTarget = { url: string } | { dataDir: string };

export type DbHandle = { db: Db; close: () => Promise<void>; kind: 'pglite' | 'postgres' };

/** Folder of the generated SQL migrations; override with MIGRATIONS_DIR when deploying `dist/` alone. */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? 'src/server/xs-api/db/migrations');
}

/** Advisory lock key taken while migrating PostgreSQL (arbitrary, fixed). */
const MIGRATION_LOCK_ID = 726_314_001;

/** Thrown when another live process holds the PGlite data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'PGlite allows one process per data directory: stop that process, or set DATA_DIR to another folder, ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process, as written in a lock file: pid and start time (ms), so a reused pid is told apart. */
const SELF = `${process.pid} ${Math.round(Date.now() - process.uptime() * 1000)}`;

/** Takes the lock file for a data directory; throws DataDirLockedError when a live process holds it. */
function acquireLock(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/\/$/, '')}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, SELF, { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === SELF) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = fs.readFileSync(lockPath, 'utf8').trim();
      const pid = Number(held.split(' ')[0]);
      // Our own pid with another start time is an earlier run (pids are reused, e.g. pid 1 in containers).
      const earlierRunOfThisPid = pid === process.pid && held !== SELF && held.includes(' ');
      // A live holder — this process included: two PGlite instances on one directory lose rows alike.
      if (pid && processAlive(pid) && !earlierRunOfThisPid) throw new DataDirLockedError(dataDir, pid);
      fs.unlinkSync(lockPath); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not take the lock for ${dataDir}`);
}

/**
 * Opens the database and applies pending migrations.
 * @throws DataDirLockedError when another process uses the same PGlite data directory.
 */
export async function openDb(target: DbTarget): Promise<DbHandle> {
  if ('url' in target) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    // Migrate on one connection holding an advisory lock, so instances starting together take turns.
    const single = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migrate(drizzle(single, { schema }), { migrationsFolder: migrationsFolder() });
      await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    } finally {
      await single.end();
    }
    const client = postgres(target.url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10), onnotice: () => {} });
    const db = drizzle(client, { schema });
    return { db: db as unknown as Db, close: () => client.end(), kind: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = target.dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(path.resolve(target.dataDir));
  try {
    if (!inMemory) fs.mkdirSync(path.resolve(target.dataDir), { recursive: true });
    const client = await PGlite.create(inMemory ? undefined : path.resolve(target.dataDir));
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
      kind: 'pglite',
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The target from the environment: DATABASE_URL, else PGlite in DATA_DIR (default `.data/pglite`). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DbTarget {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR ?? '.data/pglite' };
}

let shared: Promise<DbHandle> | undefined;

/**
 * The process-wide database, opened (and migrated) on first use from the environment. A failed
 * open (PostgreSQL not up yet) is forgotten, so the next call tries again.
 */
export function getDb(): Promise<Db> {
  if (!shared) {
    const opening = openDb(targetFromEnv());
    shared = opening;
    opening.catch(() => {
      if (shared === opening) shared = undefined;
    });
  }
  return shared.then((h) => h.db);
}

/**
 * Closes the process-wide database (graceful shutdown): ends the PostgreSQL pool, or closes PGlite
 * and releases its data-directory lock. Nothing happens when it was never opened.
 */
export async function closeDb(): Promise<void> {
  const opening = shared;
  shared = undefined;
  if (!opening) return;
  const handle = await opening.catch(() => undefined);
  await handle?.close();
}
