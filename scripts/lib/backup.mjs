/**
 * Backups that are restored (issue "Safe to run in production" §5): `npm run ops -- backup [FILE]`
 * and `npm run ops -- restore FILE [--yes]` (scripts/ops.mjs). Run on the shop's machine, beside
 * its settings (DATABASE_URL, or DATA_DIR for the embedded database, and UPLOADS_DIR).
 *
 * A backup is one tar file (readable with `tar tf`), mode 600 (it holds members' personal data):
 * - `manifest.json` first: what it is (`format`, `version`), the database kind ('postgres' or
 *   'pglite'), when it was made, the migration level (migrations applied, the last one's tag), the
 *   row count of every table, a checksum of orders, payments and point transactions (`ledgerFacts`)
 *   and the size and SHA-256 of every other file in it;
 * - the database: `database.pgdump` (PostgreSQL: `pg_dump --format=custom`, taken in the same
 *   snapshot as the manifest's counts, so a shop serving meanwhile never makes them disagree) or
 *   `database.pglite.tar.gz` (the embedded database: PGlite's own `dumpDataDir`, a tar of its data
 *   folder);
 * - `uploads/<name>`: the members' profile pictures of UPLOADS_DIR.
 *
 * Restore refuses, with a message saying what to do, a file that is not such a backup or is
 * damaged (a file whose checksum differs), a backup of the other kind of database, one made by a
 * newer shop (a migration this code does not know), a target database that is not empty without
 * `--yes`, and (embedded database) a data folder a running shop holds (ADR 14), or (PostgreSQL) a
 * database other clients are connected to. After it, the restored database's row counts and ledger
 * checksums are compared with the manifest (`compareFacts`); the embedded database is checked before
 * it replaces the old folder (kept beside it as `<DATA_DIR>.before-restore-<time>`).
 *
 * Errors meant for the operator are `BackupError`s (a message, an exit code); anything else is a bug.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import * as tar from 'tar';
import { settingsProblems } from '../../src/server/settings.ts';
import { forgetLockOwner, goneOwnersLock, lockPathOf, lockStaleMs, recordLockOwner, removeDeadLock } from '../../src/server/http/data-dir-lock.ts';

/** The `format` of a backup's manifest, and the manifest version this code writes and reads. */
export const BACKUP_FORMAT = 'xs-storefront-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const DB_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' };
const KIND_NAME = { postgres: 'PostgreSQL', pglite: 'the embedded database (PGlite)' };

/** A refusal or failure to tell the operator as it is (no stack trace): `exitCode` 1 unless said. */
export class BackupError extends Error {
  /** @param {string} message @param {number} [exitCode] */
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'BackupError';
    this.exitCode = exitCode;
  }
}

/** The settings a backup or restore reads, checked as the server checks them (src/server/settings.ts). */
const PLACE_SETTINGS = ['DATABASE_URL', 'DATA_DIR', 'DATA_DIR_LOCK_STALE_MS', 'UPLOADS_DIR', 'BACKUP_DIR', 'MIGRATIONS_DIR'];

/**
 * Where things are, from the environment as the server reads it (src/server/config.ts): DATABASE_URL
 * (PostgreSQL) or DATA_DIR (default .data/pglite), UPLOADS_DIR (default `uploads` beside DATA_DIR),
 * BACKUP_DIR (default `backups` beside DATA_DIR), MIGRATIONS_DIR.
 * @param {NodeJS.ProcessEnv} env
 * @throws BackupError naming a setting of the wrong form
 */
export function backupPlaces(env = process.env) {
  const problems = settingsProblems(Object.fromEntries(PLACE_SETTINGS.map((name) => [name, env[name]])));
  if (problems.length) throw new BackupError(problems.join('\n'));
  const dataDir = path.resolve(env.DATA_DIR || '.data/pglite');
  return {
    kind: env.DATABASE_URL ? 'postgres' : 'pglite',
    databaseUrl: env.DATABASE_URL || '',
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(path.dirname(dataDir), 'uploads')),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(path.dirname(dataDir), 'backups')),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR || 'src/server/xs-api/db/migrations'),
  };
}

// ── What a database holds ─────────────────────────────────────────────────────────────────────────

/**
 * The ledger tables whose content a backup fingerprints, each with its key and the columns that
 * say what happened (money in sen, statuses, points). Timestamps are taken as epoch microseconds and
 * text is ordered byte-wise (COLLATE "C"), so the checksum is the same on any server, time zone or
 * locale. A column the database does not have yet (an older migration level) is left out, and the
 * manifest names the columns used.
 */
