/**
 * A new embedded database is prepared in a short-lived process of its own (ADR 41; ADR 16 "Memory").
 *
 * Preparing one (the build's template loaded, the migrations, the demo data) makes V8 tier up
 * PostgreSQL's WebAssembly and grows PGlite's memory, which never shrinks: done in the server
 * itself, it peaked at about 700 MB and left the server some 55 MB above a server started on an
 * existing database. So `serve.ts`, finding DATA_DIR missing or empty, first starts itself again
 * with `--prepare-database` and DATA_DIR set to a folder beside it (`<DATA_DIR>.preparing-<pid>`):
 * that process opens the database as a first request would (it asks its own app for `/readyz`,
 * which opens, migrates and seeds it: src/server/runtime.ts `readyDb`), closes it, releases its
 * lock and exits; the folder is then renamed to DATA_DIR, and the server opens a database that is
 * already there. A preparation cut short (a stop, a crash) leaves only that side folder, removed by
 * a later start, never a half-made DATA_DIR. The cost is one more start of PGlite (about a second of
 * CPU) on a shop's first start only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Env } from '../settings.ts';
import { goneOwnersLock, lockPathOf } from './data-dir-lock.ts';
import { isEmptyDir } from '../xs-api/db/pglite-template.ts';

/** The argument that makes serve.ts prepare the database and exit instead of serving. */
export const PREPARE_DATABASE_ARG = '--prepare-database';

/** How long the preparing process may take (ms) before the server gives up on it and prepares the database itself. */
export const PREPARE_TIMEOUT_MS = 300_000;

/**
 * True when the server would start a new embedded database: the API bundled (no XS_API_URL), no
 * DATABASE_URL, and DATA_DIR (a path on disk) missing or empty.
 */
export function needsNewEmbeddedDatabase(settings: { xsApiUrl: string; databaseUrl: string; dataDir: string }): boolean {
  return !settings.xsApiUrl && !settings.databaseUrl && !settings.dataDir.startsWith('memory://') && isEmptyDir(settings.dataDir);
}

/** How the preparing process ended: it prepared the database, it failed (or outlasted the timeout), or it was stopped by a signal to this process. */
export type PrepareOutcome = 'prepared' | 'failed' | 'stopped';

/** What a preparation of `dataDir` by process `pid` is made in: a folder beside it (its lock folder beside that in turn). */
export function preparingDirOf(dataDir: string, pid: number = process.pid): string {
  return `${path.resolve(dataDir)}.preparing-${pid}`;
}

/**
 * Removes what preparations of `dataDir` cut short left beside it: each `<dataDir>.preparing-<pid>`
 * folder with its lock, when the lock's holder is gone for certain (this machine and PID namespace,
 * that process no longer running: ./data-dir-lock.ts `goneOwnersLock`) or when it is older than
 * `olderThanMs` by modification time (real time, as the file system keeps it; a preparation running
 * in another container on a shared volume is younger than its timeout).
 * @returns the folders removed (names)
 */
export function removeLeftPreparations(dataDir: string, olderThanMs: number = PREPARE_TIMEOUT_MS, now: number = realTimeMs()): string[] {
  const at = path.resolve(dataDir);
  const prefix = `${path.basename(at)}.preparing-`;
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(at)).filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const full = path.join(path.dirname(at), name);
    try {
      const holderGone = goneOwnersLock(lockPathOf(full)) !== null;
      if (!holderGone && now - fs.statSync(full).mtimeMs < olderThanMs) continue;
      for (const left of leftovers(full)) fs.rmSync(left, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove: left as it is.
    }
  }
  return removed;
}

/**
 * The machine's real time (ms since 1970), compared with file modification times. Not the shop's
 * clock (src/server/clock.ts), which tests may set to another day while the files keep real times.
 */
function realTimeMs(): number {
  return performance.timeOrigin + performance.now();
}

/** A preparing folder and what its lock leaves beside it. */
function leftovers(preparing: string): string[] {
  const lock = lockPathOf(preparing);
  return [preparing, lock, `${lock}.owner.json`];
}

