/**
 * How the embedded database (PGlite) is started, and the build's template of a new one (ADR 16
 * "Memory"; docs/architecture.md "Budgets"). Imports only with `.ts` paths, so plain Node (type
 * stripping) loads it too: the build's scripts/make-db-template.mjs makes the template with it.
 *
 * A new PGlite data directory is made by `initdb`, which PGlite runs in a second PostgreSQL
 * instance and a third WebAssembly module beside the shop's own: measured on the 2-core machine,
 * about 7 s of CPU and a peak of some 1,100 MB resident (each instance compiles PostgreSQL's
 * WebAssembly and grows its own heap), of which 150–250 MB were still held when the first page was
 * answered (garbage that the next collections give back). Loading a data directory from a tar
 * instead (`loadDataDir`) skips `initdb`: 5 s and a peak of about 200 MB on the same busy machine.
 * So the build makes that tar once (initdb and the migrations, no demo data: the seed's dates follow
 * the clock of the first start), at `dist/pglite-template.tar.gz` (PGLITE_TEMPLATE), and a shop
 * starting on a missing or empty DATA_DIR loads it before migrating (the migrations newer than the
 * template still apply) and seeding. Without the file, or when it cannot be loaded, PGlite runs
 * `initdb` as before.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Memory of the embedded database (ADR 16). PGlite runs PostgreSQL inside the process's
 * WebAssembly memory, which grows and never shrinks; PostgreSQL's defaults (128 MB shared buffers,
 * 64 MB maintenance memory) let it take hundreds of MB. The shop's data is about 25 MB on disk and
 * the operating system caches the files beneath, so 16 MB of buffers (2 MB per sort or hash, 16 MB
 * for index builds and vacuum) answers as fast and keeps the server's RSS within its budget.
 */
export const PGLITE_MEMORY_SETTINGS = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

/** The template's default path (relative to the working folder, as the build leaves it). */
export const DEFAULT_PGLITE_TEMPLATE = 'dist/pglite-template.tar.gz';

/**
 * The PostgreSQL extensions the migrations create, as PGlite must load them at start: pg_trgm, for
 * the trigram index that answers product search (ILIKE '%word%'; migration 0006). PostgreSQL ships
 * it among its contrib extensions (a trusted extension: the database owner may create it).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/** PGlite's start parameters: its defaults and PGLITE_MEMORY_SETTINGS. */
export async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  return [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
}

/** True when `dir` is missing or holds nothing (a data directory PGlite would `initdb`). */
export function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * The template to load into `dataDir`: the gzipped tar at `file` (PGLITE_TEMPLATE, default
 * `dist/pglite-template.tar.gz`) when `dataDir` is missing or empty and the file exists, else
 * undefined (an existing database opens as it is; without a template PGlite runs `initdb`).
 */
export function templateFor(dataDir: string, file: string = DEFAULT_PGLITE_TEMPLATE): Blob | undefined {
  const at = path.resolve(file);
  if (!isEmptyDir(dataDir) || !fs.existsSync(at)) return undefined;
  return new Blob([fs.readFileSync(at)]);
}

/**
 * A new embedded database (in memory) with the migrations of `migrationsFolder` applied and nothing
 * else, dumped as a gzipped tar for `loadDataDir`.
 * @returns the tar's bytes (about 4.5 MB)
 * @throws when PGlite cannot start or a migration fails
 */
export async function makePgliteTemplate(migrationsFolder: string): Promise<Uint8Array> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(undefined, { extensions: await pgliteExtensions(), startParams: await pgliteStartParams() });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const tar = await client.dumpDataDir('gzip');
    return new Uint8Array(await tar.arrayBuffer());
  } finally {
    await client.close();
  }
}