export const LEDGERS = {
  orders: { key: 'order_refno', columns: ['order_refno', 'member_code', 'status', 'order_del_type', 'store_code', 'order_amount_sen', 'refunded_sen', 'payment_flag', 'created_at'] },
  payments: { key: 'payment_id', columns: ['payment_id', 'order_refno', 'provider', 'status', 'amount_sen', 'paid_amount_sen', 'refunded_sen', 'flag', 'created_at'] },
  point_transactions: { key: 'transno', columns: ['transno', 'member_code', 'points', 'order_refno', 'kind', 'store_code', 'created_at'] },
};

/** A column as checksummed text: NULL as \N, timestamps as epoch microseconds. @param {string} c @param {string} type */
function columnText(c, type) {
  const value = type.startsWith('timestamp') ? `floor(extract(epoch from "${c}") * 1000000)::bigint::text` : `"${c}"::text`;
  return `coalesce(${value}, '\\N')`;
}

/**
 * @typedef {{ columns: string[], rows: number, md5: string }} LedgerChecksum
 * @typedef {{ migrations: { applied: number, last: string | null }, tables: Record<string, number>, checksums: Record<string, LedgerChecksum> }} DatabaseFacts
 */

/**
 * The checksum of one ledger table: its row count and the MD5 (hex) of its rows' `columns`, joined
 * with '|', one row a line, ordered by the key byte-wise.
 * @param {(text: string) => Promise<Record<string, unknown>[]>} query
 * @param {string} table @param {string[]} columns @param {string} key
 * @returns {Promise<LedgerChecksum>}
 */
export async function ledgerChecksum(query, table, columns, key) {
  const types = Object.fromEntries(
    (await query(`select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = '${table}'`)).map((r) => [r.column_name, String(r.data_type)]),
  );
  const used = columns.filter((c) => c in types);
  if (!used.length) return { columns: [], rows: 0, md5: '' };
  const line = `concat_ws('|', ${used.map((c) => columnText(c, types[c])).join(', ')})`;
  const [row] = await query(`select count(*)::int as rows, md5(coalesce(string_agg(${line}, E'\\n' order by "${key}" collate "C"), '')) as md5 from public."${table}"`);
  return { columns: used, rows: Number(row.rows), md5: String(row.md5) };
}

/**
 * What a database holds, as a manifest records it: the migration level (Drizzle's journal of
 * applied migrations), every table's row count, and the ledger checksums. With `like` (a manifest),
 * the ledgers are checksummed over that manifest's columns, so a restored database is compared
 * like for like.
 * @param {(text: string) => Promise<Record<string, unknown>[]>} query runs one SQL statement, returns its rows
 * @param {string} migrationsDir for the tag of the last migration applied
 * @param {{ checksums?: Record<string, { columns: string[] }> }} [like]
 * @returns {Promise<DatabaseFacts>}
 */
export async function databaseFacts(query, migrationsDir, like) {
  const [journal] = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  /** @type {DatabaseFacts['migrations']} */
  let migrations = { applied: 0, last: null };
  if (journal.t) {
    const [m] = await query('select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations');
    migrations = { applied: Number(m.n), last: migrationTag(migrationsDir, m.last) };
  }
  /** @type {Record<string, number>} */
  const tables = {};
  for (const { tablename } of await query(`select tablename from pg_tables where schemaname = 'public' order by tablename collate "C"`)) {
    const [c] = await query(`select count(*)::int as n from public."${tablename}"`);
    tables[tablename] = Number(c.n);
  }
  /** @type {Record<string, LedgerChecksum>} */
  const checksums = {};
  for (const [table, { key, columns }] of Object.entries(LEDGERS)) {
    if (!(table in tables)) continue;
    checksums[table] = await ledgerChecksum(query, table, like?.checksums?.[table]?.columns ?? columns, key);
  }
  return { migrations, tables, checksums };
}

/** The migrations this code knows, oldest first (Drizzle's journal). @param {string} migrationsDir */
export function knownMigrations(migrationsDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')).entries.map((e) => ({ tag: e.tag, when: String(e.when) }));
  } catch {
    return [];
  }
}

/** The tag of the migration applied at `when` (Drizzle stores the journal's `when`), or null. */
function migrationTag(migrationsDir, when) {
  return knownMigrations(migrationsDir).find((m) => m.when === String(when))?.tag ?? null;
}