/**
 * Prepares a new database for `dataDir` in another process: `script` (serve.ts) run again on this
 * Node with its flags, PREPARE_DATABASE_ARG and `env` with DATA_DIR set to `preparingDirOf(dataDir)`,
 * its output in this process's; once it exits 0, that folder becomes `dataDir` (an empty `dataDir`
 * is replaced; when another process filled it meanwhile, ours is removed and theirs kept). A SIGINT
 * or SIGTERM to this process meanwhile is passed on to it, and the outcome is then 'stopped' (the
 * caller stops too, rather than serve). A preparation that did not end in `dataDir` is removed.
 * @returns 'prepared'; 'failed' when it failed, could not start or took longer than `timeoutMs`
 * (PREPARE_TIMEOUT_MS; it is then killed, and the caller prepares the database itself); 'stopped'.
 */
export async function prepareDatabaseApart(script: string, dataDir: string, env: Env, timeoutMs: number = PREPARE_TIMEOUT_MS): Promise<PrepareOutcome> {
  const preparing = preparingDirOf(dataDir);
  const outcome = await new Promise<PrepareOutcome>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script, PREPARE_DATABASE_ARG], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, DATA_DIR: preparing } });
    let stopped = false;
    const pass = (signal: NodeJS.Signals) => {
      stopped = true;
      child.kill(signal);
    };
    process.on('SIGINT', pass).on('SIGTERM', pass);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const done = (ended: PrepareOutcome) => {
      clearTimeout(timer);
      process.off('SIGINT', pass).off('SIGTERM', pass);
      resolve(stopped ? 'stopped' : ended);
    };
    child.once('error', () => done('failed'));
    child.once('exit', (code) => done(code === 0 ? 'prepared' : 'failed'));
  });
  let result = outcome;
  try {
    if (outcome === 'prepared') moveInto(preparing, path.resolve(dataDir));
  } catch {
    result = 'failed';
  }
  for (const left of leftovers(preparing)) fs.rmSync(left, { recursive: true, force: true });
  return result;
}

/** Renames the prepared folder to `dataDir`, replacing an empty one; keeps `dataDir` when another process filled it meanwhile. */
function moveInto(prepared: string, dataDir: string): void {
  try {
    fs.rmdirSync(dataDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Missing is what is expected; not empty: another process prepared it first.
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return;
    if (code !== 'ENOENT') throw err;
  }
  try {
    fs.renameSync(prepared, dataDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
  }
}

/** What `prepareNewDatabase` logs through (the server's pino logger fits). */
export interface PrepareLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
}

/**
 * The server's side of a preparation, with its log lines: removes what earlier preparations cut
 * short left (`removeLeftPreparations`), then runs `prepareDatabaseApart`. When it failed, the app
 * prepares the database on its first request, as without a preparing process.
 * @returns the outcome; on 'stopped' the caller ends without serving
 */
export async function prepareNewDatabase(script: string, dataDir: string, env: Env, log: PrepareLog): Promise<PrepareOutcome> {
  const began = performance.now();
  const removed = removeLeftPreparations(dataDir);
  if (removed.length > 0) log.info({ event: 'database', removed }, 'removed what earlier preparations cut short left');
  log.info({ event: 'database', dataDir }, 'preparing a new embedded database in a process of its own');
  const outcome = await prepareDatabaseApart(script, dataDir, env);
  if (outcome === 'prepared') log.info({ event: 'database', ms: Math.round(performance.now() - began) }, 'new embedded database prepared');
  else if (outcome === 'failed') log.warn({ event: 'database', dataDir }, 'the process preparing the new database failed (see its lines above); this server prepares it itself');
  else log.info({ event: 'database' }, 'stopped while preparing a new embedded database');
  return outcome;
}

/**
 * The preparing process's work: the app (`handler`) answers `/readyz` on a loopback port of its
 * own; the first asks open, migrate and seed the database (src/server/runtime.ts `readyDb`), and
 * while that takes longer than the readiness check's own timeout it is asked again. Then the
 * app's closers run (`closers()`, read once the app has registered them: PGlite closed, the data
 * directory's lock released).
 * @returns true when the app reported its database ready ('database' 'ok' in the answer; Redis,
 * which this process does not need, may be down); false when it reported it unreachable.
 */
export async function prepareDatabaseHere(handler: (req: IncomingMessage, res: ServerResponse) => void, closers: () => Iterable<() => Promise<unknown>>): Promise<boolean> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
      const { database } = (await answer.json().catch(() => ({}))) as { database?: string };
      if (database !== 'timeout') return database === 'ok';
    }
  } finally {
    server.close();
    server.closeAllConnections();
    await Promise.allSettled([...closers()].map((close) => close()));
  }
}
