/**
 * Backups that are restored (issue "Safe to run in production" §5): `npm run ops -- backup` and
 * `restore` (scripts/ops.mjs, scripts/lib/backup.mjs) run as an operator runs them, as processes, on
 * the database of this run (the embedded PGlite in a data folder, or PostgreSQL with
 * TEST_DATABASE_URL). Real orders are placed and paid first (payments, points); the backup is
 * restored into a fresh database, whose row counts and orders, payments and points checksums must
 * equal the shop's; the refusals (a running shop, a database not empty, a damaged file, a file that
 * is not a backup, the other kind of database) each exit 1 with what to do.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import lockfile from 'proper-lockfile';
import * as tar from 'tar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, testDatabaseUrl, type Harness } from './harness';
import { payInSandbox, placePickupOrder } from './place-order';
import { resultRows, type Db } from '../../src/server/xs-api/db/client';
import { databaseFacts } from '../../scripts/lib/backup.mjs';
import { lockPathOf } from '../../src/server/http/data-dir-lock.ts';

const run = promisify(execFile);
const MIGRATIONS = path.resolve('src/server/xs-api/db/migrations');

/** `node scripts/ops.mjs …args` with `env` over a clean environment: its exit code and output. */
async function ops(args: string[], env: Record<string, string>) {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), DATABASE_URL: '', MIGRATIONS_DIR: MIGRATIONS };
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/ops.mjs', ...args], { env: { ...base, ...env }, timeout: 180_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** A query function over a Drizzle database, for databaseFacts. */
const queryOf = (db: Db) => async (text: string) => resultRows<Record<string, unknown>>(await db.execute(sql.raw(text)));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-backup-test-'));
const file = path.join(tmp, 'backups', 'shop.tar');
const picture = `${'ab'.repeat(16)}.webp`;
const pictureBytes = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31) % 256));
let pgUrl: string | undefined;
let restoredUrl = '';
let source: Record<string, string>;
let target: Record<string, string>;
let h: Harness | undefined;
let before: Awaited<ReturnType<typeof databaseFacts>>;

/** Makes (or makes anew) an empty PostgreSQL database beside the worker's, for the restore. */
async function freshDatabase(url: string): Promise<string> {
  const restored = new URL(url);
  restored.pathname = `${restored.pathname}_restored`;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${restored.pathname.slice(1)}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${restored.pathname.slice(1)}"`);
  } finally {
    await admin.end();
  }
  return restored.toString();
}

beforeAll(async () => {
  pgUrl = await testDatabaseUrl();
  const uploads = { UPLOADS_DIR: path.join(tmp, 'shop', 'uploads'), BACKUP_DIR: path.join(tmp, 'backups') };
  if (pgUrl) {
    restoredUrl = await freshDatabase(pgUrl);
    source = { DATABASE_URL: pgUrl, ...uploads };
    target = { DATABASE_URL: restoredUrl, UPLOADS_DIR: path.join(tmp, 'restored', 'uploads') };
  } else {
    source = { DATA_DIR: path.join(tmp, 'shop', 'pglite'), ...uploads };
    target = { DATA_DIR: path.join(tmp, 'restored', 'pglite') };
  }
  h = await createHarness({}, { dataDir: source.DATA_DIR });
  const member = await h.login();
  const as = { member: member.member, token: member.token };
  const refnos = [];
  for (const codes of [['P0001'], ['P0002', 'P0003'], ['P0004']]) refnos.push(await placePickupOrder(h, member.token, member.member, codes));
  await payInSandbox(h, as, refnos[0]!);
  await payInSandbox(h, as, refnos[1]!);
  fs.mkdirSync(source.UPLOADS_DIR!, { recursive: true });
  fs.writeFileSync(path.join(source.UPLOADS_DIR!, picture), pictureBytes);
  before = await databaseFacts(queryOf(h.db), MIGRATIONS);
});