/**
 * What differs between a manifest and the facts of a restored database: one line per table whose
 * row count differs (or that is missing) and per ledger whose checksum differs. Empty when they agree.
 * @param {{ tables: Record<string, number>, checksums: Record<string, { rows: number, md5: string }> }} expected
 * @param {{ tables: Record<string, number>, checksums: Record<string, { rows: number, md5: string }> }} actual
 * @returns {string[]}
 */
export function compareFacts(expected, actual) {
  const problems = [];
  for (const [table, n] of Object.entries(expected.tables)) {
    if (actual.tables[table] !== n) problems.push(`${table}: ${n} rows in the backup, ${actual.tables[table] ?? 'no table'} restored`);
  }
  for (const [table, c] of Object.entries(expected.checksums)) {
    const got = actual.checksums[table];
    if (!got || got.md5 !== c.md5) problems.push(`${table}: checksum ${c.md5} in the backup, ${got?.md5 ?? 'none'} restored`);
  }
  return problems;
}

// ── The embedded database ─────────────────────────────────────────────────────────────────────────

/**
 * Takes the data folder's lock as the shop does (src/server/xs-api/db/client.ts; ADR 14), so no shop
 * starts on it meanwhile; a lock left by a dead process of this machine is taken over.
 * @returns {Promise<() => void>} the release function
 * @throws BackupError when a shop (or another process) holds the folder
 */
async function lockDataDir(dataDir, env, doing) {
  const lockPath = lockPathOf(dataDir);
  const stale = lockStaleMs(env);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const take = () => lockfile.lock(dataDir, { lockfilePath: lockPath, realpath: false, stale, update: Math.max(1000, Math.floor(stale / 4)), retries: 0, onCompromised: () => {} });
  try {
    try {
      await take();
    } catch (err) {
      const dead = err.code === 'ELOCKED' ? goneOwnersLock(lockPath) : null;
      if (dead === null || !removeDeadLock(lockPath, dead)) throw err;
      await take();
    }
  } catch (err) {
    if (err.code !== 'ELOCKED') throw err;
    throw new BackupError(
      doing === 'backup'
        ? `A shop is running on the embedded database in ${dataDir} (lock ${lockPath}), and PGlite lets one process at a time open it. ` +
            'Stop the shop, run the backup (it takes seconds), and start the shop again; e.g. from cron: ' +
            '`systemctl stop xs-shop && npm run ops -- backup; systemctl start xs-shop`. On PostgreSQL (DATABASE_URL) backups run while the shop serves.'
        : `A shop is running on the embedded database in ${dataDir} (lock ${lockPath}): stop it before restoring (restore replaces its data), then start it again.`,
    );
  }
  recordLockOwner(lockPath);
  return () => {
    forgetLockOwner(lockPath);
    lockfile.unlockSync(dataDir, { lockfilePath: lockPath, realpath: false });
  };
}

/** Opens PGlite on `dataDir` (loading `loadDataDir`, a dumped tar, into an empty one) with the extensions the migrations create. */
async function openPglite(dataDir, loadDataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });
  return { pg, query: async (text) => (await pg.query(text)).rows };
}

const hasDatabase = (dataDir) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

// ── PostgreSQL ────────────────────────────────────────────────────────────────────────────────────

/**
 * A PostgreSQL client program (pg_dump, pg_restore): its path on PATH, or a BackupError saying how to
 * install it. @param {string} name
 */
function pgTool(name) {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new BackupError(
      `${name} was not found (${probe.error?.code ?? `exit ${probe.status}`}). Backups of PostgreSQL need its client programs, of your server's major version or newer: ` +
        'e.g. `apt-get install postgresql-client-15` (Debian), `apk add postgresql15-client` (Alpine), or run the command on a machine that has them and can reach the database.',
    );
  }
  return { name, version: probe.stdout.trim() };
}

