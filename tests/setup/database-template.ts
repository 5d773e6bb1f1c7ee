/**
 * Global setup of the API tests (vitest.config.ts): the demo database is migrated and seeded once
 * per run, and every test file starts from a copy of it (tests/api/harness.ts) instead of running
 * the migrations and the start data (the order-number key, the demo seed) again — about 5 s of CPU a file on PGlite.
 * - PGlite (no TEST_DATABASE_URL): the seeded data directory, dumped to a file; a harness loads it
 *   into a new in-memory PGlite (`loadDataDir`). Its path is provided as `pgliteTemplate`. Beside it,
 *   a blank migrated one like the build's (PGLITE_TEMPLATE) for the databases opened in a folder.
 * - PostgreSQL (TEST_DATABASE_URL): a database `<name>_template` on the same server; a harness
 *   creates its worker's database from it (`CREATE DATABASE … TEMPLATE`). Provided as `postgresTemplate`.
 * The seed reads the shop's clock, which TEST_NOW moves here as in the test files (tests/setup/clock.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { setClock } from '../../src/server/clock';
import { migrationsFolder, openDb } from '../../src/server/xs-api/db/client';
import { makePgliteTemplate } from '../../src/server/xs-api/db/pglite-template';
import { prepareStartData } from '../../src/server/xs-api/db/start-data';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the seeded PGlite data directory (a tar), or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** Name of the seeded template database on TEST_DATABASE_URL's server, or '' on PGlite. */
    postgresTemplate: string;
  }
}

/** The template database's name for a base URL: `<database>_template`. */
export function templateDatabaseName(base: string): string {
  return `${new URL(base).pathname.slice(1) || 'postgres'}_template`;
}

export default async function setup(project: TestProject) {
  const instant = process.env.TEST_NOW?.trim();
  if (instant) setClock(instant);
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = templateDatabaseName(base);
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.unsafe(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDb({ url: url.toString() });
    await prepareStartData(handle.db, { seedDemoData: true });
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return;
  }
  const handle = await openDb({ dataDir: 'memory://' });
  await prepareStartData(handle.db, { seedDemoData: true });
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-api-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // The tests that open an embedded database in a folder (the data-folder lock, readiness, backups),
  // in their workers and the processes they start, load the build's kind of template (migrated, no
  // data: PGLITE_TEMPLATE) instead of running initdb each time, as a built shop does. Unless the run
  // names one; the workers inherit this process's environment.
  if (!process.env.PGLITE_TEMPLATE) {
    const blank = path.join(dir, 'pglite-template.tar.gz');
    fs.writeFileSync(blank, await makePgliteTemplate(migrationsFolder()));
    process.env.PGLITE_TEMPLATE = blank;
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