afterAll(async () => {
  await h?.close();
  if (restoredUrl) {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS "${new URL(restoredUrl).pathname.slice(1)}" WITH (FORCE)`).finally(() => admin.end());
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

// Each step is a process of its own that opens the database (PGlite compiles its WebAssembly at
// every start): on a busy two-core machine a round trip takes minutes, not the default 60 s.
describe('npm run ops -- backup / restore', { timeout: 300_000 }, () => {
  it('with the shop running: PostgreSQL is backed up, the embedded database refuses and says what to do', async () => {
    expect(before.checksums.orders!.rows).toBeGreaterThanOrEqual(3);
    expect(before.checksums.payments!.rows).toBeGreaterThanOrEqual(2);
    expect(before.checksums.point_transactions!.rows).toBeGreaterThanOrEqual(2);
    const r = await ops(['backup', path.join(tmp, 'while-running.tar')], source);
    if (pgUrl) {
      expect(r.code, r.stderr).toBe(0);
      expect(fs.statSync(path.join(tmp, 'while-running.tar')).mode & 0o777).toBe(0o600);
    } else {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/A shop is running on the embedded database .*Stop the shop, run the backup/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(tmp, 'while-running.tar'))).toBe(false);
    }
    await h!.close();
    h = undefined;
  });

  it('restores into a fresh database: every row count and the orders, payments and points checksums match the shop', async () => {
    const made = await ops(['backup', file], source);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Backup written: ${file}`);
    const restored = await ops(['--json', 'restore', file], target);
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    const answer = JSON.parse(restored.stdout);
    expect(answer.problems).toEqual([]);
    // What the restored database holds (counted by the CLI in it) against what the shop held (counted here before the backup).
    expect(answer.restored.tables).toEqual(before.tables);
    expect(answer.restored.checksums).toEqual(before.checksums);
    expect(answer.restored.migrations).toEqual(before.migrations);
    expect(answer.manifest.checksums).toEqual(before.checksums);
    const uploads = target.UPLOADS_DIR ?? path.join(tmp, 'restored', 'uploads');
    expect(fs.readFileSync(path.join(uploads, picture)).equals(pictureBytes)).toBe(true);
  });

  it('refuses to restore while a shop uses the target, or over a database without --yes; replaces it with --yes, printing the check', async () => {
    // A shop on the target: on PostgreSQL a connection to it, on PGlite the data folder's lock held (as db/client.ts holds it).
    const shop = pgUrl ? postgres(restoredUrl, { max: 1 }) : undefined;
    await shop?.unsafe('select 1');
    const dataDir = target.DATA_DIR ?? '';
    if (!pgUrl) await lockfile.lock(dataDir, { lockfilePath: lockPathOf(dataDir), realpath: false });
    let busy;
    try {
      busy = await ops(['restore', file, '--yes'], target);
    } finally {
      await shop?.end();
      if (!pgUrl) await lockfile.unlock(dataDir, { lockfilePath: lockPathOf(dataDir), realpath: false });
    }
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(pgUrl ? /1 other connection\(s\) are open to the database .*stop every shop instance/ : /A shop is running on the embedded database .*stop it before restoring/);
    const refused = await ops(['restore', file], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds .*Run again with --yes/);
    const replaced = await ops(['restore', file, '--yes'], target);
    expect(replaced.code, replaced.stdout + replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('Restored and checked');
    const o = before.checksums.orders!;
    expect(replaced.stdout).toMatch(new RegExp(`orders\\s+${o.rows}\\s+${o.md5}\\s+${o.md5}\\s+ok`));
    if (!pgUrl) {
      // The checked folder took the data folder's place; the one it replaced is kept beside it.
      const aside = /kept in (\S+pglite\.before-restore-\S+?):/.exec(replaced.stdout)?.[1];
      expect(aside && fs.existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(target.DATA_DIR!, 'PG_VERSION'))).toBe(true);
      expect(fs.readdirSync(path.dirname(target.DATA_DIR!)).filter((n) => n.includes('.restoring-'))).toEqual([]);
    }
  });
  it('refuses a damaged file, a file that is not a backup, a backup of a newer shop, and a backup of the other kind of database', async () => {
    const bytes = fs.readFileSync(file);
    const damaged = Buffer.from(bytes);
    // One byte changed inside the database file: its tar header is the 512-byte block named database.…
    let header = 0;
    while (!bytes.subarray(header, header + 9).equals(Buffer.from('database.'))) header += 512;
    const at = header + 512 + 1000;
    damaged[at] = damaged[at]! ^ 0xff;
    fs.writeFileSync(path.join(tmp, 'damaged.tar'), damaged);
    const d = await ops(['restore', path.join(tmp, 'damaged.tar'), '--yes'], target);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/is damaged: database\.\S+ is not what was backed up/);

    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'not a backup\n');
    const n = await ops(['restore', path.join(tmp, 'notes.txt'), '--yes'], target);
    expect(n.code).toBe(1);
    expect(n.stderr).toMatch(/is not a backup made by `npm run ops -- backup`/);

    // A manifest of a newer shop (more migrations than this one knows).
    const newer = path.join(tmp, 'newer');
    fs.mkdirSync(newer);
    await tar.extract({ file, cwd: newer });
    const manifest = JSON.parse(fs.readFileSync(path.join(newer, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify({ ...manifest, migrations: { applied: 99, last: '0098_future' } }));
    await tar.create({ file: path.join(tmp, 'newer.tar'), cwd: newer }, fs.readdirSync(newer));
    const v = await ops(['restore', path.join(tmp, 'newer.tar'), '--yes'], target);
    expect(v.code).toBe(1);
    expect(v.stderr).toMatch(/has 99 migrations applied .*this version of the shop knows \d+\. Restore it with the version that made it/);

    if (pgUrl) {
      // PostgreSQL: a database with more migrations than the backup keeps what pg_restore --clean does not drop: refused.
      const db = postgres(restoredUrl, { max: 1, onnotice: () => {} });
      await db.unsafe(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 9999999999999)`);
      await db.end();
      const m = await ops(['restore', file, '--yes'], target);
      expect(m.code).toBe(1);
      expect(m.stderr).toMatch(/has \d+ migrations applied, newer than the backup's \d+.*Restore into an empty database instead/);
    }

    const other: Record<string, string> = pgUrl ? { DATA_DIR: path.join(tmp, 'other', 'pglite') } : { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const k = await ops(['restore', file, '--yes'], other);
    expect(k.code).toBe(1);
    expect(k.stderr).toMatch(pgUrl ? /is a backup of PostgreSQL, and this shop is set up for the embedded database/ : /is a backup of the embedded database \(PGlite\), and this shop is set up for PostgreSQL/);
  });
});