/** libpq's view of DATABASE_URL: the URL without its password, and the password as PGPASSWORD (never on a command line). */
function libpqTarget(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** Runs a PostgreSQL client program; its stderr becomes the BackupError's message on failure. */
function runPgTool(name, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => reject(new BackupError(`${name} could not run: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new BackupError(`${name} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

async function connectPostgres(databaseUrl) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await sql`select 1`;
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw new BackupError(`Cannot connect to PostgreSQL at DATABASE_URL (${err.code ?? err.message}).`);
  }
  return sql;
}

// ── Files ─────────────────────────────────────────────────────────────────────────────────────────

/** Size (bytes) and SHA-256 (hex) of a file. */
async function fileDigest(file) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The stored pictures of UPLOADS_DIR (plain files; a missing folder has none). */
function uploadNames(uploadsDir) {
  try {
    return fs.readdirSync(uploadsDir, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** UTC time as 20261126-203015Z, for file names. */
const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z');

// ── Backup ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Makes a backup of the database and the uploads into `file` (default
 * `<BACKUP_DIR>/xs-<kind>-<UTC time>.tar`), written aside and renamed into place when whole.
 * @param {{ file?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 * @returns {Promise<{ file: string, bytes: number, manifest: object }>}
 * @throws BackupError: the embedded database is in use or missing, pg_dump is missing or fails,
 *   PostgreSQL cannot be reached.
 */
export async function makeBackup({ file, env = process.env, log = () => {} } = {}) {
  const places = backupPlaces(env);
  const target = path.resolve(file || path.join(places.backupDir, `xs-${places.kind}-${stamp()}.tar`));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  try {
    const dbFile = DB_FILE[places.kind];
    let facts;
    let database;
    if (places.kind === 'postgres') {
      const tool = pgTool('pg_dump');
      const sql = await connectPostgres(places.databaseUrl);
      try {
        // The counts and the dump see one snapshot: pg_dump joins this transaction's (--snapshot).
        await sql.begin('isolation level repeatable read read only', async (tx) => {
          const [{ snapshot }] = await tx`select pg_export_snapshot() as snapshot`;
          const [{ server_version: serverVersion }] = await tx`show server_version`;
          facts = await databaseFacts((text) => tx.unsafe(text), places.migrationsDir);
          const { dbname, env: pgEnv } = libpqTarget(places.databaseUrl);
          log(`Dumping PostgreSQL (${tool.version}, server ${serverVersion})…`);
          await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(work, dbFile)}`, `--dbname=${dbname}`], pgEnv);
          database = { server_version: serverVersion, dumped_by: tool.version };
        });
      } finally {
        await sql.end({ timeout: 5 });
      }
    } else {
      const release = await lockDataDir(places.dataDir, env, 'backup');
      try {
        if (!hasDatabase(places.dataDir)) throw new BackupError(`There is no embedded database in ${places.dataDir} (DATA_DIR) to back up.`);
        log(`Dumping the embedded database in ${places.dataDir}…`);
        const { pg, query } = await openPglite(places.dataDir);
        try {
          facts = await databaseFacts(query, places.migrationsDir);
          const [{ version }] = await query('show server_version');
          const dump = await pg.dumpDataDir('gzip');
          fs.writeFileSync(path.join(work, dbFile), Buffer.from(await dump.arrayBuffer()));
          database = { server_version: version, dumped_by: `PGlite ${pgliteVersion()}` };
        } finally {
          await pg.close();
        }
      } finally {
        release();
      }
    }
    const files = { [dbFile]: await fileDigest(path.join(work, dbFile)) };
    const uploads = uploadNames(places.uploadsDir);
    fs.mkdirSync(path.join(work, 'uploads'));
    for (const name of uploads) {
      fs.copyFileSync(path.join(places.uploadsDir, name), path.join(work, 'uploads', name));
      files[`uploads/${name}`] = await fileDigest(path.join(work, 'uploads', name));
    }
    const manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      kind: places.kind,
      created_at: new Date().toISOString(),
      shop_version: shopVersion(),
      database: { file: dbFile, ...database },
      migrations: facts.migrations,
      tables: facts.tables,
      checksums: facts.checksums,
      uploads: { files: uploads.length, bytes: uploads.reduce((s, n) => s + files[`uploads/${n}`].bytes, 0) },
      files,
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = path.join(work, 'backup.tar');
    await tar.create({ file: partial, cwd: work, portable: true }, [MANIFEST, dbFile, 'uploads']);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// ── Restore ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Reads and checks a backup file: extracted into a new folder beside it (the caller removes it),
 * its manifest read and every file's size and SHA-256 checked.
 * @returns {Promise<{ dir: string, manifest: any }>}
 * @throws BackupError when the file is missing, not a backup, of a newer format, or damaged.
 */
export async function openBackup(file) {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-restore-'));
  const notOurs = `${source} is not a backup made by \`npm run ops -- backup\``;
  try {
    try {
      await tar.extract({ file: source, cwd: dir, strict: true, filter: (p) => p === MANIFEST || /^database\.[\w.]+$/.test(p) || /^uploads\/?[^/]*$/.test(p) });
    } catch (err) {
      throw new BackupError(`${notOurs}, or it is damaged (${err.message}).`);
    }
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
    } catch {
      throw new BackupError(`${notOurs} (it has no readable ${MANIFEST}), or it is damaged.`);
    }
    if (manifest?.format !== BACKUP_FORMAT) throw new BackupError(`${notOurs} (its manifest is not one of ours).`);
    if (manifest.version > BACKUP_VERSION) throw new BackupError(`${source} was made by a newer version of the shop (backup format ${manifest.version}; this one reads ${BACKUP_VERSION}): restore it with that version.`);
    if (!DB_FILE[manifest.kind] || manifest.database?.file !== DB_FILE[manifest.kind] || !manifest.files?.[manifest.database.file]) throw new BackupError(`${notOurs} (its manifest names no database).`);
    const strange = Object.keys(manifest.files).find((name) => name !== manifest.database.file && !/^uploads\/\w[\w.-]*$/.test(name));
    if (strange !== undefined) throw new BackupError(`${notOurs} (its manifest names a file "${strange.slice(0, 80)}" no backup has).`);
    for (const [name, want] of Object.entries(manifest.files)) {
      const at = path.join(dir, name);
      const got = fs.existsSync(at) ? await fileDigest(at) : null;
      if (!got) throw new BackupError(`${source} is damaged: ${name}, listed in its manifest, is missing. Use another backup.`);
      if (got.bytes !== want.bytes || got.sha256 !== want.sha256) throw new BackupError(`${source} is damaged: ${name} is not what was backed up (SHA-256 ${got.sha256.slice(0, 12)}…, expected ${String(want.sha256).slice(0, 12)}…). Use another backup.`);
    }
    return { dir, manifest };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Restores a backup into the database and uploads folder the environment names, then checks the
 * restored database against the manifest.
 * @param {{ file: string, yes?: boolean, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 *   `yes`: replace a database that is not empty (without it, such a restore is refused).
 * @returns {Promise<{ manifest: any, facts: any, problems: string[], uploads: { restored: number, kept: number }, aside?: string, pendingMigrations: string[] }>}
 *   `problems` empty when the restored database matches the manifest.
 * @throws BackupError for every refusal named in the module's comment, and when pg_restore fails.
 */
export async function restoreBackup({ file, yes = false, env = process.env, log = () => {} }) {
  const places = backupPlaces(env);
  const { dir, manifest } = await openBackup(file);
  try {
    if (manifest.kind !== places.kind) {
      throw new BackupError(
        `${path.resolve(file)} is a backup of ${KIND_NAME[manifest.kind]}, and this shop is set up for ${KIND_NAME[places.kind]} (${places.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}). ` +
          'Restore it with the settings it was made with; moving between the two kinds is not a restore.',
      );
    }
    const known = knownMigrations(places.migrationsDir);
    if (manifest.migrations.applied > known.length) {
      throw new BackupError(`This backup's database has ${manifest.migrations.applied} migrations applied (the last ${manifest.migrations.last ?? 'unknown'}); this version of the shop knows ${known.length}. Restore it with the version that made it (${manifest.shop_version ?? 'unknown'}) or a newer one.`);
    }
    const pendingMigrations = known.slice(manifest.migrations.applied).map((m) => m.tag);
    const dbFile = path.join(dir, manifest.database.file);
    const result = places.kind === 'postgres' ? await restorePostgres(places, dbFile, manifest, yes, log) : await restorePglite(places, dbFile, manifest, yes, env, log);
    // The pictures only with a database that matches its backup (a mismatch leaves everything as it was on the embedded database).
    const pictures = Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).map((name) => name.slice('uploads/'.length));
    const uploads = result.problems.length ? { restored: 0, kept: uploadNames(places.uploadsDir).length } : restoreUploads(places.uploadsDir, path.join(dir, 'uploads'), pictures);
    return { manifest, ...result, uploads, pendingMigrations };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The refusal of a restore over data without --yes. */
function notEmpty(where, what) {
  return new BackupError(`${where} already holds ${what}: a restore replaces it. Run again with --yes to replace it${where.startsWith('PostgreSQL') ? '' : ' (the current folder is kept beside it)'}.`);
}

async function restorePostgres(places, dbFile, manifest, yes, log) {
  pgTool('pg_restore');
  const sql = await connectPostgres(places.databaseUrl);
  try {
    const [{ db }] = await sql`select current_database() as db`;
    const others = await sql`select coalesce(nullif(application_name, ''), 'unnamed') as app, count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`;
    if (others.length) {
      throw new BackupError(
        `${others.reduce((s, o) => s + o.n, 0)} other connection(s) are open to the database ${db} (${others.map((o) => `${o.app} ×${o.n}`).join(', ')}): stop every shop instance (and close other clients) before restoring, then start them again.`,
      );
    }
    const [{ n }] = await sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`;
    const [journal] = await sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`;
    const applied = journal.t ? (await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n : 0;
    if (applied > manifest.migrations.applied) {
      // pg_restore --clean drops only what the dump has: the newer migrations' tables would stay, and the next start would fail on them.
      throw new BackupError(
        `The database ${db} has ${applied} migrations applied, newer than the backup's ${manifest.migrations.applied}: restoring over it would leave the newer tables behind. ` +
          'Restore into an empty database instead (createdb, then DATABASE_URL naming it), or drop and create this one first.',
      );
    }
    if (n > 0 && !yes) {
      const [orders] = await sql`select to_regclass('public.orders')::text as t`;
      const count = orders.t ? (await sql`select count(*)::int as n from public.orders`)[0].n : 0;
      throw notEmpty(`PostgreSQL database ${db}`, `a database (${n} tables, ${count} orders)`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  const { dbname, env: pgEnv } = libpqTarget(places.databaseUrl);
  log(`Restoring into PostgreSQL (pg_restore, one transaction)…`);
  await runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dbFile], pgEnv);
  const check = await connectPostgres(places.databaseUrl);
  try {
    const facts = await databaseFacts((text) => check.unsafe(text), places.migrationsDir, manifest);
    return { facts, problems: compareFacts(manifest, facts) };
  } finally {
    await check.end({ timeout: 5 });
  }
}

async function restorePglite(places, dbFile, manifest, yes, env, log) {
  const { dataDir } = places;
  const release = await lockDataDir(dataDir, env, 'restore');
  const staging = `${dataDir}.restoring-${process.pid}`;
  try {
    const existing = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
    if (existing && !yes) throw notEmpty(`The data folder ${dataDir}`, hasDatabase(dataDir) ? 'an embedded database' : 'files');
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    log(`Loading the embedded database into ${staging}…`);
    const { pg, query } = await openPglite(staging, new Blob([fs.readFileSync(dbFile)]));
    let facts;
    try {
      facts = await databaseFacts(query, places.migrationsDir, manifest);
    } finally {
      await pg.close();
    }
    const problems = compareFacts(manifest, facts);
    if (problems.length) {
      fs.rmSync(staging, { recursive: true, force: true });
      return { facts, problems };
    }
    let aside;
    if (fs.existsSync(dataDir)) {
      aside = existing ? `${dataDir}.before-restore-${stamp()}` : undefined;
      if (aside) fs.renameSync(dataDir, aside);
      else fs.rmdirSync(dataDir);
    }
    fs.renameSync(staging, dataDir);
    return { facts, problems, aside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/**
 * Puts the backup's pictures (`names`, as its manifest lists them, checked) into UPLOADS_DIR, each
 * written aside and renamed into place. Pictures there that the backup does not have are kept
 * (uploads made after the backup: no restored member names them). @returns the counts restored and kept
 */
function restoreUploads(uploadsDir, from, names) {
  fs.mkdirSync(uploadsDir, { recursive: true });
  for (const name of names) {
    const part = path.join(uploadsDir, `.${name}.restoring`);
    fs.copyFileSync(path.join(from, name), part);
    fs.renameSync(part, path.join(uploadsDir, name));
  }
  const restored = new Set(names);
  return { restored: names.length, kept: uploadNames(uploadsDir).filter((n) => !restored.has(n)).length };
}

// ── Versions ──────────────────────────────────────────────────────────────────────────────────────

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}
const here = path.dirname(new URL(import.meta.url).pathname);
const shopVersion = () => readJson(path.join(here, '..', '..', 'package.json')).version ?? null;
const pgliteVersion = () => readJson(path.join(here, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')).version ?? 'unknown';
