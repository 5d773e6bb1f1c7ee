/**
 * Database connection (docs/architecture.md Data): PGlite in a local data directory by default, PostgreSQL when
 * `DATABASE_URL` is set. Migrations from `migrations/` are applied on first use.
 *
 * PGlite allows one process per data directory. An OS-level lock that trusts no pid guards it
 * (`<dataDir>.lock.d`, held with proper-lockfile: an atomic mkdir whose mtime the holder refreshes;
 * ADR 14), so a second process fails with a clear message in any PID namespace or container sharing
 * the volume, and a lock left by a process that died is taken over once it has gone stale
 * (DATA_DIR_LOCK_STALE_MS, default 30 s; src/server/http/data-dir-lock.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { forgetLockOwner, goneOwnersLock, lockedMessage, lockPathOf, lockStaleMs, recordLockOwner, removeDeadLock } from '../../http/data-dir-lock.ts';
import { currentEnv, setting, type Env } from '../../settings';
import { isEmptyDir, pgliteExtensions, pgliteStartParams, templateFor } from './pglite-template.ts';

/** The Drizzle database type shared by the PGlite and PostgreSQL drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a raw `db.execute(sql…)` answer, whichever driver ran it: postgres-js answers an
 * array of rows, PGlite an object with `rows`.
 */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * Where to connect: a PostgreSQL URL, or a PGlite data directory ('memory://' for tests), which
 * may start as a copy of a dumped one (`loadDataDir`: a tar made by `DbHandle.dumpDataDir`; the
 * API tests' template database, tests/setup/database-template.ts).
 */
export type DbTarget = { url: string } | { dataDir: string; loadDataDir?: Blob };

/** An open database; PGlite's can be dumped as a tar (`dumpDataDir`) to start another one from. */
export type DbHandle = { db: Db; close: () => Promise<void>; kind: 'pglite' | 'postgres'; dumpDataDir?: () => Promise<Blob> };

// PGlite's memory settings and extensions, and the build's template of a new database (ADR 16).
export { PGLITE_MEMORY_SETTINGS, pgliteExtensions } from './pglite-template.ts';

/** Folder of the generated SQL migrations; override with MIGRATIONS_DIR when deploying `dist/` alone. */
export function migrationsFolder(): string {
  return path.resolve(setting('MIGRATIONS_DIR'));
}

/** Advisory lock key taken while migrating PostgreSQL (arbitrary, fixed). */
const MIGRATION_LOCK_ID = 726_314_001;

/** Thrown when another live process (in any PID namespace or container) holds the PGlite data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, lockPath: string, staleMs: number) {
    super(lockedMessage(dataDir, lockPath, staleMs));
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the lock of a data directory: `<dataDir>.lock.d`, created atomically (mkdir) and refreshed
 * (mtime) while this process lives, with its holder named inside (host, boot, PID namespace, pid and
 * start time, beside it). A lock whose holder is certainly gone (same machine and namespace, that
 * process no longer running: a kill -9) is removed and taken at once; any other is judged only by
 * its age, since a pid means nothing across PID namespaces (ADR 14).
 * If the lock is lost anyway (this process stalled longer than the stale time and another took it
 * over), the process exits at once rather than write beside the other one.
 * @returns the release function. @throws DataDirLockedError when another process holds a fresh lock.
 */
async function acquireLock(dataDir: string): Promise<() => void> {
  const lockPath = lockPathOf(dataDir);
  const stale = lockStaleMs(currentEnv());
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale,
      update: Math.max(1000, Math.floor(stale / 4)),
      retries: 0,
      onCompromised: (err) => {
        console.error(`The lock of the embedded database ${dataDir} was lost (${err.message}); stopping so that two processes never write it.`);
        process.exit(70);
      },
    });
  try {
    try {
      await take();
    } catch (err) {
      // Left by a process of this machine that is gone (a kill -9): removed, then taken as usual.
      const dead = (err as NodeJS.ErrnoException).code === 'ELOCKED' ? goneOwnersLock(lockPath) : null;
      if (dead === null || !removeDeadLock(lockPath, dead)) throw err;
      await take();
    }
    recordLockOwner(lockPath);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Synchronous removal: close() may run while the process is exiting.
      forgetLockOwner(lockPath);
      lockfile.unlockSync(dataDir, { lockfilePath: lockPath, realpath: false });
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir, lockPath, stale);
    throw err;
  }
}

/**
 * Opens the database and applies pending migrations. A PGlite data directory that is missing or
 * empty starts from the build's template (PGLITE_TEMPLATE, ./pglite-template.ts) when there is one,
 * and with PGlite's own `initdb` when there is none or it cannot be loaded.
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
    const client = postgres(target.url, { max: poolSize(), onnotice: () => {}, connection: { application_name: POOL_APPLICATION_NAME } });
    const db = drizzle(client, { schema });
    return { db: db as unknown as Db, close: () => client.end(), kind: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = target.dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : await acquireLock(path.resolve(target.dataDir));
  try {
    const dir = path.resolve(target.dataDir);
    if (!inMemory) fs.mkdirSync(dir, { recursive: true });
    const startParams = await pgliteStartParams();
    const template = target.loadDataDir || inMemory ? undefined : templateFor(dir, setting('PGLITE_TEMPLATE'));
    const create = (loadDataDir?: Blob) => PGlite.create(inMemory ? undefined : dir, { extensions, startParams, loadDataDir });
    const client = template
      ? await create(template).catch((err: unknown) => {
          // The folder was empty before: emptied again, it is made by initdb instead.
          console.error(`The embedded database's template could not be loaded (${(err as Error)?.message ?? err}); making a new database instead.`);
          for (const name of isEmptyDir(dir) ? [] : fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
          return create();
        })
      : await create(target.loadDataDir);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
      kind: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The `application_name` of this process's PostgreSQL pool: 'xs-storefront-' and 8 random hex
 * digits, so the pool's connections can be told apart in pg_stat_activity (the metrics' pool
 * figures, src/server/metrics.ts) from other instances' and other programs'.
 */
export const POOL_APPLICATION_NAME = `xs-storefront-${randomBytes(4).toString('hex')}`;

/** Connections the PostgreSQL pool may open: DATABASE_POOL_SIZE, default 10. @throws Error naming it when off the schema. */
export function poolSize(env: Env = currentEnv()): number {
  return setting('DATABASE_POOL_SIZE', env);
}

/** The target from the environment: DATABASE_URL, else PGlite in DATA_DIR (default `.data/pglite`). @throws Error naming a setting off the schema. */
export function targetFromEnv(env: Env = currentEnv()): DbTarget {
  const url = setting('DATABASE_URL', env);
  return url ? { url } : { dataDir: setting('DATA_DIR', env) };
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
