/**
 * A new embedded database is prepared in a short-lived process of its own (ADR 41; ADR 16 "Memory").
 *
 * Preparing one (the build's template loaded, the migrations, the demo data) makes V8 tier up
 * PostgreSQL's WebAssembly and grows PGlite's memory, which never shrinks: done in the server
 * itself, it peaked at about 700 MB and left the server some 55 MB above a server started on an
 * existing database. So `serve.ts`, finding DATA_DIR missing or empty, first starts itself again
 * with `--prepare-database`: that process opens the database as a first request would (it asks its
 * own app for `/readyz`, which opens, migrates and seeds it: src/server/runtime.ts `readyDb`),
 * closes it, releases the data directory's lock and exits; the server then opens a database that
 * is already there. The cost is one more start of PGlite (about a second of CPU) on a shop's first
 * start only.
 */
import { spawn } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * Runs `script` (serve.ts) again on this Node with its flags and PREPARE_DATABASE_ARG, the
 * environment passed on, its output in this process's. A SIGINT or SIGTERM meanwhile stops it too.
 * @returns true when it prepared the database (exit 0), false when it failed, could not start or
 * took longer than PREPARE_TIMEOUT_MS (it is then killed; the caller prepares the database itself).
 */
export function prepareDatabaseApart(script: string, timeoutMs: number = PREPARE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script, PREPARE_DATABASE_ARG], { stdio: ['ignore', 'inherit', 'inherit'] });
    const pass = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', pass).on('SIGTERM', pass);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      process.off('SIGINT', pass).off('SIGTERM', pass);
      resolve(ok);
    };
    child.once('error', () => done(false));
    child.once('exit', (code) => done(code === 0));
  });
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
