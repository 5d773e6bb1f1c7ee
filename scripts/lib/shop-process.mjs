/**
 * The built shop as a process of its own, for the measuring scripts (npm run bench, npm run budgets,
 * scripts/lib/load-mix.mjs, scripts/render-cost.mjs): started on a fresh database, and that
 * process's CPU time and memory read from /proc (Linux).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * API key of the measured shop, which the measuring scripts call its API with: XS_API_KEY when set
 * (and not the public development key), else a key of these scripts' own. The shop runs as in
 * production (NODE_ENV=production: React's production build, answers not re-checked against the
 * contract), which refuses the public key 'xs-local-dev-key' (src/server/settings.ts DEV_API_KEY; not
 * imported: this module is loaded before the project's Node is sure to run).
 */
export const API_KEY = process.env.XS_API_KEY && process.env.XS_API_KEY !== 'xs-local-dev-key' ? process.env.XS_API_KEY : 'measuring-api-key-0123456789abcdef';
/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the server (scripts/serve.mjs) on 127.0.0.1:`port` and waits until the home page answers (the first
 * start migrates and seeds the database). Uploads, pictures and the embedded database live in a
 * throwaway folder, removed by `stop`; 127.0.0.1 is exempt from the per-IP limits (one client
 * sending thousands of requests a minute is the measurer, not an abuser); the Node flags and glibc
 * malloc settings are those `npm start` and the container image use (src/server/http/server-memory.ts).
 * @param {{ port: number, databaseUrl?: string, env?: Record<string, string>, nodeArgs?: string[] }} options
 *   without databaseUrl: a new embedded database; env: more settings for the server (they win);
 *   nodeArgs: Node flags before the script, e.g. ['--cpu-prof']
 * @returns {Promise<{ base: string, pid: number, stop: () => Promise<void>, startMs: number, log: () => string }>}
 *   startMs: from spawn to the first answered page (ms); log: the end of the server's output
 * @throws Error with the end of the server's log when it exits or does not answer within 5 minutes
 */
export async function startShopProcess({ port, databaseUrl, env: extra = {}, nodeArgs = [] }) {
  const { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } = await import('../../src/server/http/server-memory.ts');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-shop-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'pglite'),
    UPLOADS_DIR: path.join(tmp, 'uploads'),
    SESSION_SECRET: 'measuring-session-secret-0123456789abcdef',
    RATE_LIMIT_EXEMPT_IPS: '127.0.0.1',
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl ?? '',
    NODE_ENV: 'production',
    XS_API_KEY: API_KEY,
    ...SERVER_MALLOC_ENV,
    ...extra,
  };
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(root, 'scripts/serve.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk) => (log = (log + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const gone = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      // The grace timer is cleared once the shop has gone: a pending timer would keep this
      // process (a build, the budgets) alive for the full 15 s after its work is done.
      let grace;
      await Promise.race([gone, new Promise((r) => (grace = setTimeout(r, 15_000)))]);
      clearTimeout(grace);
      if (!exited) child.kill('SIGKILL');
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('exit', () => {
    if (!exited) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000 && !exited; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok && (await fetch(base).then((r) => r.ok, () => false))) return { base, pid: child.pid, stop, startMs: performance.now() - started, log: () => log };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The shop did not start on ${base}:\n${log}`);
}

const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time a process has used so far, user + system (fields 14 and 15 of /proc/<pid>/stat), in ms.
 * Resolution: one clock tick (10 ms on Linux), so measure many requests at once.
 */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** Resident memory of a process now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Waits until the process is quiet: CPU under `idleMsPerS` ms in each of `windows` consecutive
 * one-second windows (its start-up work, such as the pictures' background warm-up, is done), so
 * that a measurement that follows reads the work it asked for and nothing else.
 * @param {number} pid
 * @param {{ idleMsPerS?: number, windows?: number, maxMs?: number }} [options] defaults: 30 ms a
 *   second, 3 windows, at most 15 minutes
 * @returns {Promise<{ quiet: boolean, ms: number }>} quiet: false when `maxMs` passed first; ms: the wait
 */
export async function waitUntilQuiet(pid, { idleMsPerS = 30, windows = 3, maxMs = 15 * 60_000 } = {}) {
  const started = performance.now();
  let calm = 0;
  while (performance.now() - started < maxMs) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    calm = cpuMs(pid) - before < idleMsPerS ? calm + 1 : 0;
    if (calm >= windows) return { quiet: true, ms: performance.now() - started };
  }
  return { quiet: false, ms: performance.now() - started };
}

/** A TCP port nobody listens on now (127.0.0.1). @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
